import { describe, expect, it } from "vitest";
import { messageOf } from "../wire/failures.ts";
import {
  CHAT_LIMITS,
  chatChannelSchema,
  chatPostSchema,
  checkChatText,
  cleanChatText,
  mutedFailure,
  tableChannelOf,
  tableIdOfChannel,
} from "./chat.ts";

describe("chat text rules", () => {
  it.each([
    ["  a\u0000b\u0007\u202ec\u200b  \n\t d  ", "abc d"],
    ["<b>bold</b> https://x.test", "<b>bold</b> https://x.test"],
  ])("cleans %j to %j: control, direction and zero-width characters go and spaces fold", (raw, cleaned) => {
    expect(cleanChatText(raw)).toBe(cleaned);
  });

  it("refuses empty text and text over the limit, counting characters, not UTF-16 units", () => {
    expect(checkChatText("")?.code).toBe("chat/empty");
    expect(checkChatText("x".repeat(CHAT_LIMITS.maxLength))).toBeNull();
    expect(checkChatText("🚀".repeat(CHAT_LIMITS.maxLength))).toBeNull();
    expect(checkChatText("x".repeat(CHAT_LIMITS.maxLength + 1))?.code).toBe("chat/too_long");
    expect(messageOf("chat/too_long")).toBe(`Messages are at most ${CHAT_LIMITS.maxLength} characters`);
  });

  it("says until when a player is muted, in UTC", () => {
    const refusal = mutedFailure(Date.UTC(2026, 10, 3, 14, 5, 30));
    expect(refusal).toMatchObject({
      code: "chat/muted",
      message: "You are muted until 2026-11-03 14:05 UTC",
    });
  });
});

describe("chat channels and posts", () => {
  it("names a poker table's channel and reads the table back", () => {
    expect(chatChannelSchema.safeParse("casino").success).toBe(true);
    expect(chatChannelSchema.safeParse(tableChannelOf("house-alpha")).success).toBe(true);
    expect(tableIdOfChannel("table:house-alpha")).toBe("house-alpha");
    expect(tableIdOfChannel("casino")).toBeNull();
  });

  it.each(["lobby", "table:", "table:a b", `table:${"x".repeat(65)}`])("refuses the channel %j", (bad) => {
    expect(chatChannelSchema.safeParse(bad).success).toBe(false);
  });

  it("accepts a post with a text only", () => {
    expect(chatPostSchema.safeParse({ text: "hi" }).success).toBe(true);
  });

  it.each([{}, { text: 1 }, { text: "hi", extra: 1 }, "hi", { text: "x".repeat(2001) }])(
    "refuses the post %j",
    (bad) => {
      expect(chatPostSchema.safeParse(bad).success).toBe(false);
    },
  );
});
