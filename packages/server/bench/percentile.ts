/** The benchmarks' one percentile: nearest rank, as every report here prints it. */

/** The p-th percentile (0..100) of numbers sorted ascending; 0 when there are none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}
