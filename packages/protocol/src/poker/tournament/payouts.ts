/**
 * Prize pools and payouts by table size (65/35 for six players, 50/30/20 for nine), in integer
 * micro-units: each place gets its share rounded down and the remainder goes to first place, so
 * the prizes always sum to the pool exactly.
 */

/** Percent of the pool per paid place, best first, by table size. */
export const PAYOUT_PERCENTS: Readonly<Record<number, readonly number[]>> = {
  6: [65, 35],
  9: [50, 30, 20],
};

/** The prize of each paid place (index 0 = first) for a pool of `pool` micro-units. */
export function splitPrizePool(pool: number, maxPlayers: number): number[] {
  if (!Number.isSafeInteger(pool) || pool < 0) throw new Error("pool must be whole micro-units");
  const percents = PAYOUT_PERCENTS[maxPlayers];
  if (!percents) throw new Error(`no payout table for ${maxPlayers} players`);
  const prizes = percents.map((pct) => Math.floor((pool * pct) / 100));
  prizes[0]! += pool - prizes.reduce((sum, p) => sum + p, 0);
  return prizes;
}
