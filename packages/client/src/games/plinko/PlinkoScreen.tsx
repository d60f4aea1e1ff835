import {
  formatUnits,
  PLINKO_MAX_BALLS_IN_FLIGHT,
  PLINKO_MAX_MULTIPLIER,
  PLINKO_RISKS,
  type PlinkoRisk,
} from "@casino/protocol";
import { messageOf } from "@casino/protocol/wire/failures";
import { useAtomValue } from "jotai";
import { useEffect, useMemo, useRef, useState } from "react";
import { useBetBlock } from "../../floor/play-state/usePlayPause.ts";
import { ChoiceGroup, type ChoiceGroupLook } from "../../ui/ChoiceGroup.tsx";
import { formatMultiplier } from "../../ui/format.ts";
import { AutoBetPanel } from "../autobet/AutoBetPanel.tsx";
import { refuseRound } from "../autobet/refusedRound.ts";
import { type AutoBetRound, useAutoBet } from "../autobet/useAutoBet.ts";
import { BetPanel } from "../bet-panel/BetPanel.tsx";
import { useBetSetup } from "../bet-panel/betAtoms.ts";
import { PlayButton } from "../bet-panel/PlayButton.tsx";
import { GameFrame } from "../frame/GameFrame.tsx";
import { amountUnits, readCurrency } from "../frame/gameAmounts.ts";
import { instantModeAtom } from "../frame/instantMode.ts";
import { ErrorBox, ResultBox, type ShownResult } from "../frame/RoundMessages.tsx";
import { judgeNet, settledResult } from "../frame/roundOutcome.ts";
import { useMainKey } from "../frame/useMainKey.ts";
import type { RoundRef } from "../room/gameReply.ts";
import { useGameRoom } from "../room/useGameRoom.ts";
import { useRecordRound } from "../session-stats/useRecordRound.ts";
import { useSound } from "../sound/useSound.ts";
import { BALL_FLIGHT_MS, planBallFlight } from "./ballFlight.ts";
import { createFlightStore, type PlinkoBall, pushRecent, RECENT_SHOWN } from "./flightStore.ts";
import PlinkoScene from "./PlinkoScene.tsx";
import { PLINKO_HIGHLIGHT_MS } from "./plinkoBoard.ts";

/** The risk buttons. */
const RISK_GROUP: ChoiceGroupLook = {
  className: "plinko-risks choice-group",
  legend: "Risk",
  buttonClass: "btn plinko-risk",
};

/** Risk buttons' names. */
const RISK_NAMES: Record<PlinkoRisk, string> = { low: "Low", medium: "Medium", high: "High" };

/** A landing as the pop-up and Recent Results show it. */
type Landing = {
  id: number;
  slot: number;
  multiplier: number;
  winUnits: number;
  betUnits: number;
  currency: string;
};

let nextBallId = 1;

/** How often an auto drop looks for a free ball seat, and how long it waits for one at most. */
const SEAT_POLL_MS = 100;
const SEAT_WAIT_MS = 3 * BALL_FLIGHT_MS;

/** Waits `ms` milliseconds. */
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Quantum Plinko: up to 5 balls at once, each falling along the path the server decided. */
export default function PlinkoScreen() {
  const room = useGameRoom("plinko");
  const bet = useBetSetup();
  const block = useBetBlock(bet.currency);
  const store = useMemo(() => createFlightStore(() => performance.now()), []);
  const [risk, setRisk] = useState<PlinkoRisk>("medium");
  const [activeBalls, setActiveBalls] = useState(0);
  const [popups, setPopups] = useState<Landing[]>([]);
  const [recent, setRecent] = useState<Landing[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ShownResult | null>(null);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const instant = useAtomValue(instantModeAtom);
  const recordRound = useRecordRound();
  const play = useSound();

  /** Runs `run` after `ms` unless the screen is gone by then. */
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, ms);
    timers.current.add(timer);
  };

  useEffect(() => store.subscribe(setActiveBalls), [store]);
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);

  const onLand = (ball: PlinkoBall, landedSlot: number) => {
    const landing: Landing = {
      id: ball.id,
      slot: landedSlot,
      multiplier: ball.multiplier,
      winUnits: ball.winUnits,
      betUnits: ball.betUnits,
      currency: ball.currency,
    };
    setPopups((shown) => [...shown, landing]);
    later(PLINKO_HIGHLIGHT_MS, () => setPopups((shown) => shown.filter((popup) => popup.id !== landing.id)));
    play(judgeNet(ball.betUnits, ball.winUnits) === "win" ? "win" : "loss");
    setRecent((list) => pushRecent(list, landing));
    const currency = readCurrency(ball.currency);
    const round: RoundRef | undefined =
      ball.roundId === undefined
        ? undefined
        : { id: ball.roundId, nonce: ball.nonce ?? 0, serverSeedHash: "", clientSeed: "" };
    setResult({
      ...settledResult(
        `Slot ${landedSlot} (${formatMultiplier(ball.multiplier)}).`,
        ball.betUnits,
        ball.winUnits,
        currency,
      ),
      round,
    });
  };

  /** Takes a ball seat; an auto drop waits for one (up to SEAT_WAIT_MS), a click does not. */
  const takeSeat = async (waitForSeat: boolean): Promise<boolean> => {
    for (let waited = 0; !store.reserve(); waited += SEAT_POLL_MS) {
      if (!waitForSeat || waited >= SEAT_WAIT_MS) return false;
      await wait(SEAT_POLL_MS);
    }
    return true;
  };

  /**
   * Drops one ball at `units`; it falls along the server's path, or lands at once in instant mode
   * (its seat still held for the flight's length, as the server counts it). Returns the settled bet.
   */
  const placeDrop = async (units: number, waitForSeat: boolean): Promise<AutoBetRound> => {
    setError(null);
    if (!(await takeSeat(waitForSeat))) {
      setError("Maximum 5 balls allowed!");
      return { ok: false, message: "Maximum 5 balls allowed!" };
    }
    const outcome = await room.act("drop", { betAmount: formatUnits(units), currency: bet.currency, risk });
    if (!outcome.ok) {
      store.release();
      return refuseRound("drop", outcome.failure, setError);
    }
    const body = outcome.body;
    const id = nextBallId++;
    const slot = Number(body.slotIndex ?? body.path);
    const directions = Array.isArray(body.directions) ? body.directions.map(Number) : [];
    const currency = String(body.currency ?? bet.currency);
    const winUnits = amountUnits(body.winAmount);
    const ball = {
      id,
      flight: planBallFlight(directions, slot, id * 7919),
      slot,
      multiplier: Number(body.multiplier),
      winUnits,
      betUnits: amountUnits(body.betAmount),
      currency,
      ...(body.round ? { roundId: body.round.id, nonce: body.round.nonce } : {}),
    };
    recordRound({ currency: readCurrency(currency), betUnits: units, winUnits }, { silent: true });
    if (instant) {
      onLand({ ...ball, launchedAt: performance.now() }, slot);
      later(BALL_FLIGHT_MS, () => store.release());
    } else {
      store.launch(ball);
    }
    return { ok: true, betUnits: units, winUnits };
  };

  const drop = async () => {
    if (room.status !== "ready") return;
    setError(null);
    if (bet.units > bet.balanceUnits) {
      setError(messageOf("bet/insufficient_balance"));
      return;
    }
    await placeDrop(bet.units, false);
  };

  const auto = useAutoBet(bet, (units) => placeDrop(units, true));

  useMainKey(() => void drop(), room.status === "ready" && !auto.running);

  const riskButtons = PLINKO_RISKS.map((level) => ({
    key: level,
    selected: risk === level,
    disabled: activeBalls > 0,
    onClick: () => setRisk(level),
    content: (
      <>
        {RISK_NAMES[level]} <span className="hint-text">max {PLINKO_MAX_MULTIPLIER[level]}x</span>
      </>
    ),
  }));

  return (
    <GameFrame
      gameType="plinko"
      status={room.status}
      betPanel={<BetPanel bet={bet} busy={auto.running} />}
      autoBet={<AutoBetPanel auto={auto} currency={bet.currency} roomStatus={room.status} />}
    >
      <div className="panel plinko-table">
        <ChoiceGroup {...RISK_GROUP} buttons={riskButtons} />
        <p className="plinko-active" data-testid="active-balls" aria-live="polite">
          Active Balls: {activeBalls}/{PLINKO_MAX_BALLS_IN_FLIGHT}
        </p>
        <div className="plinko-stage">
          <PlinkoScene store={store} risk={risk} onLand={onLand} />
          <div className="plinko-popups" aria-hidden="true">
            {popups.map((popup) => (
              <div
                key={popup.id}
                className={`plinko-popup${popup.winUnits > popup.betUnits ? " is-win" : ""}`}
                data-testid="plinko-popup"
                data-slot={popup.slot}
              >
                <strong>{formatMultiplier(popup.multiplier)}</strong> Slot {popup.slot}
              </div>
            ))}
          </div>
        </div>
        <PlayButton
          ready={room.status === "ready" && !auto.running}
          blocked={block !== null}
          onClick={() => void drop()}
        >
          DROP BALL
        </PlayButton>
        <ErrorBox message={error} cause={`${bet.currency}|${block?.text ?? ""}`} />
        <ResultBox result={result} idle="Drop up to 5 balls at once." />
        <section className="plinko-recent" aria-label="Recent Results">
          <h3>Recent Results</h3>
          {recent.length === 0 ? (
            <p className="hint-text">No balls dropped yet.</p>
          ) : (
            <ol className="plinko-recent-list" data-testid="recent-results">
              {recent.slice(0, RECENT_SHOWN).map((landing) => (
                <li
                  key={landing.id}
                  className={landing.winUnits > landing.betUnits ? "is-win" : "is-loss"}
                  data-testid="recent-result"
                >
                  {formatMultiplier(landing.multiplier)}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </GameFrame>
  );
}
