/**
 * The casino chat's wire contract: the `chat` room (one per channel: "casino" for the whole floor,
 * "table:<tableId>" for a poker table), its messages, its limits, its refusals (the chat/ codes of
 * the failure catalogue), the text rule every message goes through, and the operator's moderation
 * bodies. Server and client read the same constants, so the input's counter and the server's
 * refusal agree.
 */
import { z } from "zod";
import { type ChatFailureCode, type Failure, failure } from "../wire/failures.ts";
import { hasVisibleGlyph } from "./chat-text.ts";

export { cleanChatText, hasVisibleGlyph, MAX_MARKS_PER_CHARACTER } from "./chat-text.ts";

/** Name the chat room is registered under (filtered by `channel`). */
export const CHAT_ROOM = "chat";
/** The casino-wide channel. */
export const CASINO_CHANNEL = "casino";
/** The prefix of a poker table's channel ("table:<tableId>"). */
export const TABLE_CHANNEL_PREFIX = "table:";

/** The chat's limits (the rate is per player, across every channel and process). */
export const CHAT_LIMITS = {
  /** Characters of a message after cleaning. */
  maxLength: 200,
  /** Messages sent to a client when it joins a channel. */
  historySize: 50,
  /** Messages a player may post per window... */
  ratePerWindow: 5,
  /** ...of this many milliseconds. */
  rateWindowMs: 10_000,
  /** How long a message is kept (then it is deleted, and never shown again). */
  retentionMs: 24 * 60 * 60 * 1000,
  /** Longest text accepted on the wire at all; anything longer is malformed. */
  wireMaxLength: 2000,
  /** Longest operator mute, in minutes (30 days). */
  maxMuteMinutes: 30 * 24 * 60,
} as const;

/** Close code of a chat client the operator banned while it was connected. */
export const CHAT_BANNED_CLOSE_CODE = 4403;
/** Error code of a banned player's join (a matchmaking refusal travels as an HTTP status). */
export const CHAT_BANNED_JOIN_CODE = 403;

/** A channel name: the casino's, or a poker table's. */
export const chatChannelSchema = z.union([
  z.literal(CASINO_CHANNEL),
  z.string().regex(/^table:[A-Za-z0-9_-]{1,64}$/, "a table channel is table:<tableId>"),
]);

/** The channel of a poker table. */
export function tableChannelOf(tableId: string): string {
  return `${TABLE_CHANNEL_PREFIX}${tableId}`;
}

/** The table id of a table channel, or null for the casino channel. */
export function tableIdOfChannel(channel: string): string | null {
  return channel.startsWith(TABLE_CHANNEL_PREFIX) ? channel.slice(TABLE_CHANNEL_PREFIX.length) : null;
}

/** The options a client joins the chat room with (other options, like the protocol version, pass). */
export const chatJoinOptionsSchema = z.looseObject({ channel: chatChannelSchema });

/** The one message a client sends: "post" {text}. Limits beyond the wire size are refusals, not malformation. */
export const chatPostSchema = z.strictObject({ text: z.string().max(CHAT_LIMITS.wireMaxLength) });

/** A message as every reader of its channel receives it ("message"), and as history holds it. */
export const chatMessageSchema = z.object({
  id: z.string(),
  channel: z.string(),
  /** The player's `cosmic_...` username (never the wallet). */
  username: z.string(),
  /** Plain text: cleaned, profanity masked; clients render it as text, never as HTML or links. */
  text: z.string(),
  /** Epoch ms. */
  at: z.number(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** What a client receives once it joined ("history"): the channel's latest messages, oldest first. */
export const chatHistorySchema = z.object({ channel: z.string(), messages: z.array(chatMessageSchema) });
export type ChatHistory = z.infer<typeof chatHistorySchema>;

/** A chat refusal as a value (a room's "error" body, or a REST failure). */
export interface ChatFailure extends Failure {
  code: ChatFailureCode;
  /** For chat/muted: when the mute ends (epoch ms). */
  until?: number;
}

/** The refusal of a code, with its catalogue text unless a more precise one is given. */
export function chatFailure(code: ChatFailureCode, message?: string): ChatFailure {
  return failure(code, message);
}

/** "You are muted until ...": the refusal of a muted player, with the end of the mute in UTC. */
export function mutedFailure(until: number): ChatFailure {
  const when = new Date(until).toISOString().slice(0, 16).replace("T", " ");
  return { ...chatFailure("chat/muted", `You are muted until ${when} UTC`), until };
}

/** Checks a cleaned text against the length rules: the failure, or null when it may be posted. */
export function checkChatText(text: string): ChatFailure | null {
  if (!hasVisibleGlyph(text)) return chatFailure("chat/empty");
  if ([...text].length > CHAT_LIMITS.maxLength) return chatFailure("chat/too_long");
  return null;
}

/** A player as the operator names one: by user id, never by a name somebody else could copy. */
const sanctionedUserId = z.string().min(1).max(64);

/** Operator: mute a player for some minutes. */
export const chatMuteBodySchema = z.strictObject({
  userId: sanctionedUserId,
  minutes: z.number().int().min(1).max(CHAT_LIMITS.maxMuteMinutes),
});
/** Operator: ban a player from the chat (until lifted), or lift every sanction. */
export const chatUserBodySchema = z.strictObject({ userId: sanctionedUserId });

/** A player's sanction as the operator sees it: the user id it acts on and the name shown. */
export const chatSanctionSchema = z.object({
  userId: z.string(),
  username: z.string(),
  mutedUntil: z.number().nullable(),
  banned: z.boolean(),
  updatedAt: z.number(),
});
export type ChatSanction = z.infer<typeof chatSanctionSchema>;

/** A message as the operator sees it: with the user id of its author, which sanctions act on. */
export const chatModeratedMessageSchema = chatMessageSchema.extend({ userId: z.string() });
export type ChatModeratedMessage = z.infer<typeof chatModeratedMessageSchema>;

/** GET /api/security/chat: the latest messages of a channel (with author ids) and the sanctions in force. */
export const chatModerationSchema = z.object({
  channel: z.string(),
  messages: z.array(chatModeratedMessageSchema),
  sanctions: z.array(chatSanctionSchema),
});
export type ChatModeration = z.infer<typeof chatModerationSchema>;
