import { formatUnits, type GameMessageType } from "@casino/protocol";
import { messageOf } from "@casino/protocol/wire/failures";
import { useState } from "react";
import { useBetBlock } from "../../floor/play-state/usePlayPause.ts";
import { ChoiceGroup, type ChoiceGroupLook } from "../../ui/ChoiceGroup.tsx";
import { FactList } from "../../ui/FactList.tsx";
import { formatMoney } from "../../ui/format.ts";
import { AutoBetPanel } from "../autobet/AutoBetPanel.tsx";
import {
  chooseHiloGuess,
  DEFAULT_HILO_TARGET,
  readHiloTarget,
  shouldCashOut,
} from "../autobet/hiloStrategy.ts";
import { AUTOBET_GAP_MS, type AutoBetRound, useAutoBet } from "../autobet/useAutoBet.ts";
import { BetPanel } from "../bet-panel/BetPanel.tsx";
import { useBetSetup } from "../bet-panel/betAtoms.ts";
import { PlayButton } from "../bet-panel/PlayButton.tsx";
import { PlayingCard } from "../cards/PlayingCard.tsx";
import { GameFrame } from "../frame/GameFrame.tsx";
import { ErrorBox, ResultBox, type ShownResult } from "../frame/RoundMessages.tsx";
import { settledResult } from "../frame/roundOutcome.ts";
import { useMainKey } from "../frame/useMainKey.ts";
import { useHotkeys } from "../hotkeys/useHotkeys.ts";
import { describeGameFailure } from "../room/failureText.ts";
import type { GameResultBody } from "../room/gameReply.ts";
import { useRoundRoom } from "../room/useRoundRoom.ts";
import { useRecordRound } from "../session-stats/useRecordRound.ts";
import { HiloAutoTarget } from "./HiloAutoTarget.tsx";
import {
  describeEnd,
  describeOption,
  type HiloRound,
  roundFromAnswer,
  roundFromSnapshot,
} from "./hiloView.ts";

type HiloAction = "start" | "guess" | "cashOut";

/** The guess buttons: HIGHER or LOWER, each with its multiplier. */
const GUESS_GROUP: ChoiceGroupLook = {
  className: "hilo-actions choice-group",
  legend: "Hi-Lo actions",
  buttonClass: "btn btn-primary hilo-guess",
};

/** The two guesses, in button order. */
const GUESSES = ["higher", "lower"] as const;

/** Waits `ms` milliseconds. */
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Cosmic Hi-Lo: guess whether the next card is higher or lower; the server draws every card. */
export default function HiloScreen() {
  const bet = useBetSetup();
  const block = useBetBlock(bet.currency);
  const [round, setRound] = useState<HiloRound | null>(null);
  const [result, setResult] = useState<ShownResult | null>(null);
  const [target, setTarget] = useState(String(DEFAULT_HILO_TARGET));
  const recordRound = useRecordRound();

  const show = (body: GameResultBody) => {
    const next = roundFromAnswer(body);
    setRound(next);
    const end = describeEnd(next);
    setResult(
      end ? { ...settledResult(end, next.betUnits, next.winUnits, next.currency), round: body.round } : null,
    );
    if (end) recordRound({ currency: next.currency, betUnits: next.betUnits, winUnits: next.winUnits });
    return next;
  };

  const { room, busy, ready, error, setError, send } = useRoundRoom("hilo", show, (snapshot) => {
    const open = roundFromSnapshot(snapshot.hilo);
    if (open) setRound(open);
  });
  const active = round?.status === "active";

  const run = async (action: HiloAction, payload?: Record<string, unknown>) => {
    const body = await send(action, payload);
    if (body) show(body);
  };

  const start = () => {
    if (!ready || active) return;
    if (bet.units > bet.balanceUnits) {
      setError(messageOf("bet/insufficient_balance"));
      return;
    }
    setResult(null);
    void run("start", { betAmount: formatUnits(bet.units), currency: bet.currency });
  };

  /** One auto-bet step sent to the room: the round after it, or the refusal's red-box text. */
  const autoStep = async (action: GameMessageType, payload?: Record<string, unknown>) => {
    setError(null);
    const outcome = await room.act(action, payload);
    if (outcome.ok) return show(outcome.body);
    const message = describeGameFailure(action, outcome.failure);
    setError(message);
    return message;
  };

  /** One auto round: deal, guess the likelier side until the target streak, cash out (hiloStrategy.ts). */
  const playAutoRound = async (units: number): Promise<AutoBetRound> => {
    const cashOutAt = readHiloTarget(target) ?? DEFAULT_HILO_TARGET;
    setResult(null);
    let now = await autoStep("start", { betAmount: formatUnits(units), currency: bet.currency });
    while (typeof now !== "string" && now.status === "active") {
      await wait(AUTOBET_GAP_MS);
      const guess = chooseHiloGuess(now.higherMultiplier, now.lowerMultiplier);
      if (shouldCashOut(now.streak, cashOutAt) || (guess === null && now.streak > 0))
        now = await autoStep("cashOut");
      else if (guess === null) return { ok: false, message: "No guess can win on this card" };
      else now = await autoStep("guess", { guess });
    }
    if (typeof now === "string") return { ok: false, message: now };
    return { ok: true, betUnits: now.betUnits, winUnits: now.winUnits };
  };

  const auto = useAutoBet(bet, playAutoRound);
  const canHigher = ready && active && !auto.running && (round?.higherMultiplier ?? 0) > 0;
  const canLower = ready && active && !auto.running && (round?.lowerMultiplier ?? 0) > 0;
  const allowed = { higher: canHigher, lower: canLower };
  const multipliers = { higher: round?.higherMultiplier ?? 0, lower: round?.lowerMultiplier ?? 0 };
  const canCashOut = ready && active && !auto.running && (round?.streak ?? 0) > 0;
  useHotkeys({
    higher: canHigher ? () => void run("guess", { guess: "higher" }) : undefined,
    lower: canLower ? () => void run("guess", { guess: "lower" }) : undefined,
    cashOut: canCashOut ? () => void run("cashOut") : undefined,
  });

  useMainKey(
    () => {
      if (!active) start();
    },
    ready && !active && !auto.running,
  );

  const current = round?.cards[round.cards.length - 1];
  const previous = round && round.cards.length > 1 ? round.cards[round.cards.length - 2] : undefined;
  const currency = round?.currency ?? bet.currency;

  const roundFacts = [
    { term: "Streak", value: round?.streak ?? 0, testId: "hilo-streak" },
    {
      term: "Multiplier",
      value: round && round.multiplier > 0 ? `${round.multiplier}x` : "–",
      testId: "hilo-multiplier",
    },
    {
      term: "Potential win",
      value: formatMoney(round?.potentialWinUnits ?? 0, currency),
      testId: "hilo-potential",
    },
  ];
  const guessButtons = GUESSES.map((guess) => ({
    key: guess,
    disabled: !allowed[guess],
    onClick: () => void run("guess", { guess }),
    testId: `hilo-${guess}`,
    content: (
      <>
        {guess.toUpperCase()} <span className="mono">{describeOption(active ? multipliers[guess] : 0)}</span>
      </>
    ),
  }));

  return (
    <GameFrame
      gameType="hilo"
      status={room.status}
      betPanel={
        <BetPanel
          bet={bet}
          busy={busy || active || auto.running}
          lockedCurrency={active ? round?.currency : undefined}
        />
      }
      autoBet={
        <AutoBetPanel
          auto={auto}
          currency={bet.currency}
          roomStatus={room.status}
          blocked={
            active
              ? "Finish the open round first."
              : readHiloTarget(target) === null
                ? "Cash out after: a whole number from 1 to 20."
                : null
          }
          extra={<HiloAutoTarget value={target} onChange={setTarget} disabled={auto.running} />}
        />
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
        <FactList className="hilo-stats stat-list" facts={roundFacts} />
        <ChoiceGroup {...GUESS_GROUP} buttons={guessButtons} />
        <div className="hilo-actions">
          {active ? (
            <button
              type="button"
              className="btn btn-huge hilo-cashout"
              disabled={!canCashOut}
              onClick={() => void run("cashOut")}
            >
              CASH OUT {formatMoney(round?.potentialWinUnits ?? 0, currency)}
            </button>
          ) : (
            <PlayButton ready={ready && !auto.running} blocked={block !== null} onClick={start}>
              {round ? "NEW GAME" : "DEAL CARDS"}
            </PlayButton>
          )}
        </div>
        <ErrorBox message={error} cause={`${bet.currency}|${block?.text ?? ""}`} />
        <ResultBox
          result={result}
          idle={active ? "Higher or lower? Equal cards lose." : "Deal a card to start."}
        />
      </div>
    </GameFrame>
  );
}
