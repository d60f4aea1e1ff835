/** A clock for countdowns: the current time, re-read every `everyMs` while mounted. */
import { useEffect, useState } from "react";

/** `Date.now()`, refreshed every `everyMs` (1 s by default). */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
