import { describe, expect, it } from "vitest";
import { describeLoginFailure, describeWait } from "./loginNotice.ts";

const NOW = Date.UTC(2026, 10, 28, 7, 0);

describe("the lock screen's notice", () => {
  it("says a password is wrong, without a status code", () => {
    const notice = describeLoginFailure({ status: 403, code: "operator/bad_password", message: "x" }, NOW);
    expect(notice).toEqual({ text: "Access Denied - Incorrect Password. Try again.", retryAt: null });
  });

  it("says the address is locked out, for how long and until when", () => {
    const failure = { status: 429, code: "operator/too_many_attempts", message: "x", retryAfterSeconds: 840 };
    const notice = describeLoginFailure(failure, NOW);
    expect(notice.retryAt).toBe(NOW + 840_000);
    expect(notice.text).toMatch(
      /^Too many failed attempts from this address: locked for 14 minutes, until \d\d:\d\d\.$/,
    );
    expect(notice.text).not.toMatch(/429/);
  });

  it("writes waits in rounded-up whole units", () => {
    expect(describeWait(1)).toBe("1 second");
    expect(describeWait(45)).toBe("45 seconds");
    expect(describeWait(60)).toBe("1 minute");
    expect(describeWait(61)).toBe("2 minutes");
  });
});
