/**
 * Runs auto-bet on a game screen: one normal server round after another through the screen's own
 * `placeBet`, the tally after each, and a stop on any reason of plan.ts, on a refused bet (its
 * message is shown), on the Stop button and when the screen is left.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { BetSetup } from "../bet-panel/betAtoms.ts";
import { useSound } from "../sound/useSound.ts";
import {
  type AutoBetSettings,
  type AutoBetTally,
  checkStop,
  recordBet,
  type SettledBet,
  type StopReason,
  startTally,
} from "./plan.ts";

/** What one auto bet came to: a settled bet, or the refusal text of the screen's red box. */
export type AutoBetRound = ({ ok: true } & SettledBet) | { ok: false; message: string };

/** The screen's own bet: places one normal round at `units` and says what it came to. */
export type PlaceAutoBet = (units: number) => Promise<AutoBetRound>;

/** What the auto-bet panel reads and calls. */
export type AutoBetHandle = {
  running: boolean;
  tally: AutoBetTally | null;
  stopped: StopReason | null;
  start: (settings: AutoBetSettings) => void;
  stop: () => void;
};

/** Pause between two auto bets, so each result is seen (the screens' own animations add to it). */
export const AUTOBET_GAP_MS = 300;

/** Waits `ms` milliseconds. */
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The auto-bet loop of one screen, staking from the shared bet setup (its stake follows the run). */
export function useAutoBet(bet: BetSetup, placeBet: PlaceAutoBet, gapMs = AUTOBET_GAP_MS): AutoBetHandle {
  const [running, setRunning] = useState(false);
  const [tally, setTally] = useState<AutoBetTally | null>(null);
  const [stopped, setStopped] = useState<StopReason | null>(null);
  const play = useSound();
  const sourceRef = useRef({ bet, placeBet, play });
  sourceRef.current = { bet, placeBet, play };
  const runRef = useRef(0); // id of the live run; 0 when none

  useEffect(
    () => () => {
      runRef.current = 0;
    },
    [],
  );

  const start = useCallback(
    (settings: AutoBetSettings) => {
      if (runRef.current !== 0) return;
      const run = Date.now();
      runRef.current = run;
      const live = () => runRef.current === run;
      const finish = (reason: StopReason) => {
        if (!live()) return;
        runRef.current = 0;
        setStopped(reason);
        setRunning(false);
        sourceRef.current.play("stop");
      };
      const { currency, units } = sourceRef.current.bet;
      let current = startTally(currency, units);
      setTally(current);
      setStopped(null);
      setRunning(true);
      void (async () => {
        while (live()) {
          const reason = checkStop(settings, current, sourceRef.current.bet.balanceUnits);
          if (reason) return finish(reason);
          sourceRef.current.bet.setUnits(current.stakeUnits);
          const round = await sourceRef.current.placeBet(current.stakeUnits);
          if (round.ok) {
            // A bet settled after Stop still counts: the server played it.
            current = recordBet(settings, current, round);
            setTally(current);
          }
          if (!live()) return;
          if (!round.ok) return finish({ code: "autobet/refused", message: `Stopped: ${round.message}` });
          await wait(gapMs);
        }
      })();
    },
    [gapMs],
  );

  const stop = useCallback(() => {
    if (runRef.current === 0) return;
    runRef.current = 0;
    setStopped({ code: "autobet/stopped", message: "Stopped by you." });
    setRunning(false);
  }, []);

  return { running, tally, stopped, start, stop };
}
