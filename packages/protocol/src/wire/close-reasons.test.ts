import { describe, expect, it } from "vitest";
import {
  CLOSE_REASONS,
  explainClose,
  SESSION_ENDED_CLOSE_CODE,
  VERSION_MISMATCH_CODE,
} from "./close-reasons.ts";
import { isFailureCode, messageOf } from "./failures.ts";

describe("close reasons", () => {
  it.each(Object.entries(CLOSE_REASONS))(
    "names close code %s with a failure of the catalogue",
    (_, reason) => {
      expect(isFailureCode(reason.failure)).toBe(true);
    },
  );

  it("explains a named close code with its failure's text, and no other code", () => {
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
