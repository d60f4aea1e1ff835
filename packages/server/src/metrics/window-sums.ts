/**
 * Sums over a sliding window kept as a ring of time buckets: the RTP gauges read the last hour or
 * day of stakes and payouts from memory, in constant space, without scanning the rounds table.
 */

/** Stake and payout totals, in coins. */
export interface StakeAndPayout {
  staked: number;
  paid: number;
}

/** A sliding window of stake and payout sums. */
export interface WindowSums {
  add(at: number, staked: number, paid: number): void;
  /** The sums of the buckets that end after `at - windowMs`. */
  read(at: number): StakeAndPayout;
}

/** Creates a window of `windowMs` kept in `buckets` buckets (the window is exact to one bucket). */
export function createWindowSums(windowMs: number, buckets: number): WindowSums {
  const bucketMs = windowMs / buckets;
  const slots = Array.from({ length: buckets }, () => ({ index: -1, staked: 0, paid: 0 }));
  const slotOf = (at: number) => {
    const index = Math.floor(at / bucketMs);
    const slot = slots[index % buckets] as { index: number; staked: number; paid: number };
    if (slot.index !== index) Object.assign(slot, { index, staked: 0, paid: 0 });
    return slot;
  };
  return {
    add(at, staked, paid) {
      const slot = slotOf(at);
      slot.staked += staked;
      slot.paid += paid;
    },
    read(at) {
      const newest = Math.floor(at / bucketMs);
      let staked = 0;
      let paid = 0;
      for (const slot of slots) {
        if (slot.index > newest - buckets && slot.index <= newest) {
          staked += slot.staked;
          paid += slot.paid;
        }
      }
      return { staked, paid };
    },
  };
}

/** Return to player as a ratio (payouts over stakes), or undefined before any stake. */
export function rtpOf(sums: StakeAndPayout): number | undefined {
  return sums.staked > 0 ? sums.paid / sums.staked : undefined;
}
