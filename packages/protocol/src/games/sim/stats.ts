/**
 * Running return-to-player statistics for simulations: sums that merge across worker threads and
 * give the RTP with its 95% confidence interval (normal approximation of the mean return).
 */

/** Sums of a simulation, plain numbers so they cross worker_threads and JSON unchanged. */
export interface RtpStats {
  rounds: number; // rounds played
  staked: number; // total staked, in stake units (1 = one base bet)
  returned: number; // total returned, in stake units
  returnedSquares: number; // sum of (return / stake)^2 per round, for the variance
  hits: number; // rounds that counted as a hit (paid anything, unless the game says otherwise)
  maxReturn: number; // largest single-round return, in base bets
}

/** An empty accumulator. */
export function createRtpStats(): RtpStats {
  return { rounds: 0, staked: 0, returned: 0, returnedSquares: 0, hits: 0, maxReturn: 0 };
}

/**
 * Records one round: what it cost and what it paid, both in base bets (so the variance is per bet).
 * A hit is a round that paid anything unless the caller says otherwise (blackjack counts net wins).
 */
export function recordRound(stats: RtpStats, cost: number, returned: number, hit = returned > 0): void {
  stats.rounds++;
  stats.staked += cost;
  stats.returned += returned;
  stats.returnedSquares += returned * returned;
  if (hit) stats.hits++;
  if (returned > stats.maxReturn) stats.maxReturn = returned;
}

/** Adds another accumulator's sums into the first (worker results). */
export function mergeRtpStats(into: RtpStats, from: RtpStats): RtpStats {
  into.rounds += from.rounds;
  into.staked += from.staked;
  into.returned += from.returned;
  into.returnedSquares += from.returnedSquares;
  into.hits += from.hits;
  into.maxReturn = Math.max(into.maxReturn, from.maxReturn);
  return into;
}

/** The figures published in RTP.md: RTP, its 95% half-width, hit rate, standard deviation per round. */
export interface RtpSummary {
  rounds: number;
  rtp: number;
  halfWidth95: number;
  hitRate: number;
  stdDev: number;
  maxReturn: number;
}

/** RTP = returned / staked; the interval treats rounds as i.i.d. with the sample variance of returns. */
export function summariseRtp(stats: RtpStats): RtpSummary {
  const n = stats.rounds;
  const meanCost = stats.staked / n;
  const meanReturn = stats.returned / n;
  const variance =
    Math.max(0, stats.returnedSquares / n - meanReturn * meanReturn) * (n / Math.max(1, n - 1));
  const stdDev = Math.sqrt(variance);
  return {
    rounds: n,
    rtp: stats.returned / stats.staked,
    halfWidth95: (1.96 * stdDev) / Math.sqrt(n) / meanCost,
    hitRate: stats.hits / n,
    stdDev,
    maxReturn: stats.maxReturn,
  };
}
