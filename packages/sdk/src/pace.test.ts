/** Invariant: a paced script never sends more than its rate, so the room's budget is never spent. */
import { describe, expect, it } from "vitest";
import { pacer, sleep } from "./pace.ts";

describe("pacer", () => {
  it("spaces calls by 1000 / perSecond ms and does not bank idle time", async () => {
    let clock = 0;
    const stopped = AbortSignal.abort(); // the waits are computed, not slept
    const pace = pacer(10, stopped, () => clock);
    const waits = [await pace.next(), await pace.next(), await pace.next()];
    expect(waits).toEqual([0, 100, 200]);
    clock += 5_000;
    expect([await pace.next(), await pace.next()]).toEqual([0, 100]);
  });

  it("sleep resolves at once when the run is aborted", async () => {
    const stop = new AbortController();
    const slept = sleep(60_000, stop.signal);
    stop.abort();
    await expect(slept).resolves.toBeUndefined();
  });
});
