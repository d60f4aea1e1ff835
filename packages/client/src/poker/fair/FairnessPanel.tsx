import type { HandOpening } from "@casino/protocol";
import { useState } from "react";
import { requestApi } from "../../api/http.ts";
import { handHistoryPath, handOpeningPath } from "../api/pokerApi.ts";
import type { TableSnapshot } from "../table/tableSnapshot.ts";
import { FinishedHandsList } from "./FinishedHandsList.tsx";
import type { ObservedHand } from "./observedHand.ts";
import { useFinishedHands } from "./useFinishedHands.ts";
import { type HandVerdict, verifyPokerHand } from "./verifyPokerHand.ts";

/** The verdict as the panel words it. */
function describeVerdict(verdict: HandVerdict, handNumber: number): string {
  if (!verdict.ok) return `Hand #${handNumber} failed verification: ${verdict.message}`;
  return `Verified: the ${verdict.openedCards} cards opened for you in hand #${handNumber} (the board, shown hands and your own cards) were committed before the deal at the positions they were dealt from, and match the ${verdict.matchedCards} cards you saw`;
}

/** Fetches the last hand's opened positions and checks them against the commitment and the cards this browser saw. */
async function verifyLastHand(snapshot: TableSnapshot, observed: ObservedHand | undefined): Promise<string> {
  const handNumber = snapshot.lastHandNumber;
  if (!observed || observed.handNumber !== handNumber)
    return `Hand #${handNumber} was not watched from this page: only its commitment can be checked`;
  const answer = await requestApi<HandOpening>("GET", handOpeningPath(snapshot.lastHandId));
  if (!answer.ok) return `Hand #${handNumber} could not be fetched: ${answer.error.message}`;
  const published = {
    // What this page saw before the deal; a page that opened mid-hand falls back to the table's record.
    root: observed.root || snapshot.lastDeckRoot,
    seedHash: observed.seedHash || snapshot.lastRevealedCommitment,
  };
  const verdict = verifyPokerHand(
    answer.data,
    { board: observed.board, holeCards: observed.holeCards },
    published,
  );
  return describeVerdict(verdict, handNumber);
}

/** The commitment of the hand being played, the last hand's commitment with Verify, and the hands played here. */
export function FairnessPanel({
  snapshot,
  observed,
}: {
  snapshot: TableSnapshot;
  observed: ObservedHand | undefined;
}) {
  const [result, setResult] = useState<{ hand: number; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const finishedHands = useFinishedHands(snapshot, observed);
  const finished = snapshot.lastDeckRoot !== "" && snapshot.lastHandNumber > 0;
  const live = snapshot.gamePhase !== "waiting" && snapshot.deckCommitment !== "";
  return (
    <section className="panel poker-fair" aria-labelledby="poker-fair-title" data-testid="poker-fairness">
      <h2 id="poker-fair-title" className="poker-panel-title">
        Provably fair shuffle
      </h2>
      {live ? (
        <>
          <p>
            Hand #{snapshot.handNumber} deck commitment (Merkle root of the 52 positions, published before the
            deal):{" "}
            <code className="mono wrap" data-testid="deck-root">
              {snapshot.deckRoot}
            </code>
          </p>
          <p className="hint-text">
            Seed hash:{" "}
            <code className="mono wrap" data-testid="deck-commitment">
              {snapshot.deckCommitment}
            </code>
          </p>
        </>
      ) : (
        !finished && (
          <p className="hint-text">
            Each hand's deck is committed before the deal. Afterwards the board, shown hands and your own
            cards are opened against it; cards nobody showed stay secret.
          </p>
        )
      )}
      {finished && (
        <div className="poker-fair-last">
          <p>
            Hand #{snapshot.lastHandNumber} deck commitment:{" "}
            <code className="mono wrap" data-testid="last-deck-root">
              {snapshot.lastDeckRoot}
            </code>
          </p>
          <p className="hint-text">
            Seed hash: <code className="mono wrap">{snapshot.lastRevealedCommitment}</code>
          </p>
          <p className="hint-text">
            Client seeds (seat order):{" "}
            <span className="mono wrap">{snapshot.lastClientSeeds.join(" | ")}</span>
          </p>
          <div className="row gap">
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                const text = await verifyLastHand(snapshot, observed);
                setResult({ hand: snapshot.lastHandNumber, text });
                setBusy(false);
              }}
            >
              Verify
            </button>
            {observed?.handNumber === snapshot.lastHandNumber &&
              observed.viewerPlayed &&
              snapshot.lastHandId && (
                <a
                  className="btn btn-ghost"
                  href={handHistoryPath(snapshot.lastHandId)}
                  target="_blank"
                  rel="noreferrer"
                >
                  Hand history
                </a>
              )}
          </div>
          {result?.hand === snapshot.lastHandNumber && (
            <p
              className={result.text.startsWith("Verified") ? "ok-text" : "form-error"}
              role="status"
              data-testid="verify-result"
            >
              {result.text}
            </p>
          )}
        </div>
      )}
      <FinishedHandsList hands={finishedHands} />
    </section>
  );
}
