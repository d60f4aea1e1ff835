import {
  formatUnits,
  PLINKO_MAX_BALLS_IN_FLIGHT,
  PLINKO_MAX_MULTIPLIER,
  PLINKO_RISKS,
  type PlinkoRisk,
} from "@casino/protocol";
import { useEffect, useMemo, useRef, useState } from "react";
import { BetPanel } from "../bet-panel/BetPanel.tsx";
import { useBetSetup } from "../bet-panel/betAtoms.ts";
import { GameFrame } from "../frame/GameFrame.tsx";
import { amountUnits, formatWinAmount, readCurrency } from "../frame/gameAmounts.ts";
import { ErrorBox, ResultBox, type ShownResult } from "../frame/RoundMessages.tsx";
import { useMainKey } from "../frame/useMainKey.ts";
import { describeGameFailure } from "../room/failureText.ts";
import type { RoundRef } from "../room/gameReply.ts";
import { useGameRoom } from "../room/useGameRoom.ts";
import { planBallFlight } from "./ballFlight.ts";
import { createFlightStore, type PlinkoBall, pushRecent, RECENT_SHOWN } from "./flightStore.ts";
import PlinkoScene from "./PlinkoScene.tsx";
import { PLINKO_HIGHLIGHT_MS } from "./plinkoBoard.ts";

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

/** Quantum Plinko: up to 5 balls at once, each falling along the path the server decided. */
export default function PlinkoScreen() {
  const room = useGameRoom("plinko");
  const bet = useBetSetup();
  const store = useMemo(() => createFlightStore(() => performance.now()), []);
  const [risk, setRisk] = useState<PlinkoRisk>("medium");
  const [activeBalls, setActiveBalls] = useState(0);
  const [popups, setPopups] = useState<Landing[]>([]);
  const [recent, setRecent] = useState<Landing[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ShownResult | null>(null);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

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
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setPopups((shown) => shown.filter((popup) => popup.id !== landing.id));
    }, PLINKO_HIGHLIGHT_MS);
    timers.current.add(timer);
    setRecent((list) => pushRecent(list, landing));
    const currency = readCurrency(ball.currency);
    const round: RoundRef | undefined =
      ball.roundId === undefined
        ? undefined
        : { id: ball.roundId, nonce: ball.nonce ?? 0, serverSeedHash: "", clientSeed: "" };
    setResult({
      text: `Slot ${landedSlot + 1}: ${ball.multiplier}x, won ${formatWinAmount(ball.winUnits, currency)} ${currency}`,
      tone: ball.winUnits > ball.betUnits ? "win" : "loss",
      round,
    });
  };

  const drop = async () => {
    if (room.status !== "ready") return;
    setError(null);
    if (!store.reserve()) {
      setError("Maximum 5 balls allowed!");
      return;
    }
    if (bet.units > bet.balanceUnits) {
      store.release();
      setError("Insufficient balance!");
      return;
    }
    const outcome = await room.act("drop", {
      betAmount: formatUnits(bet.units),
      currency: bet.currency,
      risk,
    });
    if (!outcome.ok) {
      store.release();
      setError(describeGameFailure("drop", outcome.failure));
      return;
    }
    const body = outcome.body;
    const id = nextBallId++;
    const slot = Number(body.slotIndex ?? body.path);
    const directions = Array.isArray(body.directions) ? body.directions.map(Number) : [];
    store.launch({
      id,
      flight: planBallFlight(directions, slot, id * 7919),
      slot,
      multiplier: Number(body.multiplier),
      winUnits: amountUnits(body.winAmount),
      betUnits: amountUnits(body.betAmount),
      currency: String(body.currency ?? bet.currency),
      ...(body.round ? { roundId: body.round.id, nonce: body.round.nonce } : {}),
    });
  };

  useMainKey(() => void drop(), room.status === "ready");

  return (
    <GameFrame gameType="plinko" status={room.status} betPanel={<BetPanel bet={bet} busy={false} />}>
      <div className="panel plinko-table">
        <fieldset className="plinko-risks choice-group">
          <legend className="sr-only">Risk</legend>
          {PLINKO_RISKS.map((level) => (
            <button
              key={level}
              type="button"
              className={`btn plinko-risk${risk === level ? " is-selected" : ""}`}
              aria-pressed={risk === level}
              disabled={activeBalls > 0}
              onClick={() => setRisk(level)}
            >
              {RISK_NAMES[level]} <span className="hint-text">max {PLINKO_MAX_MULTIPLIER[level]}x</span>
            </button>
          ))}
        </fieldset>
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
                <strong>{popup.multiplier}x</strong> Slot {popup.slot + 1}
              </div>
            ))}
          </div>
        </div>
        <button
          type="button"
          className="btn btn-primary btn-huge main-action"
          disabled={room.status !== "ready"}
          onClick={() => void drop()}
        >
          DROP BALL
        </button>
        <ErrorBox message={error} />
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
                  {landing.multiplier}x
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </GameFrame>
  );
}
