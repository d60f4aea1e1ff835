import { useState } from "react";
import { requestApi } from "../../api/http.ts";
import { handHistoryPath, handRecordPath } from "../api/pokerApi.ts";
import type { TableSnapshot } from "../table/tableSnapshot.ts";
import { type ObservedHand, readHandPositions } from "./observedHand.ts";
import { type HandVerdict, verifyPokerHand } from "./verifyPokerHand.ts";

/** The verdict as the panel words it. */
function describeVerdict(verdict: HandVerdict, handNumber: number): string {
  if (!verdict.ok) return `Hand #${handNumber} failed verification: ${verdict.message}`;
  return `Verified: the seed matches the commitment and its deck deals the ${verdict.matchedCards} cards you saw in hand #${handNumber}`;
}

/** Rebuilds the last hand's deck in the browser and compares it with the cards this browser saw. */
async function verifyLastHand(snapshot: TableSnapshot, observed: ObservedHand | undefined): Promise<string> {
  const handNumber = snapshot.lastHandNumber;
  if (!observed || observed.handNumber !== handNumber)
    return `Hand #${handNumber} was not watched from this page: only its commitment can be checked`;
  // The stored hand names the dealt-in seats even if someone left as it ended; spectators use what they saw.
  const record = observed.viewerPlayed
    ? await requestApi<unknown>("GET", handRecordPath(snapshot.lastHandId))
    : null;
  const positions = (record?.ok ? readHandPositions(record.data) : null) ?? observed;
  const verdict = verifyPokerHand(
    {
      handSeed: snapshot.lastRevealedSeed,
      deckHash: snapshot.lastRevealedCommitment,
      clientSeeds: snapshot.lastClientSeeds,
      handNumber,
      buttonSeat: positions.buttonSeat,
      dealtSeats: positions.dealtSeats,
      maxPlayers: snapshot.maxPlayers,
    },
    { board: observed.board, holeCards: observed.holeCards },
  );
  return describeVerdict(verdict, handNumber);
}

/** The shuffle commitment of the hand being played, and the last hand's revealed seed with Verify. */
export function FairnessPanel({
  snapshot,
  observed,
}: {
  snapshot: TableSnapshot;
  observed: ObservedHand | undefined;
}) {
  const [result, setResult] = useState<{ hand: number; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const revealed = snapshot.lastRevealedSeed !== "" && snapshot.lastHandNumber > 0;
  const live = snapshot.gamePhase !== "waiting" && snapshot.deckCommitment !== "";
  return (
    <section className="panel poker-fair" aria-labelledby="poker-fair-title" data-testid="poker-fairness">
      <h2 id="poker-fair-title" className="poker-panel-title">
        Provably fair shuffle
      </h2>
      {live ? (
        <p>
          Hand #{snapshot.handNumber} commitment (SHA-256 of the secret seed, published before the deal):{" "}
          <code className="mono wrap" data-testid="deck-commitment">
            {snapshot.deckCommitment}
          </code>
        </p>
      ) : (
        !revealed && (
          <p className="hint-text">Each hand's deck is committed before the deal and revealed after it.</p>
        )
      )}
      {revealed && (
        <div className="poker-fair-last">
          <p>
            Hand #{snapshot.lastHandNumber} seed:{" "}
            <code className="mono wrap" data-testid="revealed-seed">
              {snapshot.lastRevealedSeed}
            </code>
          </p>
          <p>
            Commitment: <code className="mono wrap">{snapshot.lastRevealedCommitment}</code>
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
    </section>
  );
}
