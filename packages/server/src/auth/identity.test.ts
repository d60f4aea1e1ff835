import { generateAccount } from "algosdk";
import { describe, expect, it } from "vitest";
import { classifyWallet, defaultUsername } from "./identity.ts";

describe("classifyWallet", () => {
  const real = generateAccount().addr.toString();

  it("accepts demo identities and checksummed Algorand addresses", () => {
    expect(classifyWallet("DEMOABC123XYZ")).toEqual({ ok: true, kind: "demo" });
    expect(classifyWallet(real)).toEqual({ ok: true, kind: "algorand" });
  });

  it.each([
    ["too short demo", "DEMOABC123XY"],
    ["lowercase demo", "DEMOabc123xyz"],
    [
      "58 characters with a bad checksum",
      `${real.slice(0, 10)}${real[10] === "A" ? "B" : "A"}${real.slice(11)}`,
    ],
    ["57 characters", real.slice(0, 57)],
    ["lowercase address", real.toLowerCase()],
    ["empty", ""],
  ])("refuses %s", (_label, address) => {
    expect(classifyWallet(address)).toEqual({ ok: false, code: "auth/invalid_address" });
  });
});

describe("defaultUsername", () => {
  it("is cosmic_ plus the last 8 characters", () => {
    expect(defaultUsername("DEMOABC123XYZ")).toBe("cosmic_BC123XYZ");
  });
});
