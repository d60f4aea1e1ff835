import { describe, expect, it } from "vitest";
import { settleUsername } from "./username-migration.ts";
import { foldUsername, refusePickedUsername, USERNAME } from "./usernames.ts";

describe("foldUsername: names that read alike share one key", () => {
  it.each([
    ["Operator", "operator"],
    ["OPERATOR", "operator"],
    ["0perator", "operator"],
    ["\u043eperator", "operator"], // Cyrillic о
    ["\uff2fperator", "operator"], // fullwidth Ｏ
    ["star_pilot", "STAR_PILOT"],
    ["nova", "n\u043ev\u0430"], // Cyrillic о and а
  ])("%s reads like %s", (a, b) => {
    expect(foldUsername(a)).toBe(foldUsername(b));
  });

  it("keeps names apart that read differently", () => {
    expect(foldUsername("star_pilot")).not.toBe(foldUsername("star-pilot"));
    expect(foldUsername("nova1")).not.toBe(foldUsername("nova2"));
  });
});

describe("refusePickedUsername", () => {
  it.each([
    "Operator",
    "operator",
    "0perator",
    "\u043eperator",
    "\uff2fperator",
    "Hidden",
    "HOUSE",
    "admin",
    "Adm1n",
    "support_team",
    "the-dealer",
    "moderator42",
    "SYSTEM",
  ])("refuses the staff word %s", (name) => {
    expect(refusePickedUsername(name.normalize("NFKC"))).toBe("user/username_reserved");
  });

  it.each(["cosmic_ABCD1234", "Cosmic_abcd1234", "c\u043esmic_ABCD1234", "cosmic_me"])(
    "refuses the generated pattern %s",
    (name) => {
      expect(refusePickedUsername(name)).toBe("user/username_generated");
    },
  );

  it.each(["star_pilot", "Nebula-9", "Ирина", "lighthouse"])("lets %s be picked", (name) => {
    expect(USERNAME.test(name)).toBe(true);
    expect(refusePickedUsername(name)).toBeNull();
  });

  it("refuses invisible, spaced or stacked characters by shape", () => {
    for (const name of [
      "a\u200bbc",
      "a b c",
      "zalgo\u0301\u0301\u0301",
      "ab",
      "x".repeat(25),
      "\u3164\u3164\u3164",
    ]) {
      expect(USERNAME.test(name.normalize("NFKC"))).toBe(false);
    }
  });
});

describe("settleUsername (existing clashes, oldest first)", () => {
  const user = (id: string, username: string) => ({
    id,
    wallet_address: `DEMO0${id.toUpperCase()}`,
    username,
  });

  it("keeps the first holder's name and gives a later look-alike its generated name", () => {
    const held = new Set<string>();
    const first = settleUsername(user("aaaaaaaaaaaa", "Nova"), held);
    held.add(foldUsername(first));
    const second = settleUsername(user("bbbbbbbbbbbb", "n\u043eva"), held);
    expect(first).toBe("Nova");
    expect(second).toBe("cosmic_BBBBBBBB");
  });

  it("renames a staff word but not a generated name", () => {
    expect(settleUsername(user("cccccccccccc", "Operator"), new Set())).toBe("cosmic_CCCCCCCC");
    expect(settleUsername(user("dddddddddddd", "cosmic_DDDDDDDD"), new Set())).toBe("cosmic_DDDDDDDD");
  });
});
