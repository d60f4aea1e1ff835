import { describe, expect, it } from "vitest";
import { type KeyInput, readShortcut } from "./shortcuts.ts";

function press(key: string, extra: Partial<KeyInput> = {}): KeyInput {
  return { key, altKey: false, ctrlKey: false, metaKey: false, ...extra };
}

describe("readShortcut", () => {
  it("maps F, C, R and A in either case", () => {
    expect(readShortcut(press("f"))).toBe("fold");
    expect(readShortcut(press("C"))).toBe("checkCall");
    expect(readShortcut(press("r"))).toBe("raise");
    expect(readShortcut(press("A"))).toBe("allIn");
    expect(readShortcut(press("x"))).toBeNull();
  });

  it("ignores keys typed into fields and keys with modifiers", () => {
    expect(readShortcut(press("f", { targetTag: "input" }))).toBeNull();
    expect(readShortcut(press("c", { targetTag: "DIV", targetEditable: true }))).toBeNull();
    expect(readShortcut(press("a", { ctrlKey: true }))).toBeNull();
    expect(readShortcut(press("r", { metaKey: true }))).toBeNull();
    expect(readShortcut(press("f", { targetTag: "BUTTON" }))).toBe("fold");
  });
});
