import { describe, expect, it } from "vitest";
import {
  describeBlinds,
  describeBuyIn,
  describeSeats,
  describeStatus,
  isPracticeTable,
} from "./tableRows.ts";

describe("lobby table rows", () => {
  it.each([
    ["House Table Alpha", true],
    ["Nebula AMINA Micro", false],
  ])("marks tables whose name contains House as bot practice: %s -> %s", (name, practice) => {
    expect(isPracticeTable({ name })).toBe(practice);
  });

  it("words blinds, buy-ins, seats and status", () => {
    expect(describeBlinds({ smallBlind: 5, bigBlind: 10 })).toBe("5/10");
    expect(describeBuyIn({ buyInMin: 50, buyInMax: 50, currency: "HC" })).toBe("50 HC");
    expect(describeBuyIn({ buyInMin: 0.04, buyInMax: 0.2, currency: "AMINA" })).toBe("0.040 - 0.200 AMINA");
    expect(describeSeats({ playerCount: 0, maxPlayers: 9 })).toBe("0/9");
    expect(describeStatus({ status: "full" })).toBe("Full");
    expect(describeStatus({ status: "odd" })).toBe("odd");
  });
});
