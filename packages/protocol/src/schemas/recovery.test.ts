import { describe, expect, it } from "vitest";
import {
  encodeRecoveryKey,
  normalizeRecoveryKey,
  RECOVERY_KEY_BYTES,
  RECOVERY_KEY_LENGTH,
} from "./recovery.ts";

describe("recovery keys", () => {
  it("carry at least 128 random bits", () => {
    expect(RECOVERY_KEY_BYTES * 8).toBeGreaterThanOrEqual(128);
    expect(RECOVERY_KEY_LENGTH * 5).toBe(RECOVERY_KEY_BYTES * 8);
  });

  it("write bytes as Crockford base32 in groups of four, bit for bit", () => {
    expect(encodeRecoveryKey(new Uint8Array(RECOVERY_KEY_BYTES))).toBe(
      "0000-0000-0000-0000-0000-0000-0000-0000",
    );
    expect(encodeRecoveryKey(new Uint8Array(RECOVERY_KEY_BYTES).fill(255))).toBe(
      "ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ",
    );
    // 0x08 0x42 ... : 00001 00001 00001 0... reads 1, 1, 1 at the start.
    const bytes = new Uint8Array(RECOVERY_KEY_BYTES);
    bytes.set([0x08, 0x42]);
    expect(encodeRecoveryKey(bytes).slice(0, 4)).toBe("1110");
  });

  it("read back what they wrote, however it was retyped", () => {
    const bytes = Uint8Array.from({ length: RECOVERY_KEY_BYTES }, (_, i) => (i * 37 + 11) % 256);
    const key = encodeRecoveryKey(bytes);
    const canonical = key.replaceAll("-", "");
    expect(normalizeRecoveryKey(key)).toBe(canonical);
    expect(normalizeRecoveryKey(` ${key.toLowerCase().replaceAll("-", " ")} `)).toBe(canonical);
    expect(normalizeRecoveryKey("oooo-iiii-llll-0000-0000-0000-0000-0000")).toBe(
      `0000${"1".repeat(8)}${"0".repeat(20)}`,
    );
  });

  it("refuse what cannot be a key", () => {
    expect(normalizeRecoveryKey("")).toBeUndefined();
    expect(normalizeRecoveryKey("0000-0000")).toBeUndefined();
    expect(normalizeRecoveryKey("UUUU-0000-0000-0000-0000-0000-0000-0000")).toBeUndefined();
    expect(normalizeRecoveryKey("0000-0000-0000-0000-0000-0000-0000-00000")).toBeUndefined();
  });
});
