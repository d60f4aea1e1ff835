import { type Currency, formatUnits } from "@casino/protocol";
import type { CrashPlay } from "@casino/protocol/games/crash/schemas";
import { lazy, Suspense, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { formatMoney, formatSignedAmount, formatSignedMoney } from "../../ui/format.ts";
import { BetPanel } from "../bet-panel/BetPanel.tsx";
import { useBetSetup } from "../bet-panel/betAtoms.ts";
import { amountUnits } from "../frame/gameAmounts.ts";
import { useMainKey } from "../frame/useMainKey.ts";
import { useSound } from "../sound/useSound.ts";
import { describeTotals, listPlayers } from "./crashPlays.ts";
import {
  type CrashView,
  formatCrashPoint,
  multiplierNow,
  secondsToStart,
  toneOfPoint,
} from "./crashRound.ts";
import { useCrashRoom } from "./useCrashRoom.ts";
import { useInstantReplay } from "./useInstantReplay.ts";
import "./crash.css";

const CrashScene = lazy(() => import("./CrashScene.tsx"));

/** The /verify link of a finished round. */
export function crashVerifyHref(currency: Currency, round: number): string {
  return `/verify?game=crash&currency=${currency}&round=${round}`;
}

/** The big multiplier over the scene, redrawn every animation frame without re-rendering React. */
function LiveMultiplier({ view, clock }: { view: CrashView | null; clock: () => number }) {
  const ref = useRef<HTMLOutputElement>(null);
  const viewRef = useRef(view);
  viewRef.current = view;
  const clockRef = useRef(clock);
  clockRef.current = clock;
  /** Writes the multiplier and its phase for the view the page holds now. */
  const paint = useCallback(() => {
    const current = viewRef.current;
    const el = ref.current;
    if (el && current) {
      el.textContent = formatCrashPoint(multiplierNow(current, clockRef.current()));
      el.dataset.phase = current.phase;
    }
  }, []);
  // A new view (the launch, the explosion) shows in the same commit as the phase line under it,
  // not a frame later.
  useLayoutEffect(() => {
    if (view) paint();
  }, [view, paint]);
  useEffect(() => {
    let frame = 0;
    const draw = () => {
      paint();
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [paint]);
  return (
    <output ref={ref} className="crash-multiplier" data-testid="crash-multiplier" aria-label="Multiplier">
      1.00x
    </output>
  );
}

/** What the sky says under the multiplier: the countdown, the flight, or where it exploded. */
function PhaseLine({ view }: { view: CrashView | null }) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), 250);
    return () => clearInterval(timer);
  }, []);
  if (!view) return <p className="crash-phase">Connecting to the launch pad...</p>;
  if (view.phase === "betting")
    return <p className="crash-phase">Launch in {secondsToStart(view, Date.now())} s: place your bets</p>;
  if (view.phase === "flying") return <p className="crash-phase">In flight: cash out before it explodes</p>;
  return (
    <p className="crash-phase crash-phase-crashed" role="status">
      {view.capped
        ? `Round payout cap reached at ${formatCrashPoint(view.endPoint ?? 100)}`
        : `Exploded at ${formatCrashPoint(view.crashPoint ?? 100)}`}
    </p>
  );
}

/** Route /crash: Supernova, one shared rocket for the whole casino. */
export default function CrashPage() {
  const bet = useBetSetup();
  const { currency } = bet;
  const play = useSound();
  const [autoText, setAutoText] = useState("");
  const [message, setMessage] = useState<{ text: string; tone: "error" | "win" | "info" } | null>(null);
  const [busy, setBusy] = useState(false);
  const autoId = useId();
  const ownRef = useRef<{ number: number; play: CrashPlay } | null>(null);
  const { status, view, act } = useCrashRoom(currency, (frame) => {
    const own = ownRef.current;
    if (own && own.number === frame.number && own.play.cashedOutAt === null) {
      play("loss");
      setMessage({
        text: `The rocket exploded at ${formatCrashPoint(frame.crashPoint)}: bet lost`,
        tone: "error",
      });
    }
  });

  const { replay, start: startReplay } = useInstantReplay(view);
  const shown = replay?.view ?? view;
  const clock = replay?.clock ?? Date.now;
  const own = view?.own ?? undefined;
  ownRef.current = view && own ? { number: view.number, play: own } : null;
  const inFlight = own !== undefined && own.cashedOutAt === null;

  const autoTarget = autoText.trim() === "" ? undefined : Number(autoText);
  const autoError =
    autoTarget !== undefined && !(autoTarget >= 1.01 && /^\d+(\.\d{1,2})?$/.test(autoText.trim()))
      ? "Auto cash-out must be 1.01 or more, with at most 2 decimals"
      : null;
  const canBet = status === "ready" && view?.phase === "betting" && !own && !busy && autoError === null;
  const canCashOut = status === "ready" && view?.phase === "flying" && inFlight && !busy;

  const placeBet = async () => {
    if (!canBet) return;
    setBusy(true);
    setMessage(null);
    const outcome = await act("bet", {
      betAmount: formatUnits(bet.units),
      currency,
      ...(autoTarget === undefined ? {} : { autoCashOut: autoTarget }),
    });
    setBusy(false);
    if (!outcome.ok) return setMessage({ text: outcome.failure.message, tone: "error" });
    play("bet");
    setMessage({ text: "Bet placed: the rocket launches soon", tone: "info" });
  };

  const cashOut = async () => {
    if (!canCashOut) return;
    setBusy(true);
    const outcome = await act("cashOut", { currency });
    setBusy(false);
    if (!outcome.ok) return setMessage({ text: outcome.failure.message, tone: "error" });
    const at = Math.round(Number(outcome.body.cashedOutAt) * 100);
    const stake = amountUnits(outcome.body.betAmount);
    const payout = amountUnits(outcome.body.winAmount);
    play("win");
    setMessage({
      text: `Cashed out at ${formatCrashPoint(at)}: ${formatSignedMoney(payout - stake, currency)} (stake ${formatMoney(stake, currency)}, payout ${formatMoney(payout, currency)})`,
      tone: "win",
    });
  };

  useMainKey(() => void (view?.phase === "flying" ? cashOut() : placeBet()), canBet || canCashOut);
  const players = listPlayers(view?.plays ?? [], view?.phase === "crashed", view?.own ?? null);

  return (
    <div className="page crash-page">
      <header className="crash-head">
        <h1>
          <span aria-hidden="true">☄️</span> Supernova
        </h1>
        <ol className="crash-recent" aria-label="Recent crash points">
          {(view?.recent ?? []).slice(0, 12).map((r) => (
            <li key={r.number}>
              <Link
                to={crashVerifyHref(currency, r.number)}
                className={`crash-point tone-${toneOfPoint(r.crashPoint)}`}
                aria-label={`Round ${r.number} crashed at ${formatCrashPoint(r.crashPoint)}: verify`}
              >
                {formatCrashPoint(r.crashPoint)}
              </Link>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="btn btn-chip"
          onClick={startReplay}
          disabled={!view?.recent.length || view.phase === "flying" || replay !== null}
        >
          Replay last round
        </button>
      </header>
      <section className="crash-sky panel" aria-label="Flight">
        <Suspense fallback={<div className="crash-canvas" />}>
          <CrashScene view={shown} clock={clock} />
        </Suspense>
        <div className="stage-overlay">
          <LiveMultiplier view={shown} clock={clock} />
          {replay ? (
            <p className="crash-phase">Replay of round {replay.view.number}</p>
          ) : (
            <PhaseLine view={view} />
          )}
        </div>
      </section>
      <section className="crash-controls panel" aria-label="Your bet">
        <div className="crash-actions">
          <label htmlFor={autoId} className="crash-auto">
            Auto cash-out (x)
            <input
              id={autoId}
              inputMode="decimal"
              placeholder="off"
              value={autoText}
              disabled={own !== undefined}
              aria-invalid={autoError !== null}
              onChange={(event) => setAutoText(event.target.value)}
            />
          </label>
          {view?.phase === "flying" && inFlight ? (
            <button
              type="button"
              className="btn btn-primary crash-main"
              onClick={() => void cashOut()}
              disabled={!canCashOut}
            >
              Cash out
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-primary crash-main"
              onClick={() => void placeBet()}
              disabled={!canBet}
            >
              {own ? "Bet placed" : view?.phase === "betting" ? "Bet" : "Bet next round"}
            </button>
          )}
        </div>
        {autoError && <p className="form-error">{autoError}</p>}
        {message && (
          <p className={`crash-message tone-${message.tone}`} role="status" data-testid="crash-message">
            {message.text}
          </p>
        )}
        <BetPanel bet={bet} busy={busy || own !== undefined} lockedCurrency={own ? currency : undefined} />
        <p className="hint-text">Space bets before launch and cashes out in flight.</p>
      </section>
      <section className="crash-players panel" aria-label="Players this round">
        <h2>Players ({view?.totals.players ?? 0})</h2>
        {view && view.totals.players > 0 && (
          <p className="crash-totals" data-testid="crash-totals">
            {describeTotals(view.totals, currency)}
            {view.totals.players > view.plays.length && `; the ${view.plays.length} largest stakes shown`}
          </p>
        )}
        <table className="crash-table">
          <thead>
            <tr>
              <th scope="col">Player</th>
              <th scope="col">Bet</th>
              <th scope="col">Cashed out</th>
              <th scope="col">Profit</th>
            </tr>
          </thead>
          <tbody>
            {players.map((row) => (
              <tr
                key={row.betId || row.username}
                className={`crash-row-${row.state}${row.own ? " crash-row-own" : ""}`}
                data-testid="crash-player"
              >
                <td>{row.username}</td>
                <td>{formatMoney(row.stake, currency)}</td>
                <td>
                  {row.cashedOutAt === null
                    ? row.state === "lost"
                      ? "exploded"
                      : "in flight"
                    : formatCrashPoint(row.cashedOutAt)}
                </td>
                <td className={row.profit !== null && row.profit > 0 ? "tone-gain" : "tone-none"}>
                  {row.profit === null ? "-" : formatSignedAmount(row.profit, currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {players.length === 0 && <p className="empty-state">No bets yet this round.</p>}
      </section>
      {view && (
        <p className="hint-text crash-fair">
          Provably fair: every round's hash is a link of a chain whose last hash{" "}
          <code className="mono">{view.terminal.slice(0, 16)}...</code> was published before the first flight,
          salted with the hash of a later block. <Link to="/verify?game=crash">How to check a round</Link>
        </p>
      )}
    </div>
  );
}
