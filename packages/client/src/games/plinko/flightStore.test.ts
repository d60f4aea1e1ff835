import { describe, expect, it } from "vitest";
import { planBallFlight } from "./ballFlight.ts";
import { createFlightStore, pushRecent, RECENT_KEPT, RECENT_SHOWN } from "./flightStore.ts";

/** A clock the test moves by hand. */
function makeClock() {
  let time = 0;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

const flight = planBallFlight([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1], 6, 1, 1000);
const ball = (id: number) => ({
  id,
  flight,
  slot: 6,
  multiplier: 0.5,
  winUnits: 5,
  betUnits: 10,
  currency: "HC",
});

describe("the plinko flight store", () => {
  it("allows 5 balls at once, reserved seats included, and refuses the 6th", () => {
    const clock = makeClock();
    const store = createFlightStore(clock.now);
    for (let i = 0; i < 3; i++) {
      expect(store.reserve()).toBe(true);
      store.launch(ball(i));
    }
    expect([store.reserve(), store.reserve(), store.reserve()]).toEqual([true, true, false]);
    expect(store.activeCount()).toBe(5);
  });

  it("a refused bet gives its seat back", () => {
    const store = createFlightStore(makeClock().now, 1);
    expect(store.reserve()).toBe(true);
    store.release();
    expect(store.reserve()).toBe(true);
  });

  it("lands balls when their flight is over and tells listeners the new count", () => {
    const clock = makeClock();
    const store = createFlightStore(clock.now);
    const counts: number[] = [];
    store.subscribe((count) => counts.push(count));
    store.reserve();
    store.launch(ball(1));
    clock.advance(400);
    store.reserve();
    store.launch(ball(2));
    clock.advance(600);
    expect(store.collectLanded().map((b) => b.id)).toEqual([1]);
    expect(store.inFlight().map((b) => b.id)).toEqual([2]);
    clock.advance(400);
    expect(store.collectLanded().map((b) => b.id)).toEqual([2]);
    expect(counts).toEqual([1, 1, 2, 2, 1, 0]);
  });

  it("Recent Results keep the latest 10, newest first (8 are shown)", () => {
    let recent: number[] = [];
    for (let i = 1; i <= 12; i++) recent = pushRecent(recent, i);
    expect(recent).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(recent.length).toBe(RECENT_KEPT);
    expect(recent.slice(0, RECENT_SHOWN)).toEqual([12, 11, 10, 9, 8, 7, 6, 5]);
  });
});
