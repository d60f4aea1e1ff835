import { describe, expect, expectTypeOf, it } from "vitest";
import type { BlackjackError } from "../games/blackjack/blackjack.ts";
import type { HiloError } from "../games/hilo/hilo.ts";
import { TABLE_ERROR_MESSAGES, type TableErrorCode } from "../poker/engine/errors.ts";
import { tournamentFailure } from "../poker/tournament/failures.ts";
import {
  FAILURE_CODES,
  type FailureCode,
  failure,
  failureFromCode,
  isFailureCode,
  isGameFailureCode,
  messageOf,
  statusOf,
} from "./failures.ts";

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
    expect(messageOf("bet/insufficient_balance")).toBe("Insufficient balance!");
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

  it("gives every code its own text, so a text tells its code", () => {
    const byText = new Map<string, string[]>();
    for (const code of FAILURE_CODES)
      byText.set(messageOf(code), [...(byText.get(messageOf(code)) ?? []), code]);
    const shared = [...byText.values()].filter((codes) => codes.length > 1);
    expect(shared).toEqual([]);
    expect(FAILURE_CODES.length).toBeGreaterThan(100);
  });

  it("keeps the texts SPEC.md section 8 prints", () => {
    expect(messageOf("bet/insufficient_balance")).toBe("Insufficient balance!");
    expect(messageOf("slots/insufficient_for_bonus")).toBe("Insufficient balance for bonus!");
    expect(messageOf("plinko/too_many_balls")).toBe("Maximum 5 balls allowed!");
    expect(messageOf("operator/bad_password")).toBe("Access Denied - Incorrect Password");
    expect(messageOf("deposit/invalid_amount")).toBe("Please enter a valid deposit amount");
    expect(messageOf("withdraw/invalid_amount")).toBe("Please enter a valid withdrawal amount");
    expect(messageOf("withdraw/insufficient_balance")).toBe("You don't have enough AMINA tokens to withdraw");
    expect(messageOf("seed/invalid_client_seed")).toBe("Please enter a client seed");
  });

  it("holds the poker engine's, the tournaments', the rules' and the limits' refusals", () => {
    expectTypeOf<TableErrorCode>().toExtend<FailureCode>();
    expectTypeOf<BlackjackError>().toExtend<FailureCode>();
    expectTypeOf<HiloError>().toExtend<FailureCode>();
    for (const [code, text] of Object.entries(TABLE_ERROR_MESSAGES))
      expect(messageOf(code as FailureCode)).toBe(text);
    expect(statusOf("poker/below_min_raise")).toBe(400);
    expect(statusOf("poker/not_your_turn")).toBe(409);
    expect(tournamentFailure("tournament/full")).toEqual(failure("tournament/full"));
    expect(statusOf("limits/self_excluded")).toBe(403);
  });

  it("reads another layer's refusal code: catalogue text, a limit's own text, an unknown code as internal", () => {
    expect(failureFromCode("hilo/no_streak", "hilo/no_streak")).toEqual(failure("hilo/no_streak"));
    expect(failureFromCode("limits/cooling_off", "You are on a cool-off until noon")).toEqual(
      failure("limits/cooling_off", "You are on a cool-off until noon"),
    );
    expect(failureFromCode("dice/bad_bet", "Pick a bet")).toEqual(failure("http/internal"));
  });
});
