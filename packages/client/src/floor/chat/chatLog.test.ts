import type { ChatMessage } from "@casino/protocol/schemas/chat";
import { describe, expect, it } from "vitest";
import { appendMessages, formatChatTime, isBanCode, SHOWN_MESSAGES } from "./chatLog.ts";

const message = (i: number): ChatMessage => ({
  id: `m${i}`,
  channel: "casino",
  username: "cosmic_abcdefgh",
  text: `text ${i}`,
  at: i,
});

describe("the chat log", () => {
  it("appends in order, skips messages it already shows, and keeps the latest only", () => {
    const shown = appendMessages([message(1)], [message(1), message(2)]);
    expect(shown.map((m) => m.id)).toEqual(["m1", "m2"]);
    const many = appendMessages(
      shown,
      Array.from({ length: SHOWN_MESSAGES + 5 }, (_, i) => message(i + 3)),
    );
    expect(many).toHaveLength(SHOWN_MESSAGES);
    expect(many.at(-1)?.id).toBe(`m${SHOWN_MESSAGES + 7}`);
  });

  it("shows hours and minutes, and knows a ban by its codes", () => {
    expect(formatChatTime(new Date(2026, 0, 1, 9, 5).getTime())).toBe("09:05");
    expect(isBanCode(4403)).toBe(true);
    expect(isBanCode(403)).toBe(true);
    expect(isBanCode(4000)).toBe(false);
  });
});
