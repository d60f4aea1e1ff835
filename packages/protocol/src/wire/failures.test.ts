import { describe, expect, it } from "vitest";
import { failure, isFailureCode, isGameFailureCode, messageOf, statusOf } from "./failures.ts";

describe("failure catalogue", () => {
  it("gives each code its status and text, unless a more precise text is given", () => {
    expect(failure("auth/no_session")).toEqual({
      ok: false,
      status: 401,
      code: "auth/no_session",
      message: "Connect a wallet first",
    });
    expect(failure("poker/table_full", "Seat 3 is taken").message).toBe("Seat 3 is taken");
    expect(statusOf("protocol/version_mismatch")).toBe(426);
    expect(messageOf("poker/insufficient_balance")).toBe("Insufficient balance!");
  });

  it("knows its own codes only", () => {
    expect(isFailureCode("http/not_found")).toBe(true);
    expect(isFailureCode("toString")).toBe(false);
    expect(isFailureCode("poker/nope")).toBe(false);
  });

  it.each([
    ["round/already_open", true],
    ["casino/maintenance", true],
    ["hilo/no_streak", true],
    ["poker/insufficient_balance", false],
    ["chat/muted", false],
    ["limits/daily_loss", false],
  ])("tells whether %s is a single-player game's code: %s", (code, isGame) => {
    expect(isGameFailureCode(code)).toBe(isGame);
  });
});
