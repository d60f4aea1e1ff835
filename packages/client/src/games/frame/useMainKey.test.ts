import { describe, expect, it } from "vitest";
import { isMainKey } from "./useMainKey.ts";

describe("isMainKey", () => {
  it.each([
    [" ", "DIV", false, true],
    ["Enter", "BODY", false, true],
    ["Enter", undefined, false, true],
    [" ", "INPUT", false, false],
    ["Enter", "button", false, false],
    [" ", "SELECT", false, false],
    [" ", "DIV", true, false],
    ["a", "DIV", false, false],
  ])("key %j on %s (repeat %s) -> %s", (key, tag, repeat, expected) => {
    expect(isMainKey(key, tag, repeat)).toBe(expected);
  });
});
