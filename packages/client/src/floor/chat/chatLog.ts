/**
 * The chat panel's pure rules: how the shown messages grow (history replaced, new ones appended,
 * duplicates skipped, at most SHOWN_MESSAGES kept), how a time reads, and what a join refusal or
 * close says to the player.
 */
import {
  CHAT_BANNED_CLOSE_CODE,
  CHAT_BANNED_JOIN_CODE,
  type ChatMessage,
  chatFailure,
} from "@casino/protocol/schemas/chat";

/** Messages the panel keeps on screen. */
export const SHOWN_MESSAGES = 100;

/** The shown list with `incoming` added in order, without duplicates, capped at SHOWN_MESSAGES. */
export function appendMessages(
  shown: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  const seen = new Set(shown.map((m) => m.id));
  const next = [...shown];
  for (const message of incoming) {
    if (seen.has(message.id)) continue;
    seen.add(message.id);
    next.push(message);
  }
  return next.length > SHOWN_MESSAGES ? next.slice(next.length - SHOWN_MESSAGES) : next;
}

/** A message's time as the panel shows it (local hours and minutes). */
export function formatChatTime(at: number): string {
  const date = new Date(at);
  return `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
}

/** Whether a close or join-refusal code means the operator banned this player from the chat. */
export function isBanCode(code: unknown): boolean {
  return code === CHAT_BANNED_CLOSE_CODE || code === CHAT_BANNED_JOIN_CODE;
}

/** The text of a ban. */
export const BANNED_TEXT = chatFailure("chat/banned").message;
