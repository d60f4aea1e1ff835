/**
 * The operator's chat moderation under /api/security/chat (mounted behind the operator login):
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
import express, { type Response, type Router } from "express";
import type { AppServices } from "../../app-services.ts";
import { failure } from "../../http/failures.ts";
import { sendFailure } from "../../http/respond.ts";
import { parseBody } from "../../http/validate.ts";
import { describeIssue } from "../../replies.ts";

/** Answers a sanction, or its refusal with its status. */
function answerSanction(res: Response, outcome: ChatSanction | ChatFailure): void {
  if ("ok" in outcome) sendFailure(res, outcome);
  else res.json(outcome);
}

/** Builds the chat moderation router (mount it after requireOperator). */
export function createChatOperatorRoutes(services: AppServices): Router {
  const router = express.Router();
  const chat = services.chat;

  router.get("/", async (req, res) => {
    const channel = chatChannelSchema.safeParse(req.query.channel ?? CASINO_CHANNEL);
    if (!channel.success) return sendFailure(res, failure("input/invalid", describeIssue(channel.error)));
    res.json(await chat.moderation(channel.data));
  });

  router.post("/mute", async (req, res) => {
    const body = parseBody(services, chatMuteBodySchema, req, res);
    if (body) answerSanction(res, await chat.mute(body.userId, body.minutes));
  });

  router.post("/ban", async (req, res) => {
    const body = parseBody(services, chatUserBodySchema, req, res);
    if (body) answerSanction(res, await chat.ban(body.userId));
  });

  router.post("/lift", async (req, res) => {
    const body = parseBody(services, chatUserBodySchema, req, res);
    if (body) answerSanction(res, await chat.lift(body.userId));
  });

  return router;
}
