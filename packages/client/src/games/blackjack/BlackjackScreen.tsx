import { type Currency, formatUnits } from "@casino/protocol";
import { messageOf } from "@casino/protocol/wire/failures";
import { useState } from "react";
import { useBetBlock } from "../../floor/play-state/usePlayPause.ts";
import { Money } from "../../ui/Money.tsx";
import { BetPanel } from "../bet-panel/BetPanel.tsx";
import { useBetSetup } from "../bet-panel/betAtoms.ts";
import { PlayButton } from "../bet-panel/PlayButton.tsx";
import { PlayingCard } from "../cards/PlayingCard.tsx";
import { GameFrame } from "../frame/GameFrame.tsx";
import { ErrorBox, ResultBox, type ShownResult } from "../frame/RoundMessages.tsx";
import { settledResult } from "../frame/roundOutcome.ts";
import { useMainKey } from "../frame/useMainKey.ts";
import type { GameResultBody, RoundRef } from "../room/gameReply.ts";
import { useRoundRoom } from "../room/useRoundRoom.ts";
import { useRecordRound } from "../session-stats/useRecordRound.ts";
import {
  type BlackjackTable,
  canAffordExtra,
  describePlaying,
  describeSettled,
  type TableHand,
  tableFromAnswer,
  tableFromSnapshot,
} from "./blackjackView.ts";

type Move = "hit" | "stand" | "double" | "split";

/** The player's moves in button order; DOUBLE and SPLIT stake a second bet the balance must cover. */
const MOVES: readonly { move: Move; primary: boolean; costsExtra: boolean }[] = [
  { move: "hit", primary: true, costsExtra: false },
  { move: "stand", primary: true, costsExtra: false },
  { move: "double", primary: false, costsExtra: true },
  { move: "split", primary: false, costsExtra: true },
];

/** One player hand with its total, stake and (after settling) result. */
function HandView({
  hand,
  index,
  active,
  count,
  currency,
}: {
  hand: TableHand;
  index: number;
  active: boolean;
  count: number;
  currency: Currency;
}) {
  const label = count > 1 ? `Hand ${index + 1}` : "Your hand";
  return (
    <div
      className={`bj-hand${active ? " is-active" : ""}`}
      data-testid="player-hand"
      data-active={active}
      aria-current={active ? "true" : undefined}
    >
      <h3 className="bj-hand-title">
        {label}: <span data-testid="player-total">{hand.total}</span>
        {hand.doubled && <span className="badge badge-off">Doubled</span>}
        {active && count > 1 && <span className="badge badge-ok">Playing</span>}
      </h3>
      <div className="card-row">
        {hand.cards.map((card, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: cards are only ever appended.
          <PlayingCard key={i} rank={card.rank} suit={card.suit} />
        ))}
      </div>
      <p className="hint-text">
        Bet <Money units={hand.betUnits} currency={currency} code />
        {hand.result && ` · ${hand.result.toUpperCase()}`}
        {hand.result && hand.winUnits > 0 && (
          <>
            {" · paid "}
            <Money units={hand.winUnits} currency={currency} code />
          </>
        )}
      </p>
    </div>
  );
}

/** Galaxy Blackjack: DEAL CARDS, then HIT, STAND, DOUBLE or SPLIT; the server deals and settles every hand. */
export default function BlackjackScreen() {
  const [table, setTable] = useState<BlackjackTable | null>(null);
  const [round, setRound] = useState<RoundRef | undefined>(undefined);
  const [result, setResult] = useState<ShownResult | null>(null);
  const bet = useBetSetup();
  const block = useBetBlock(bet.currency);
  const recordRound = useRecordRound();

  const show = (body: GameResultBody, move: Move | "deal" | "abandoned") => {
    const next = tableFromAnswer(body);
    setTable(next);
    setRound(body.round);
    if (next.phase === "settled") {
      const headline = describeSettled(next, move === "hit" ? "hit" : "other");
      setResult({
        ...settledResult(headline, next.betUnits, next.winUnits, next.currency),
        round: body.round,
      });
      recordRound({ currency: next.currency, betUnits: next.betUnits, winUnits: next.winUnits });
    } else {
      setResult(null);
    }
  };

  const { room, busy, ready, error, setError, send } = useRoundRoom(
    "blackjack",
    (body) => show(body, "abandoned"),
    (snapshot) => {
      const open = tableFromSnapshot(snapshot.blackjack);
      if (open) setTable(open);
    },
  );
  const playing = table?.phase === "player";
  const affordsExtra =
    table !== null &&
    canAffordExtra(table, table.currency === "AMINA" ? bet.balances.AMINA : bet.balances.HC);

  const deal = async () => {
    if (!ready || playing) return;
    setError(null);
    if (bet.units > bet.balanceUnits) {
      setError(messageOf("bet/insufficient_balance"));
      return;
    }
    setResult(null);
    const body = await send("deal", { betAmount: formatUnits(bet.units), currency: bet.currency });
    if (body) show(body, "deal");
  };

  const move = async (type: Move) => {
    if (!ready || !playing) return;
    const body = await send(type);
    if (body) show(body, type);
  };

  const newGame = () => {
    setTable(null);
    setResult(null);
    setError(null);
    setRound(undefined);
  };

  useMainKey(() => {
    if (!table) void deal();
    else if (table.phase === "settled") newGame();
    else if (table.legal.stand) void move("stand");
  }, ready);

  const status = !table
    ? "Place your bet and deal the cards."
    : table.phase === "player"
      ? describePlaying(table)
      : `Dealer has ${table.dealerTotal}${table.dealerTotal > 21 ? " (bust)" : ""}`;

  return (
    <GameFrame
      gameType="blackjack"
      status={room.status}
      betPanel={
        <BetPanel
          bet={bet}
          busy={busy || playing === true}
          lockedCurrency={playing ? table?.currency : undefined}
        />
      }
    >
      <div className="panel bj-table">
        <div className="bj-dealer" data-testid="dealer-hand">
          <h3 className="bj-hand-title">
            Dealer: <span data-testid="dealer-total">{table ? table.dealerTotal : "–"}</span>
          </h3>
          <div className="card-row">
            {(table?.dealerCards ?? []).map((card, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: cards are only ever appended.
              <PlayingCard key={i} rank={card.rank} suit={card.suit} />
            ))}
          </div>
        </div>
        <p className="bj-status" data-testid="bj-status">
          {status}
        </p>
        <div className="bj-hands">
          {table?.hands.map((hand, index) => (
            <HandView
              // biome-ignore lint/suspicious/noArrayIndexKey: a round has at most two hands in a fixed order.
              key={index}
              hand={hand}
              index={index}
              count={table.hands.length}
              currency={table.currency}
              active={table.phase === "player" && index === table.activeHand}
            />
          ))}
        </div>
        <fieldset className="bj-actions choice-group">
          <legend className="sr-only">Blackjack actions</legend>
          {!table && (
            <PlayButton ready={ready} blocked={block !== null} onClick={() => void deal()}>
              DEAL CARDS
            </PlayButton>
          )}
          {table?.phase === "player" &&
            MOVES.map(({ move: name, primary, costsExtra }) => (
              <button
                key={name}
                type="button"
                className={primary ? "btn btn-primary" : "btn"}
                disabled={!ready || !table.legal[name] || (costsExtra && !affordsExtra)}
                onClick={() => void move(name)}
              >
                {name.toUpperCase()}
              </button>
            ))}
          {table?.phase === "settled" && (
            <button type="button" className="btn btn-primary btn-huge main-action" onClick={newGame}>
              New Game
            </button>
          )}
        </fieldset>
        <ErrorBox message={error} cause={`${bet.currency}|${block?.text ?? ""}`} />
        <ResultBox
          result={result ? { ...result, round } : null}
          idle={table ? "" : "Blackjack pays 3:2, dealer stands on soft 17."}
        />
      </div>
    </GameFrame>
  );
}
