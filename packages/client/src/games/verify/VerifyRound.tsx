import { useAtomValue } from "jotai";
import { useState } from "react";
import { Link } from "react-router";
import { gameSessionsPath } from "../../api/fairApi.ts";
import { describeApiFailure, requestApi } from "../../api/http.ts";
import type { GameSessionRecord } from "../../api/types.ts";
import { walletAddressAtom } from "../../wallet/walletAtoms.ts";
import { checkPlayedRound, type PlayedRoundCheck, VERIFY_HISTORY_LIMIT } from "./checkPlayedRound.ts";

/** What the verdict says, and how it is coloured. */
function describeVerdict(check: PlayedRoundCheck | { kind: "failed"; detail: string }) {
  switch (check.kind) {
    case "match":
      return {
        text: "Verified: the replay from the revealed seeds gives this exact result.",
        tone: "ok-text",
      };
    case "mismatch":
      return { text: `Mismatch: ${check.detail}`, tone: "form-error" };
    case "unrevealed":
      return {
        text: "The server seed of this round is still secret. Generate a new server seed in the lobby's Provably Fair panel to reveal it, then verify.",
        tone: "hint-text",
      };
    case "missing":
      return { text: "This round is not settled in your history yet.", tone: "hint-text" };
    case "error":
      return { text: `Cannot verify: ${check.detail}`, tone: "form-error" };
    case "failed":
      return { text: `Cannot load the history: ${check.detail}`, tone: "form-error" };
  }
}

/**
 * The Verify link under a result: recomputes the round in the browser from its seeds once the server
 * seed is revealed, or says it is still secret and points to the lobby's seed panel.
 */
export function VerifyRound({ roundId, nonce }: { roundId: string | number; nonce: number }) {
  const wallet = useAtomValue(walletAddressAtom);
  const [verdict, setVerdict] = useState<PlayedRoundCheck | { kind: "failed"; detail: string } | null>(null);
  const [checking, setChecking] = useState(false);
  const verify = async () => {
    if (!wallet) return;
    setChecking(true);
    const rows = await requestApi<GameSessionRecord[]>(
      "GET",
      `${gameSessionsPath(wallet)}?limit=${VERIFY_HISTORY_LIMIT}`,
    );
    setChecking(false);
    setVerdict(
      rows.ok
        ? checkPlayedRound(rows.data, roundId)
        : { kind: "failed", detail: describeApiFailure(rows.error) },
    );
  };
  const shown = verdict ? describeVerdict(verdict) : null;
  return (
    <div className="verify-round" data-testid="verify-round">
      <button
        type="button"
        className="btn btn-ghost btn-chip"
        onClick={() => void verify()}
        disabled={checking || !wallet}
        aria-label={`Verify round ${nonce}`}
      >
        {checking ? "Verifying..." : `Verify round #${nonce}`}
      </button>
      {shown && (
        <p className={shown.tone} data-testid="verify-verdict" data-kind={verdict?.kind} role="status">
          {shown.text}
          {verdict?.kind === "unrevealed" && (
            <>
              {" "}
              <Link to="/casino#seed-title">Open the seed panel</Link>
            </>
          )}
        </p>
      )}
    </div>
  );
}
