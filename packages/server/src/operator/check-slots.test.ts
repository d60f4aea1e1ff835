import { describe, expect, it } from "vitest";
import { createCheckSlots, SlotsBusyError } from "./check-slots.ts";
import { hashPassword, PASSWORD_CHECK_SLOTS, passwordChecksRunning, verifyPassword } from "./passwords.ts";

describe("check slots", () => {
  it("runs at most `limit` tasks at once, queues `maxWaiting`, refuses the rest, and runs the queue in order", async () => {
    const slots = createCheckSlots(2, 3);
    const releases: (() => void)[] = [];
    const order: number[] = [];
    let peak = 0;
    const task = (i: number) => () =>
      new Promise<number>((resolve) => {
        order.push(i);
        peak = Math.max(peak, slots.running());
        releases.push(() => resolve(i));
      });
    const runs = Array.from({ length: 7 }, (_, i) => slots.run(task(i)).catch((error: unknown) => error));
    await new Promise((resolve) => setImmediate(resolve));
    expect([slots.running(), slots.waiting()]).toEqual([2, 3]);
    while (releases.length > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const results = await Promise.all(runs);
    expect(results.slice(0, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(results.slice(5).every((r) => r instanceof SlotsBusyError)).toBe(true);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect([slots.running(), slots.waiting()]).toEqual([0, 0]);
  });

  it("frees the slot of a task that fails", async () => {
    const slots = createCheckSlots(1, 0);
    await expect(slots.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await slots.run(async () => "next")).toBe("next");
  });

  it("keeps password checks to their slots however many arrive together", async () => {
    const hash = await hashPassword("orbit-7");
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, passwordChecksRunning());
    }, 1);
    const total = PASSWORD_CHECK_SLOTS.running + PASSWORD_CHECK_SLOTS.waiting + 6;
    const results = await Promise.allSettled(
      Array.from({ length: total }, (_, i) => verifyPassword(`guess-${i}`, hash)),
    );
    clearInterval(sampler);
    expect(peak).toBeLessThanOrEqual(PASSWORD_CHECK_SLOTS.running);
    const busy = results.filter((r) => r.status === "rejected" && r.reason instanceof SlotsBusyError);
    expect(busy).toHaveLength(6);
    expect(results.filter((r) => r.status === "fulfilled" && r.value === false)).toHaveLength(total - 6);
  });
});
