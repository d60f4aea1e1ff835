/** The crash screen's instant replay: the last round flown again on a faster clock. */
import { useEffect, useState } from "react";
import { type CrashView, isReplayOver, replayClock, replayOf, replaySpeed } from "./crashRound.ts";

/** A replay of the last round: the flight to draw and the faster clock it is drawn with. */
type Replay = { view: CrashView; clock: () => number };

/** Plays the last round again on a faster clock; cancelled when a live flight starts. */
export function useInstantReplay(view: CrashView | null) {
  const [replay, setReplay] = useState<Replay | null>(null);
  useEffect(() => {
    if (!replay) return;
    const timer = setInterval(() => {
      if (replay.view.phase === "flying" && isReplayOver(replay.view, replay.clock()))
        setReplay({ ...replay, view: { ...replay.view, phase: "crashed" } });
    }, 50);
    const end = replay.view.phase === "crashed" ? setTimeout(() => setReplay(null), 1_500) : undefined;
    return () => {
      clearInterval(timer);
      clearTimeout(end);
    };
  }, [replay]);
  useEffect(() => {
    if (view?.phase === "flying") setReplay(null);
  }, [view?.phase]);
  const start = () => {
    if (!view) return;
    const now = Date.now();
    const next = replayOf(view, now);
    if (next) setReplay({ view: next, clock: replayClock(now, replaySpeed(next.crashPoint ?? 100)) });
  };
  return { replay, start };
}
