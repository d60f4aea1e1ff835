import { Link } from "react-router";
import "./fair.css";
import { replayHref } from "../replay/replayHref.ts";
import type { FinishedHand } from "./finishedHands.ts";

/** The hands finished while this page was open, each with a Verify link to the verifier page and a Replay link. */
export function FinishedHandsList({ hands }: { hands: readonly FinishedHand[] }) {
  if (hands.length === 0) return null;
  return (
    <div className="poker-fair-hands">
      <h3 className="poker-fair-hands-title">Hands played here</h3>
      <ul className="poker-fair-hand-list" data-testid="finished-hands">
        {hands.map((hand) => (
          <li key={hand.handId} data-hand-id={hand.handId}>
            <span>
              Hand #{hand.handNumber}
              {hand.watched ? "" : " (not watched from the deal)"}
            </span>
            <Link
              to={hand.verifyHref}
              className="btn btn-chip"
              aria-label={`Verify hand #${hand.handNumber} on the verifier page`}
            >
              Verify
            </Link>
            <Link
              to={replayHref(hand.handId)}
              className="btn btn-chip"
              aria-label={`Replay hand #${hand.handNumber}`}
            >
              Replay
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
