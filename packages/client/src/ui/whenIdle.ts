/** How long work put off until the page is idle may wait at most. */
export const IDLE_TIMEOUT_MS = 1500;

/**
 * Runs `work` once the page has loaded and the browser has a quiet moment (at most IDLE_TIMEOUT_MS
 * later); returns the function that cancels it.
 */
export function whenIdle(work: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  const run = () => {
    if (!cancelled) work();
  };
  const schedule = () => {
    if ("requestIdleCallback" in window) idleHandle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(run, 0);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", schedule);
    if (idleHandle !== undefined) cancelIdleCallback(idleHandle);
  };
}
