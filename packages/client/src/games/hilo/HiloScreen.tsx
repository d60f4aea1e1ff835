import { formatUnits } from "@casino/protocol";
import { useEffect, useState } from "react";
import { BetPanel } from "../bet-panel/BetPanel.tsx";
import { useBetSetup } from "../bet-panel/betAtoms.ts";
import { PlayingCard } from "../cards/PlayingCard.tsx";
import { GameFrame } from "../frame/GameFrame.tsx";
import { formatWinAmount } from "../frame/gameAmounts.ts";
import { ErrorBox, ResultBox, type ShownResult } from "../frame/RoundMessages.tsx";
import { useMainKey } from "../frame/useMainKey.ts";
import { describeGameFailure } from "../room/failureText.ts";
import type { GameResultBody } from "../room/gameReply.ts";
import { useGameRoom } from "../room/useGameRoom.ts";
import {
  describeEnd,
  describeOption,
  type HiloRound,
  roundFromAnswer,
  roundFromSnapshot,
} from "./hiloView.ts";

type HiloAction = "start" | "guess" | "cashOut";

/** Cosmic Hi-Lo: guess whether the next card is higher or lower; the server draws every card. */
export default function HiloScreen() {
  const bet = useBetSetup();
  const [round, setRound] = useState<HiloRound | null>(null);
  const [result, setResult] = useState<ShownResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [resumed, setResumed] = useState(false);

  const show = (body: GameResultBody) => {
    const next = roundFromAnswer(body);
    setRound(next);
    const end = describeEnd(next, `${formatWinAmount(next.winUnits, next.currency)} ${next.currency}`);
    setResult(end ? { text: end, tone: next.status === "lost" ? "loss" : "win", round: body.round } : null);
  };

  const room = useGameRoom("hilo", show);

  useEffect(() => {
    if (resumed || !room.snapshot) return;
    setResumed(true);
    const open = roundFromSnapshot(room.snapshot.hilo);
    if (open) setRound(open);
  }, [room.snapshot, resumed]);

  const ready = room.status === "ready" && !busy;
  const active = round?.status === "active";

  const run = async (action: HiloAction, payload?: Record<string, unknown>) => {
    setError(null);
    setBusy(true);
    const outcome = await room.act(action, payload);
    setBusy(false);
    if (!outcome.ok) {
      setError(describeGameFailure(action, outcome.failure));
      return;
    }
    show(outcome.body);
  };

  const start = () => {
    if (!ready || active) return;
    if (bet.units > bet.balanceUnits) {
      setError("Insufficient balance!");
      return;
    }
    setResult(null);
    void run("start", { betAmount: formatUnits(bet.units), currency: bet.currency });
  };

  useMainKey(() => {
    if (!active) start();
  }, ready && !active);

  const current = round?.cards[round.cards.length - 1];
  const previous = round && round.cards.length > 1 ? round.cards[round.cards.length - 2] : undefined;
  const currency = round?.currency ?? bet.currency;

  return (
    <GameFrame
      gameType="hilo"
      status={room.status}
      betPanel={
        <BetPanel bet={bet} busy={busy || active} lockedCurrency={active ? round?.currency : undefined} />
      }
    >
      <div className="panel hilo-table">
        <div className="hilo-cards">
          {previous && (
            <div className="hilo-previous">
              <PlayingCard rank={previous.value} suit={previous.suit} />
            </div>
          )}
          <div className="hilo-current" data-testid="hilo-current">
            {current ? (
              <PlayingCard rank={current.value} suit={current.suit} size="lg" />
            ) : (
              <div className="playing-card card-lg card-back" aria-label="No card yet" role="img" />
            )}
          </div>
        </div>
        <dl className="hilo-stats">
          <div>
            <dt>Streak</dt>
            <dd data-testid="hilo-streak">{round?.streak ?? 0}</dd>
          </div>
          <div>
            <dt>Multiplier</dt>
            <dd data-testid="hilo-multiplier">
              {round && round.multiplier > 0 ? `${round.multiplier}x` : "–"}
            </dd>
          </div>
          <div>
            <dt>Potential win</dt>
            <dd data-testid="hilo-potential">
              {formatWinAmount(round?.potentialWinUnits ?? 0, currency)} {currency}
            </dd>
          </div>
        </dl>
        <fieldset className="hilo-actions choice-group">
          <legend className="sr-only">Hi-Lo actions</legend>
          <button
            type="button"
            className="btn btn-primary hilo-guess"
            disabled={!ready || !active || (round?.higherMultiplier ?? 0) <= 0}
            onClick={() => void run("guess", { guess: "higher" })}
            data-testid="hilo-higher"
          >
            HIGHER <span className="mono">{describeOption(active ? (round?.higherMultiplier ?? 0) : 0)}</span>
          </button>
          <button
            type="button"
            className="btn btn-primary hilo-guess"
            disabled={!ready || !active || (round?.lowerMultiplier ?? 0) <= 0}
            onClick={() => void run("guess", { guess: "lower" })}
            data-testid="hilo-lower"
          >
            LOWER <span className="mono">{describeOption(active ? (round?.lowerMultiplier ?? 0) : 0)}</span>
          </button>
        </fieldset>
        <div className="hilo-actions">
          {active ? (
            <button
              type="button"
              className="btn btn-huge hilo-cashout"
              disabled={!ready || (round?.streak ?? 0) <= 0}
              onClick={() => void run("cashOut")}
            >
              CASH OUT {formatWinAmount(round?.potentialWinUnits ?? 0, currency)} {currency}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-primary btn-huge main-action"
              disabled={!ready}
              onClick={start}
            >
              {round ? "NEW GAME" : "DEAL CARDS"}
            </button>
          )}
        </div>
        <ErrorBox message={error} />
        <ResultBox
          result={result}
          idle={active ? "Higher or lower? Equal cards lose." : "Deal a card to start."}
        />
      </div>
    </GameFrame>
  );
}
