import { describe, expect, it } from "vitest";
import { readHotkey } from "./hotkeyMap.ts";

describe("readHotkey", () => {
  it.each([
    ["s", "half"],
    ["S", "half"],
    ["d", "double"],
    ["h", "higher"],
    ["l", "lower"],
    ["c", "cashOut"],
    ["?", "help"],
    ["x", null],
    [" ", null],
  ])("maps %j to %s", (key, action) => {
    expect(readHotkey({ key, targetTag: "BODY" })).toBe(action);
  });

  it("ignores keys typed into fields, held down or pressed with modifiers", () => {
    expect(readHotkey({ key: "s", targetTag: "INPUT" })).toBeNull();
    expect(readHotkey({ key: "d", targetTag: "textarea" })).toBeNull();
    expect(readHotkey({ key: "h", targetTag: "SELECT" })).toBeNull();
    expect(readHotkey({ key: "l", targetTag: "DIV", editable: true })).toBeNull();
    expect(readHotkey({ key: "c", targetTag: "BODY", repeat: true })).toBeNull();
    expect(readHotkey({ key: "c", targetTag: "BODY", ctrl: true }), "Ctrl+C still copies").toBeNull();
    expect(readHotkey({ key: "d", targetTag: "BODY", meta: true })).toBeNull();
  });
});
