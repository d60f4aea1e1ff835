import { cardFace, type TableEvent } from "@casino/protocol";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { fetchApi } from "../../api/http.ts";
import { handHistoryPath } from "../api/pokerApi.ts";
import { CardView } from "../table/CardView.tsx";
import { CommunityCards } from "../table/CommunityCards.tsx";
import { buildFrames, findNextStreet, findPreviousStreet, type ReplayFrame } from "./replayFrames.ts";
import "./replay.css";

/** What the replayer reads of GET /api/poker/hands/{id}: the events as this player may see them. */
type StoredHand = { id: number; tableId: string; handNumber: number; seat: number; events: TableEvent[] };

/** The street names a frame is shown under. */
const STREET_NAMES: Record<ReplayFrame["street"], string> = {
  preflop: "Pre-flop",
  flop: "Flop",
  turn: "Turn",
  river: "River",
  showdown: "Showdown",
};

/** One seat of the replayed table. */
function ReplaySeatView({ seat, isMe }: { seat: ReplayFrame["seats"][number]; isMe: boolean }) {
  return (
    <li
      className={`poker-replay-seat ${isMe ? "is-me" : ""} ${seat.folded ? "is-folded" : ""}`}
      data-testid={`replay-seat-${seat.seat}`}
    >
      <span className="poker-replay-cards">
        {seat.cards.length > 0
          ? seat.cards.map((card) => <CardView key={card} card={cardFace(card)} size="sm" />)
          : !seat.folded && (
              <>
                <CardView state="back" size="sm" />
                <CardView state="back" size="sm" />
              </>
            )}
      </span>
      <span className="poker-replay-name">
        {seat.name}
        {isMe && <span className="poker-you"> (you)</span>}
      </span>
      <span className="poker-replay-stack mono">{seat.stack}</span>
      {seat.bet > 0 && <span className="poker-replay-bet mono">bet {seat.bet}</span>}
      {seat.folded && <span className="poker-tag">Folded</span>}
      {seat.allIn && <span className="poker-tag">All-in</span>}
    </li>
  );
}

/** A finished hand the player sat in, replayed step by step or street by street from its hand history's records. */
export function HandReplayer({ handId, onClose }: { handId: string; onClose: () => void }) {
  const hand = useQuery({
    queryKey: ["poker-hand", handId],
    queryFn: ({ signal }) => fetchApi<StoredHand>(`/api/poker/hands/${encodeURIComponent(handId)}`, signal),
    retry: false,
  });
  const frames = useMemo(() => (hand.data ? buildFrames(hand.data.events) : []), [hand.data]);
  const [at, setAt] = useState(0);

  if (hand.isPending) return <p className="loading poker-status-line">Loading the hand...</p>;
  if (hand.isError || frames.length === 0)
    return (
      <section className="panel placeholder-screen">
        <h1>Hand not available</h1>
        <p>{hand.isError ? hand.error.message : "This hand has nothing to replay."}</p>
        <button type="button" className="btn" onClick={onClose}>
          Back to poker
        </button>
      </section>
    );
  const frame = frames[Math.min(at, frames.length - 1)]!;
  const last = frames.length - 1;
  const steps: { label: string; to: number; disabled: boolean }[] = [
    { label: "Start", to: 0, disabled: at === 0 },
    { label: "Previous street", to: findPreviousStreet(frames, at), disabled: at === 0 },
    { label: "Previous action", to: at - 1, disabled: at === 0 },
    { label: "Next action", to: at + 1, disabled: at === last },
    { label: "Next street", to: findNextStreet(frames, at), disabled: at === last },
    { label: "End", to: last, disabled: at === last },
  ];
  return (
    <section className="poker-replay" aria-labelledby="poker-replay-title" data-testid="hand-replayer">
      <header className="poker-table-bar">
        <div>
          <h1 id="poker-replay-title" className="poker-table-title">
            Replay of hand #{hand.data.handNumber}
          </h1>
          <p className="hint-text">
            {hand.data.tableId} · step {at + 1} of {frames.length} ·{" "}
            <a href={handHistoryPath(String(hand.data.id))} download>
              Hand history
            </a>
          </p>
        </div>
        <button type="button" className="btn" onClick={onClose}>
          Back to poker
        </button>
      </header>
      <div className="panel poker-replay-table">
        <p className="poker-phase" data-testid="replay-street">
          {STREET_NAMES[frame.street]}
        </p>
        <CommunityCards cards={frame.board.map((card) => cardFace(card))} testId="replay-board" />
        <p className="poker-pot">
          Pot <strong data-testid="replay-pot">{frame.pot}</strong>
        </p>
        <p className="poker-replay-step" aria-live="polite" data-testid="replay-step">
          {frame.text}
        </p>
        <ul className="poker-replay-seats" aria-label="Seats">
          {frame.seats.map((seat) => (
            <ReplaySeatView key={seat.seat} seat={seat} isMe={seat.seat === hand.data.seat} />
          ))}
        </ul>
      </div>
      <nav className="poker-replay-controls" aria-label="Replay steps">
        {steps.map((step) => (
          <button
            key={step.label}
            type="button"
            className="btn"
            disabled={step.disabled}
            onClick={() => setAt(Math.max(0, Math.min(last, step.to)))}
          >
            {step.label}
          </button>
        ))}
      </nav>
    </section>
  );
}
