import { GAME_CATALOGUE } from "@casino/protocol";
import { useState } from "react";
import { Link } from "react-router";
import { useGameSessions } from "../api/queries.ts";
import type { GameSessionRecord } from "../api/types.ts";
import { formatMoney, formatSignedMoney, formatTimestamp } from "../ui/format.ts";
import { Icon } from "../ui/icons.tsx";
import { QueryStatus } from "../ui/QueryStatus.tsx";
import { readRoundState, resumeHrefOf, VERDICT_WORDS } from "./roundState.ts";
import { type RoundCheck, verifyHistoryRound } from "./verifyHistoryRound.ts";
import "./history.css";

/** SPEC.md section 9: the history panel shows the 10 latest rounds. */
export const HISTORY_ROWS = 10;

function describeCheck(check: RoundCheck): { text: string; className: string } {
  switch (check.kind) {
    case "match":
      return { text: "✓ Verified: the seeds reproduce this outcome", className: "ok-text" };
    case "mismatch":
      return { text: `✗ Mismatch: ${check.detail}`, className: "form-error" };
    case "unrevealed":
      return {
        text: "Seed not revealed yet: generate a new server seed, then verify",
        className: "hint-text",
      };
    case "error":
      return { text: `Cannot verify: ${check.detail}`, className: "form-error" };
  }
}

function HistoryRow({ round }: { round: GameSessionRecord }) {
  const [check, setCheck] = useState<RoundCheck | null>(null);
  const game = GAME_CATALOGUE.find((entry) => entry.id === round.gameType);
  const state = readRoundState(round);
  const shown = check ? describeCheck(check) : null;
  return (
    <li className="history-row record-row" data-testid="history-row">
      <span className="record-title">
        <span aria-hidden="true">{game?.icon ?? "🎲"}</span> {game?.title ?? round.gameType}
      </span>
      <span className="history-bet">Bet {formatMoney(state.betUnits, state.currency)}</span>
      {state.kind === "open" ? (
        <Link to={resumeHrefOf(round.gameType)} className="tone-open" data-testid="history-net">
          Open: resume
        </Link>
      ) : (
        <span className={state.kind === "win" ? "tone-gain" : "tone-none"} data-testid="history-net">
          {VERDICT_WORDS[state.kind]} {formatSignedMoney(state.netUnits, state.currency)} · paid{" "}
          {formatMoney(state.winUnits, state.currency)}
        </span>
      )}
      <span className="history-time record-meta">{formatTimestamp(round.createdAt)}</span>
      <span className="record-meta mono">nonce {round.nonce}</span>
      <button
        type="button"
        className="btn btn-chip"
        onClick={() => setCheck(verifyHistoryRound(round))}
        aria-label={`Verify ${game?.title ?? round.gameType} round ${round.nonce}`}
      >
        Verify
      </button>
      {shown && (
        <p
          className={`history-check ${shown.className}`}
          role="status"
          data-testid="verify-result"
          data-kind={check?.kind}
        >
          {shown.text}
        </p>
      )}
    </li>
  );
}

/** The connected wallet's latest rounds, each verifiable in the browser from its revealed seeds. */
export function HistoryPanel({ wallet }: { wallet: string }) {
  const sessions = useGameSessions(wallet);
  const rounds = (sessions.data ?? []).slice(0, HISTORY_ROWS);
  return (
    <section className="panel history-panel" aria-labelledby="history-title" data-testid="history-panel">
      <h2 id="history-title">
        <Icon name="history" /> Game History
      </h2>
      <p className="history-links">
        <Link to="/history">Full history</Link> · <Link to="/verify">Verifier</Link>
      </p>
      <QueryStatus
        query={sessions}
        loading="Loading history..."
        isEmpty={rounds.length === 0}
        empty="No rounds yet. Play a game and it will appear here."
      />
      {rounds.length > 0 && (
        <ul className="record-list">
          {rounds.map((round) => (
            <HistoryRow key={String(round.id)} round={round} />
          ))}
        </ul>
      )}
    </section>
  );
}
