import { describe, expect, it } from "vitest";
import { isProtocolMismatch, PROTOCOL_VERSION, PROTOCOL_VERSION_OPTION } from "./version.ts";

describe("protocol version", () => {
  it("is a mismatch only when the join names another version", () => {
    expect(isProtocolMismatch({ [PROTOCOL_VERSION_OPTION]: PROTOCOL_VERSION })).toBe(false);
    expect(isProtocolMismatch({ [PROTOCOL_VERSION_OPTION]: PROTOCOL_VERSION + 1 })).toBe(true);
    expect(isProtocolMismatch({ [PROTOCOL_VERSION_OPTION]: String(PROTOCOL_VERSION) })).toBe(true);
    expect(isProtocolMismatch({ tableId: "t1" })).toBe(false);
    expect(isProtocolMismatch(undefined)).toBe(false);
  });
});
