/** Where the game screens report each settled round: the session stats count it and its sound plays. */
import { atom, useSetAtom } from "jotai";
import { useCallback } from "react";
import { useSound } from "../sound/useSound.ts";
import { addRound, EMPTY_SESSION, type SessionRound, type SessionStats } from "./sessionTally.ts";

/** The session since the page opened (kept in memory only). */
export const sessionStatsAtom = atom<SessionStats>(EMPTY_SESSION);

/** Reports settled rounds; `silent` counts without the win/loss sound (plinko plays it on landing). */
export function useRecordRound(): (round: SessionRound, options?: { silent?: boolean }) => void {
  const setStats = useSetAtom(sessionStatsAtom);
  const play = useSound();
  return useCallback(
    (round, options) => {
      setStats((stats) => addRound(stats, round));
      if (!options?.silent) play(round.winUnits > round.betUnits ? "win" : "loss");
    },
    [setStats, play],
  );
}
