import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { replayHref } from "../poker/replay/replayHref.ts";
import { ColumnHeads } from "../ui/ColumnHeads.tsx";
import { formatTimestamp } from "../ui/format.ts";
import { pokerVerifyHref } from "../verify/pokerSeenCards.ts";
import { fetchPlayedHands, type PlayedHand } from "./pokerHandsApi.ts";

/** One hand with its chip result and, once it ended, its Verify and Replay links. */
function HandRow({ hand }: { hand: PlayedHand }) {
  const result = hand.endStack === null ? null : hand.endStack - hand.startStack;
  return (
    <tr data-testid="poker-hand-row" data-hand-id={hand.handId}>
      <td data-label="Table">
        {hand.tableName} #{hand.handNumber}
      </td>
      <td data-label="Time">{formatTimestamp(hand.startedAt)}</td>
      <td data-label="Seat">{hand.seat}</td>
      <td data-label="Chips" className={result !== null && result > 0 ? "tone-gain" : "tone-none"}>
        {result === null ? "—" : `${result > 0 ? "+" : ""}${result}`}
      </td>
      <td data-label="Verify">
        {hand.status === "ended" ? (
          <span className="row gap">
            <Link
              to={pokerVerifyHref({
                handId: String(hand.handId),
                root: "",
                seedHash: "",
                board: [],
                holeCards: [],
              })}
              className="btn btn-chip"
              aria-label={`Verify poker hand ${hand.handId}`}
            >
              Verify
            </Link>
            <Link
              to={replayHref(hand.handId)}
              className="btn btn-chip"
              aria-label={`Replay poker hand ${hand.handId}`}
            >
              Replay
            </Link>
          </span>
        ) : (
          <span className="hint-text">{hand.status === "live" ? "In play" : "Voided"}</span>
        )}
      </td>
    </tr>
  );
}

/** The player's latest poker hands (GET /api/poker/hands), each verifiable by its id. */
export function PokerHandsPanel() {
  const hands = useQuery({ queryKey: ["played-hands"], queryFn: ({ signal }) => fetchPlayedHands(signal) });
  if (hands.isPending || hands.isError || hands.data.length === 0) return null;
  return (
    <section className="panel" aria-label="Poker hands" data-testid="poker-hands">
      <h2 className="history-section-title">Poker hands</h2>
      <table className="history-table">
        <ColumnHeads titles={["Table", "Time", "Seat", "Chips", "Verify"]} />
        <tbody>
          {hands.data.map((hand) => (
            <HandRow key={hand.handId} hand={hand} />
          ))}
        </tbody>
      </table>
    </section>
  );
}
