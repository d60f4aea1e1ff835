import { useState } from "react";
import type { RoundRef } from "../room/gameReply.ts";
import { VerifyRound } from "../verify/VerifyRound.tsx";

/** How a result reads: a win, a loss, a push (the stake back) or neutral information. */
export type ResultTone = "win" | "loss" | "push" | "info";

/** A shown result: its text, tone and the round to verify. */
export type ShownResult = { text: string; tone: ResultTone; round?: RoundRef | undefined };

/** The result box: announced to screen readers (live region), with the round's Verify link. */
export function ResultBox({ result, idle }: { result: ShownResult | null; idle?: string }) {
  return (
    <div className={`result-box result-${result?.tone ?? "idle"}`} data-testid="result-box">
      <p role="status" aria-live="polite" aria-atomic="true" data-testid="result-text">
        {result?.text ?? idle ?? ""}
      </p>
      {result?.round && <VerifyRound roundId={result.round.id} nonce={result.round.nonce} />}
    </div>
  );
}

/**
 * The red box of a refused action (SPEC.md section 8). `cause` names what the refusal depended on
 * (the currency, the pause): when it changes the message is out of date and is no longer shown.
 */
export function ErrorBox({ message, cause = "" }: { message: string | null; cause?: string }) {
  const [seen, setSeen] = useState({ message, cause, stale: false });
  if (seen.message !== message) setSeen({ message, cause, stale: false });
  else if (!seen.stale && seen.cause !== cause) setSeen({ ...seen, stale: true });
  if (!message || (seen.message === message && (seen.stale || seen.cause !== cause))) return null;
  return (
    <p className="game-error" role="alert" data-testid="game-error">
      {message}
    </p>
  );
}
