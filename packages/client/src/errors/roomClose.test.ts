import { SESSION_ENDED_CLOSE_CODE, VERSION_MISMATCH_CODE } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { explainJoinRefusal, explainRoomClose } from "./roomClose.ts";

describe("explainRoomClose", () => {
  it("tells the player their session ended on close code 4401", () => {
    expect(SESSION_ENDED_CLOSE_CODE).toBe(4401);
    expect(explainRoomClose(4401)).toEqual({
      code: "auth/session_ended",
      title: "Your session ended",
      message: "Your session has ended: connect your wallet again",
    });
  });

  it("asks for a reload when the server speaks another protocol version", () => {
    expect(explainJoinRefusal({ code: VERSION_MISMATCH_CODE, message: "x" })).toMatchObject({
      code: "protocol/version_mismatch",
      message: expect.stringMatching(/reload/),
    });
  });

  it("names no reason for an ordinary close or an unknown refusal", () => {
    expect(explainRoomClose(1000)).toBeNull();
    expect(explainRoomClose(4000)).toBeNull();
    expect(explainRoomClose(undefined)).toBeNull();
    expect(explainJoinRefusal(new Error("boom"))).toBeNull();
  });
});
