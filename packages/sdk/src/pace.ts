/**
 * Pacing for scripted players: the game rooms answer a budget of messages per second per client
 * (GAME_ROOM_MESSAGES_PER_SECOND) and refuse the rest, so a script spaces its actions to stay under it.
 */

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}

/** A pacer: each `next()` waits until at most `perSecond` calls have passed in any second, on average. */
export function pacer(
  perSecond: number,
  signal?: AbortSignal,
  now: () => number = performance.now.bind(performance),
) {
  const gap = 1000 / perSecond;
  let nextAt = now();
  return {
    /** Waits for the next slot (at once if the script is behind schedule); resolves with the ms waited. */
    async next(): Promise<number> {
      const at = now();
      nextAt = Math.max(nextAt, at);
      const wait = nextAt - at;
      nextAt += gap;
      await sleep(wait, signal);
      return wait;
    },
  };
}
