import { describe, expect, it } from "vitest";
import { TOURNAMENT_DEFINITIONS } from "./definitions.ts";
import { countBotsToFill, isReadyToStart, refuseRegistration, refuseUnregistration } from "./registration.ts";

const open = (registered: string[], maxPlayers = 6) => ({
  status: "registering" as const,
  maxPlayers,
  registered,
});

describe("registration", () => {
  it("registers once each, up to the table's size, only while registering", () => {
    expect(refuseRegistration(open(["a"]), "b")).toBeNull();
    expect(refuseRegistration(open(["a"]), "a")?.code).toBe("tournament/already_registered");
    expect(refuseRegistration(open(["a", "b"], 2), "c")?.code).toBe("tournament/full");
    expect(refuseRegistration({ ...open([]), status: "running" }, "c")?.code).toBe(
      "tournament/not_registering",
    );
  });

  it("unregisters only a registered player before the start", () => {
    expect(refuseUnregistration(open(["a"]), "a")).toBeNull();
    expect(refuseUnregistration(open(["a"]), "b")?.code).toBe("tournament/not_registered");
    expect(refuseUnregistration({ ...open(["a"]), status: "running" }, "a")?.code).toBe(
      "tournament/not_registering",
    );
  });

  it("starts when full", () => {
    expect(isReadyToStart(open(["a", "b"], 2))).toBe(true);
    expect(isReadyToStart(open(["a"], 2))).toBe(false);
  });

  it("fills a House tournament with bots after the wait only", () => {
    expect(countBotsToFill(open(["a"]), 1000, 0, 999)).toBe(0);
    expect(countBotsToFill(open(["a"]), 1000, 0, 1000)).toBe(5);
    expect(countBotsToFill(open([]), 1000, null, 5000)).toBe(0);
    expect(countBotsToFill(open(["a"]), null, 0, 5000)).toBe(0);
  });

  it("defines HC and AMINA tables of six and nine, fees below buy-ins", () => {
    const sizes = TOURNAMENT_DEFINITIONS.map((d) => `${d.currency}:${d.maxPlayers}`);
    expect(sizes).toEqual(["HC:6", "HC:9", "AMINA:6", "AMINA:9"]);
    for (const d of TOURNAMENT_DEFINITIONS) {
      expect(Number.isSafeInteger(d.buyIn) && Number.isSafeInteger(d.fee)).toBe(true);
      expect(d.fee).toBeLessThan(d.buyIn);
      expect(d.botFillMs !== null).toBe(d.currency === "HC");
    }
  });
});
