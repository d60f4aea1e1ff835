import { describe, expect, it } from "vitest";
import { createLogger } from "../../log.ts";
import type { CasinoServices } from "../../services.ts";
import type { MonitorRun } from "./record.ts";
import { scheduleMonitors, type Timers } from "./schedule.ts";

/** Timers that fire only when the test advances them. */
function createFakeTimers() {
  let clock = 0;
  let nextId = 0;
  const pending = new Map<number, { at: number; callback: () => void }>();
  const timers: Timers = {
    setTimeout(callback, ms) {
      nextId += 1;
      pending.set(nextId, { at: clock + ms, callback });
      return nextId;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };
  const advance = async (ms: number) => {
    clock += ms;
    for (const [id, timer] of [...pending]) {
      if (timer.at <= clock) {
        pending.delete(id);
        timer.callback();
      }
    }
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };
  return { timers, advance, pending: () => pending.size };
}

describe("the monitor schedule", () => {
  const services = {
    now: () => 0,
    log: createLogger("silent"),
    handle: { db: {} },
  } as unknown as CasinoServices;

  it("runs each monitor after its first delay, then every interval, and stops cleanly", async () => {
    const fake = createFakeTimers();
    let runs = 0;
    const run = async (): Promise<MonitorRun> => {
      runs += 1;
      throw new Error("recording is not under test");
    };
    const errors: unknown[] = [];
    services.log.error = ((obj: unknown) => {
      errors.push(obj);
    }) as typeof services.log.error;
    const schedule = scheduleMonitors(
      services,
      [{ persona: "vega", intervalMs: 100, firstRunMs: 10, run }],
      fake.timers,
    );
    await fake.advance(9);
    expect(runs).toBe(0);
    await fake.advance(1);
    expect(runs).toBe(1);
    await fake.advance(100);
    expect(runs).toBe(2);
    expect(errors).toHaveLength(2);
    await schedule.stop();
    expect(fake.pending()).toBe(0);
    await fake.advance(1000);
    expect(runs).toBe(2);
  });

  it("never overlaps two runs of one monitor: runNow waits for the run in progress", async () => {
    const fake = createFakeTimers();
    let active = 0;
    let maxActive = 0;
    let release: () => void = () => {};
    const run = async (): Promise<MonitorRun> => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      active -= 1;
      throw new Error("not recorded");
    };
    const schedule = scheduleMonitors(
      services,
      [{ persona: "orion", intervalMs: 50, firstRunMs: 0, run }],
      fake.timers,
    );
    await fake.advance(0);
    const manual = schedule.runNow("orion");
    release();
    for (let i = 0; i < 20; i++) await Promise.resolve();
    release();
    await manual;
    expect(maxActive).toBe(1);
    await schedule.stop();
  });
});
