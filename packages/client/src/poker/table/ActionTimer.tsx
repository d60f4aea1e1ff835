import { useEffect, useRef, useState } from "react";
import { readClock, type TurnClock, trackTurn } from "./actionClock.ts";

const TICK_MS = 200;

/** The countdown bar of the seat to act, running down to the server's deadline. */
export function ActionTimer({
  seat,
  deadline,
  usingTimeBank,
}: {
  seat: number;
  deadline: number;
  usingTimeBank: boolean;
}) {
  const clockRef = useRef<TurnClock | null>(null);
  const [now, setNow] = useState(() => Date.now());
  clockRef.current = trackTurn(clockRef.current, seat, deadline, now);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const clock = clockRef.current;
  if (!clock) return null;
  const { leftMs, fraction } = readClock(clock, now);
  const seconds = Math.ceil(leftMs / 1000);
  return (
    <div
      className={`poker-timer ${usingTimeBank ? "is-time-bank" : ""} ${fraction < 0.25 ? "is-low" : ""}`}
      role="timer"
      aria-label={`${seconds} seconds left${usingTimeBank ? " (time bank)" : ""}`}
      data-testid="action-timer"
    >
      <span className="poker-timer-fill" style={{ width: `${Math.round(fraction * 100)}%` }} />
    </div>
  );
}
