import { GAME_CATALOGUE } from "@casino/protocol";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { GameSessionRecord } from "../api/types.ts";
import { ColumnHeads } from "../ui/ColumnHeads.tsx";
import { formatMoney, formatSignedMoney, formatTimestamp } from "../ui/format.ts";
import { PageHeader } from "../ui/PageHeader.tsx";
import { QueryStatus } from "../ui/QueryStatus.tsx";
import { verifyHrefOf } from "../verify/verifyParams.ts";
import { walletAddressAtom } from "../wallet/walletAtoms.ts";
import { HistoryFilterBar } from "./HistoryFilterBar.tsx";
import { fetchAllRounds, fetchHistoryPage } from "./historyApi.ts";
import { roundsToCsv } from "./historyCsv.ts";
import { type HistoryFilters, readHistoryFilters, writeHistoryFilters } from "./historyQuery.ts";
import { PokerHandsPanel } from "./PokerHandsPanel.tsx";
import { type RoundState, readRoundState, resumeHrefOf, VERDICT_WORDS } from "./roundState.ts";
import "./history.css";

/** The colour of a row's net by its verdict. */
const TONES: Record<RoundState["kind"], string> = {
  win: "tone-gain",
  loss: "tone-loss",
  push: "tone-none",
  open: "tone-open",
};

/** Offers a text as a file download. */
function downloadText(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** One round of the table with its Verify link (or why there is none yet). */
function RoundRow({ round }: { round: GameSessionRecord }) {
  const game = GAME_CATALOGUE.find((entry) => entry.id === round.gameType);
  const state = readRoundState(round);
  const href = verifyHrefOf(round);
  const title = game?.title ?? round.gameType;
  return (
    <tr data-testid="bet-row" data-game={round.gameType} data-nonce={round.nonce} data-state={state.kind}>
      <td data-label="Game">
        <span aria-hidden="true">{game?.icon ?? "🎲"}</span> {game?.title ?? round.gameType}
        {round.settledAutomatically && (
          <span className="badge auto-settled" data-testid="auto-settled">
            settled automatically
          </span>
        )}
      </td>
      <td data-label="Time">{formatTimestamp(round.createdAt)}</td>
      <td data-label="Bet" data-testid="bet-row-stake">
        {formatMoney(state.betUnits, state.currency)}
      </td>
      <td data-label="Win" data-testid="bet-row-payout">
        {state.kind === "open" ? "–" : formatMoney(state.winUnits, state.currency)}
      </td>
      <td data-label="Profit" className={TONES[state.kind]} data-testid="bet-row-net">
        {state.kind === "open" ? (
          <Link to={resumeHrefOf(round.gameType)} aria-label={`Open round: back to ${title}`}>
            Open: resume
          </Link>
        ) : (
          `${VERDICT_WORDS[state.kind]} ${formatSignedMoney(state.netUnits, state.currency)}`
        )}
      </td>
      <td data-label="Nonce" className="mono">
        {round.nonce}
      </td>
      <td data-label="Verify">
        {href ? (
          <Link
            to={href}
            className="btn btn-chip"
            aria-label={`Verify ${game?.title ?? round.gameType} round ${round.nonce}`}
          >
            Verify
          </Link>
        ) : (
          <span className="hint-text" data-testid="verify-unrevealed">
            Rotate your seed to verify
          </span>
        )}
      </td>
    </tr>
  );
}

/** Route /history: every round of the wallet, filtered, paged, exportable, each one verifiable. */
export default function HistoryPage() {
  const wallet = useAtomValue(walletAddressAtom);
  const [params, setParams] = useSearchParams();
  const filters = readHistoryFilters(params);
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [exporting, setExporting] = useState<string | null>(null);
  const cursor = cursors[cursors.length - 1] ?? null;
  const page = useQuery({
    queryKey: ["history-page", wallet, params.toString(), cursor],
    queryFn: ({ signal }) => fetchHistoryPage(wallet ?? "", filters, cursor, signal),
    enabled: wallet !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const applyFilters = (next: HistoryFilters) => {
    setCursors([null]);
    setParams(writeHistoryFilters(next));
  };

  const exportCsv = async () => {
    if (!wallet) return;
    setExporting("Exporting...");
    try {
      const rounds = await fetchAllRounds(wallet, filters);
      downloadText(roundsToCsv(rounds, window.location.origin), "bet-history.csv");
      setExporting(`Exported ${rounds.length} round${rounds.length === 1 ? "" : "s"}.`);
    } catch (error) {
      setExporting(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const rounds = page.data?.rounds ?? [];
  return (
    <div className="page history-page">
      <PageHeader title="Bet history" className="history-page-header">
        <Link to="/verify" className="btn btn-ghost">
          Verifier
        </Link>
      </PageHeader>
      {!wallet && <p className="empty-state">Connect a wallet to see your bets.</p>}
      {wallet && (
        <>
          <HistoryFilterBar filters={filters} onApply={applyFilters} />
          <div className="row gap history-actions">
            <button type="button" className="btn btn-ghost" onClick={() => void exportCsv()}>
              Export CSV
            </button>
            {exporting && (
              <span className="hint-text" role="status" data-testid="export-status">
                {exporting}
              </span>
            )}
          </div>
          <section className="panel" aria-label="Rounds">
            <QueryStatus
              query={page}
              loading="Loading history..."
              isEmpty={rounds.length === 0}
              empty="No rounds match these filters."
              emptyTestId="history-empty"
            />
            {rounds.length > 0 && (
              <table className="history-table">
                <ColumnHeads titles={["Game", "Time", "Bet", "Win", "Profit", "Nonce", "Verify"]} />
                <tbody>
                  {rounds.map((round) => (
                    <RoundRow key={String(round.id)} round={round} />
                  ))}
                </tbody>
              </table>
            )}
            <nav className="row gap history-pager" aria-label="Pages">
              <button
                type="button"
                className="btn btn-ghost"
                disabled={cursors.length <= 1}
                onClick={() => setCursors((old) => old.slice(0, -1))}
              >
                ← Newer
              </button>
              <span className="hint-text" data-testid="history-page-number">
                Page {cursors.length}
              </span>
              <button
                type="button"
                className="btn btn-ghost"
                disabled={!page.data?.nextCursor || page.isFetching}
                onClick={() => setCursors((old) => [...old, page.data?.nextCursor ?? null])}
              >
                Older →
              </button>
            </nav>
          </section>
          <PokerHandsPanel />
        </>
      )}
    </div>
  );
}
