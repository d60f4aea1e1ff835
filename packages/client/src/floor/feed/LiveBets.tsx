import type { FeedRow, FeedTab } from "@casino/protocol";
import { type KeyboardEvent, useRef, useState } from "react";
import { Link } from "react-router";
import { judgeNet } from "../../games/frame/roundOutcome.ts";
import { formatMoney, formatMultiplier, toUnits } from "../../ui/format.ts";
import { verifyHrefOf } from "../../verify/verifyParams.ts";
import { useLiveFeed } from "./useLiveFeed.ts";
import "./liveBets.css";

/** The tabs in order, with their labels. */
const TABS: { id: FeedTab; label: string }[] = [
  { id: "all", label: "All bets" },
  { id: "high", label: "High rollers" },
  { id: "mine", label: "My bets" },
];

/** The table's columns, in order (amounts right-aligned); `col` names the class the narrow layouts drop. */
const COLUMNS: { label: string; col: string; numeric?: boolean }[] = [
  { label: "Player", col: "col-player" },
  { label: "Game", col: "col-game" },
  { label: "Time", col: "col-time" },
  { label: "Stake", col: "col-stake", numeric: true },
  { label: "Multiplier", col: "col-multiplier", numeric: true },
  { label: "Payout", col: "col-payout", numeric: true },
  { label: "Verify", col: "col-verify" },
];

/** What a tab says while it has no rows. */
const EMPTY_TEXT: Record<FeedTab, string> = {
  all: "No bets yet: the first one shows here as it settles.",
  high: "No high rollers yet.",
  mine: "Your settled bets show here.",
};

/** The verify cell: a link once the seed is revealed (a poker hand by id), else the wait. */
function VerifyCell({ row }: { row: FeedRow }) {
  if (row.game === "poker" && row.handId !== undefined)
    return <Link to={`/verify?game=poker&handId=${row.handId}`}>Verify</Link>;
  const href = row.verify ? verifyHrefOf({ gameType: row.game, ...row.verify }) : null;
  if (!href) return <span className="live-bets-wait">seed not revealed yet</span>;
  return <Link to={href}>Verify</Link>;
}

/** One settled round. */
function BetRow({ row }: { row: FeedRow }) {
  const stake = toUnits(row.stake);
  const payout = toUnits(row.payout);
  const verdict = judgeNet(stake, payout);
  return (
    <tr className={`live-bets-${verdict}`} data-testid="live-bet-row" data-verdict={verdict}>
      <td className="col-player live-bets-player">{row.player}</td>
      <td className="col-game live-bets-game">{row.game}</td>
      <td className="col-time">
        <time dateTime={new Date(row.at).toISOString()}>
          {new Date(row.at).toLocaleTimeString("en-US", { hour12: false })}
        </time>
      </td>
      <td className="col-stake num" data-testid="live-bet-stake">
        {formatMoney(stake, row.currency)}
      </td>
      <td className="col-multiplier num" data-testid="live-bet-multiplier">
        {formatMultiplier(row.multiplier)}
      </td>
      <td className="col-payout num live-bets-payout" data-testid="live-bet-payout">
        {formatMoney(payout, row.currency)}
      </td>
      <td className="col-verify">
        <VerifyCell row={row} />
      </td>
    </tr>
  );
}

/**
 * The live bets table (lobby and beside every game): All bets, High rollers, My bets as ARIA tabs
 * (arrow keys, Home and End move between them), rows arriving as rounds settle anywhere in the casino.
 */
export function LiveBets({ compact = false }: { compact?: boolean }) {
  const feed = useLiveFeed();
  const [tab, setTab] = useState<FeedTab>("all");
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const rows = feed[tab];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((t) => t.id === tab);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: TABS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + TABS.length) % TABS.length;
    setTab(TABS[next]?.id ?? "all");
    buttons.current[next]?.focus();
  };

  return (
    <section
      className={`live-bets panel${compact ? " live-bets-compact" : ""}`}
      aria-labelledby="live-bets-title"
      data-testid="live-bets"
    >
      <header className="live-bets-head">
        <h2 id="live-bets-title">Live bets</h2>
        <span
          className={`badge live-bets-status${feed.live ? " is-live" : ""}`}
          data-testid="live-bets-status"
        >
          {feed.live ? "Live" : "Updating every 5 s"}
        </span>
      </header>
      <div role="tablist" aria-label="Live bets" className="live-bets-tabs" onKeyDown={onKeyDown}>
        {TABS.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`live-bets-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls="live-bets-panel"
            tabIndex={tab === t.id ? 0 : -1}
            className={tab === t.id ? "is-active" : undefined}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id="live-bets-panel"
        aria-labelledby={`live-bets-tab-${tab}`}
        className="live-bets-panel"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling table must be reachable by keyboard
        tabIndex={0}
      >
        {rows.length === 0 ? (
          <p className="live-bets-empty">{EMPTY_TEXT[tab]}</p>
        ) : (
          <table className="live-bets-table">
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <th
                    key={column.label}
                    scope="col"
                    className={`${column.col}${column.numeric ? " num" : ""}`}
                  >
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.slice(0, compact ? 12 : rows.length).map((row) => (
                <BetRow key={row.id} row={row} />
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
