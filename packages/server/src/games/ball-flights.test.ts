import { describe, expect, it } from "vitest";
import { createMemoryBallFlights } from "./ball-flights.ts";

describe("plinko balls in flight", () => {
  it("allows 5 balls per player until one lands, and counts players apart", async () => {
    let now = 1_000;
    const flights = createMemoryBallFlights({ now: () => now, flightMs: 3_500 });
    for (let i = 0; i < 5; i++) {
      expect(await flights.launch("a")).toBeDefined();
      now += 100;
    }
    expect(await flights.launch("a")).toBeUndefined();
    expect(await flights.launch("b")).toBeDefined();
    expect(await flights.inFlight("a")).toBe(5);
    now = 1_000 + 3_500; // the first ball lands
    expect(await flights.inFlight("a")).toBe(4);
    expect(await flights.launch("a")).toBeDefined();
    expect(await flights.launch("a")).toBeUndefined();
  });

  it("frees the slot of a ball whose bet was refused", async () => {
    const flights = createMemoryBallFlights({ now: () => 0, maxBalls: 1 });
    const launch = await flights.launch("a");
    expect(await flights.launch("a")).toBeUndefined();
    launch?.cancel();
    expect(await flights.inFlight("a")).toBe(0);
    expect(await flights.launch("a")).toBeDefined();
  });
});
