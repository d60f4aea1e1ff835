import { type FeedRow, type FeedTab, UNITS_PER_COIN } from "@casino/protocol";
import { type KeyboardEvent, useRef, useState } from "react";
import { Link } from "react-router";
import { formatAmina, formatHC } from "../../ui/format.ts";
import { verifyHrefOf } from "../../verify/verifyParams.ts";
import { useLiveFeed } from "./useLiveFeed.ts";
import "./liveBets.css";

/** The tabs in order, with their labels. */
const TABS: { id: FeedTab; label: string }[] = [
  { id: "all", label: "All bets" },
  { id: "high", label: "High rollers" },
  { id: "mine", label: "My bets" },
];

/** The table's columns, in order (amounts right-aligned). */
const COLUMNS: { label: string; numeric?: boolean }[] = [
  { label: "Player" },
  { label: "Game" },
  { label: "Time" },
  { label: "Stake", numeric: true },
  { label: "Multiplier", numeric: true },
  { label: "Payout", numeric: true },
  { label: "Currency" },
  { label: "Verify" },
];

/** What a tab says while it has no rows. */
const EMPTY_TEXT: Record<FeedTab, string> = {
  all: "No bets yet: the first one shows here as it settles.",
  high: "No high rollers yet.",
  mine: "Your settled bets show here.",
};

/** An amount in coins with its currency's decimals. */
function formatAmount(coins: number, currency: FeedRow["currency"]): string {
  const units = Math.round(coins * UNITS_PER_COIN);
  return currency === "HC" ? formatHC(units) : formatAmina(units, 3);
}

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
  const won = row.payout > row.stake;
  return (
    <tr className={won ? "live-bets-win" : undefined} data-testid="live-bet-row">
      <td className="live-bets-player">{row.player}</td>
      <td className="live-bets-game">{row.game}</td>
      <td>
        <time dateTime={new Date(row.at).toISOString()}>
          {new Date(row.at).toLocaleTimeString("en-US", { hour12: false })}
        </time>
      </td>
      <td className="num">{formatAmount(row.stake, row.currency)}</td>
      <td className="num">{row.multiplier.toFixed(2)}x</td>
      <td className="num live-bets-payout">{formatAmount(row.payout, row.currency)}</td>
      <td>{row.currency}</td>
      <td>
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
      >
        {rows.length === 0 ? (
          <p className="live-bets-empty">{EMPTY_TEXT[tab]}</p>
        ) : (
          <table className="live-bets-table">
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column.label} scope="col" className={column.numeric ? "num" : undefined}>
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
