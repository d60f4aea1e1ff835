import { isValidAddress } from "algosdk";
import { describe, expect, it } from "vitest";
import { addressFromLabel, createTransactionId, encodeBase32 } from "./ids.ts";

describe("chain ids", () => {
  it("encodes base32 as RFC 4648 does (without padding)", () => {
    const text = (s: string) => encodeBase32(new TextEncoder().encode(s));
    expect(text("f")).toBe("MY");
    expect(text("foob")).toBe("MZXW6YQ");
    expect(text("foobar")).toBe("MZXW6YTBOI");
  });

  it("makes 52-character transaction ids that differ", () => {
    const a = createTransactionId();
    expect(a).toMatch(/^[A-Z2-7]{52}$/);
    expect(createTransactionId()).not.toBe(a);
  });

  it("derives stable valid addresses from labels", () => {
    expect(addressFromLabel("x")).toBe(addressFromLabel("x"));
    expect(addressFromLabel("x")).not.toBe(addressFromLabel("y"));
    expect(isValidAddress(addressFromLabel("x"))).toBe(true);
  });
});
