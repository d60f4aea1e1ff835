import { describe, expect, it } from "vitest";
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
  it("strips control, direction and zero-width characters and folds spaces", () => {
    expect(cleanChatText("  a\u0000b\u0007\u202ec\u200b  \n\t d  ")).toBe("abc d");
    expect(cleanChatText("<b>bold</b> https://x.test")).toBe("<b>bold</b> https://x.test");
  });

  it("refuses empty text and text over the limit, counting characters, not UTF-16 units", () => {
    expect(checkChatText("")?.code).toBe("chat/empty");
    expect(checkChatText("x".repeat(CHAT_LIMITS.maxLength))).toBeNull();
    expect(checkChatText("🚀".repeat(CHAT_LIMITS.maxLength))).toBeNull();
    expect(checkChatText("x".repeat(CHAT_LIMITS.maxLength + 1))?.code).toBe("chat/too_long");
  });

  it("says until when a player is muted, in UTC", () => {
    const refusal = mutedFailure(Date.UTC(2026, 10, 3, 14, 5, 30));
    expect(refusal).toMatchObject({
      code: "chat/muted",
      message: "You are muted until 2026-11-03 14:05 UTC",
    });
  });

  it("accepts the casino and table channels only, and posts with a text only", () => {
    expect(chatChannelSchema.safeParse("casino").success).toBe(true);
    expect(chatChannelSchema.safeParse(tableChannelOf("house-alpha")).success).toBe(true);
    expect(tableIdOfChannel("table:house-alpha")).toBe("house-alpha");
    expect(tableIdOfChannel("casino")).toBeNull();
    for (const bad of ["lobby", "table:", "table:a b", `table:${"x".repeat(65)}`])
      expect(chatChannelSchema.safeParse(bad).success).toBe(false);
    expect(chatPostSchema.safeParse({ text: "hi" }).success).toBe(true);
    for (const bad of [{}, { text: 1 }, { text: "hi", extra: 1 }, "hi", { text: "x".repeat(2001) }])
      expect(chatPostSchema.safeParse(bad).success).toBe(false);
  });
});
