/**
 * The operator's chat moderation under /api/security/chat (registered behind the operator login):
 *   GET  /?channel=casino           the channel's latest messages and the sanctions in force
 *   POST /mute {userId, minutes}  mute for a while ("You are muted until ..." on every post)
 *   POST /ban {userId}            ban until lifted: joins refused, open connections closed
 *   POST /lift {userId}           lift the mute and the ban
 * Sanctions name the player by user id: a name can be copied (by a look-alike), an id cannot.
 */
import {
  CASINO_CHANNEL,
  type ChatFailure,
  type ChatSanction,
  chatChannelSchema,
  chatMuteBodySchema,
  chatUserBodySchema,
} from "@casino/protocol/schemas/chat";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppServices } from "../../app-services.ts";
import { describeIssue } from "../../replies.ts";
import { failure } from "../failures.ts";
import { sendFailure } from "../respond.ts";

/** Answers a sanction, or its refusal with its status. */
function answerSanction(reply: FastifyReply, outcome: ChatSanction | ChatFailure): FastifyReply {
  if ("ok" in outcome) return sendFailure(reply, outcome);
  return reply.send(outcome);
}

/** Registers the chat moderation routes (behind the operator's token check). */
export function registerChatModerationRoutes(scope: FastifyInstance, services: AppServices): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const chat = services.chat;

  app.get<{ Querystring: { channel?: unknown } }>(
    "/",
    { schema: { summary: "A chat channel's latest messages and sanctions" } },
    async (request, reply) => {
      const channel = chatChannelSchema.safeParse(request.query.channel ?? CASINO_CHANNEL);
      if (!channel.success) return sendFailure(reply, failure("input/invalid", describeIssue(channel.error)));
      return chat.moderation(channel.data);
    },
  );

  app.post(
    "/mute",
    { schema: { summary: "Mute a player", body: chatMuteBodySchema } },
    async (request, reply) =>
      answerSanction(reply, await chat.mute(request.body.userId, request.body.minutes)),
  );

  app.post(
    "/ban",
    { schema: { summary: "Ban a player", body: chatUserBodySchema } },
    async (request, reply) => answerSanction(reply, await chat.ban(request.body.userId)),
  );

  app.post(
    "/lift",
    { schema: { summary: "Lift a player's mute and ban", body: chatUserBodySchema } },
    async (request, reply) => answerSanction(reply, await chat.lift(request.body.userId)),
  );
}
