import { describe, expect, it } from "vitest";
import {
  CLOSE_REASONS,
  explainClose,
  SESSION_ENDED_CLOSE_CODE,
  VERSION_MISMATCH_CODE,
} from "./close-reasons.ts";
import { failure, isFailureCode, messageOf, statusOf } from "./failures.ts";
import { isProtocolMismatch, PROTOCOL_VERSION, PROTOCOL_VERSION_OPTION } from "./version.ts";

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
});

describe("close reasons", () => {
  it("names every close code with a failure of the catalogue", () => {
    for (const { failure: code } of Object.values(CLOSE_REASONS)) expect(isFailureCode(code)).toBe(true);
    expect(explainClose(SESSION_ENDED_CLOSE_CODE)).toEqual({
      closeCode: 4401,
      code: "auth/session_ended",
      message: messageOf("auth/session_ended"),
    });
    expect(explainClose(VERSION_MISMATCH_CODE)?.code).toBe("protocol/version_mismatch");
    expect(explainClose(1000)).toBeNull();
    expect(explainClose(undefined)).toBeNull();
  });
});

describe("protocol version", () => {
  it("is a mismatch only when the join names another version", () => {
    expect(isProtocolMismatch({ [PROTOCOL_VERSION_OPTION]: PROTOCOL_VERSION })).toBe(false);
    expect(isProtocolMismatch({ [PROTOCOL_VERSION_OPTION]: PROTOCOL_VERSION + 1 })).toBe(true);
    expect(isProtocolMismatch({ [PROTOCOL_VERSION_OPTION]: String(PROTOCOL_VERSION) })).toBe(true);
    expect(isProtocolMismatch({ tableId: "t1" })).toBe(false);
    expect(isProtocolMismatch(undefined)).toBe(false);
  });
});
