import { describe, expect, it } from "vitest";
import { isProtocolMismatch, PROTOCOL_VERSION, PROTOCOL_VERSION_OPTION } from "./version.ts";

describe("protocol version", () => {
  it("accepts a join that names this build's version", () => {
    expect(isProtocolMismatch({ [PROTOCOL_VERSION_OPTION]: PROTOCOL_VERSION })).toBe(false);
    expect(isProtocolMismatch({ tableId: "t1", [PROTOCOL_VERSION_OPTION]: PROTOCOL_VERSION })).toBe(false);
  });

  it("refuses a join that names another version, or none", () => {
    expect(isProtocolMismatch({ [PROTOCOL_VERSION_OPTION]: PROTOCOL_VERSION + 1 })).toBe(true);
    expect(isProtocolMismatch({ [PROTOCOL_VERSION_OPTION]: String(PROTOCOL_VERSION) })).toBe(true);
    expect(isProtocolMismatch({ tableId: "t1" })).toBe(true);
    expect(isProtocolMismatch({})).toBe(true);
    expect(isProtocolMismatch(undefined)).toBe(true);
  });

  it("lets a reconnection through without a version, but not with another one", () => {
    expect(isProtocolMismatch({ reconnectionToken: "room:token" })).toBe(false);
    expect(isProtocolMismatch({ reconnectionToken: "room:token", [PROTOCOL_VERSION_OPTION]: 0 })).toBe(true);
  });
});
