import { PLINKO_MAX_BALLS_IN_FLIGHT } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { PLINKO_FLIGHT_MS } from "../games/ball-flights.ts";
import { createRedisBallFlights, FLIGHTS_KEY_PREFIX } from "./redis-ball-flights.ts";
import { inTwoProcesses, redisUrlForTests, useTestRedis } from "./test-redis.ts";

describe.skipIf(!redisUrlForTests())("createRedisBallFlights", () => {
  const opened = useTestRedis("plinko");
  const { redis } = opened;

  it("holds at most 5 balls per player in flight, and frees a slot when a ball lands", async () => {
    let clock = 10_000;
    const flights = createRedisBallFlights(redis, { now: () => clock });
    for (let i = 0; i < PLINKO_MAX_BALLS_IN_FLIGHT; i++) {
      expect(await flights.launch("u1")).toBeDefined();
      clock += 100;
    }
    expect(await flights.launch("u1")).toBeUndefined();
    expect(await flights.inFlight("u1")).toBe(PLINKO_MAX_BALLS_IN_FLIGHT);
    expect(await flights.launch("u2")).toBeDefined();
    clock = 10_000 + PLINKO_FLIGHT_MS;
    expect(await flights.inFlight("u1")).toBe(PLINKO_MAX_BALLS_IN_FLIGHT - 1);
    expect(await flights.launch("u1")).toBeDefined();
  });

  it("gives a refused bet's ball back", async () => {
    const flights = createRedisBallFlights(redis, { now: () => 50_000 });
    const launches = [];
    for (let i = 0; i < PLINKO_MAX_BALLS_IN_FLIGHT; i++) launches.push(await flights.launch("u3"));
    launches[2]?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await flights.inFlight("u3")).toBe(PLINKO_MAX_BALLS_IN_FLIGHT - 1);
    expect(await flights.launch("u3")).toBeDefined();
  });

  it("never lets two processes launch a sixth ball together", async () => {
    const [here, there] = inTwoProcesses(opened, (r) => createRedisBallFlights(r, { now: () => 90_000 }));
    const launched = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? here : there).launch("u4")),
    );
    expect(launched.filter(Boolean)).toHaveLength(PLINKO_MAX_BALLS_IN_FLIGHT);
  });

  it("lets a player's key expire shortly after the last ball lands", async () => {
    const start = Date.now();
    const flights = createRedisBallFlights(redis, { flightMs: 2000 });
    await flights.launch("u5");
    const expiresAt = await redis.pexpiretime(`${FLIGHTS_KEY_PREFIX}u5`);
    expect(expiresAt).toBeGreaterThanOrEqual(start + 3000);
    expect(expiresAt).toBeLessThan(Date.now() + 3000 + 50);
  });
});
