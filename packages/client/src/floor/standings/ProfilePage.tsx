import type { Currency, PlayerFigures, PlayerProfile } from "@casino/protocol";
import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useMemo, useState } from "react";
import { ColumnHeads } from "../../ui/ColumnHeads.tsx";
import { LineChart } from "../../ui/charts/LineChart.tsx";
import { coinsToUnits, formatPercent, formatSignedMoney } from "../../ui/format.ts";
import { walletAddressAtom } from "../../wallet/walletAtoms.ts";
import { StandingsHeader } from "./StandingsHeader.tsx";
import { fetchProfile } from "./standingsApi.ts";
import { formatCoins, formatProfit, gameLabel, toChartData } from "./standingsView.ts";
import "./standings.css";

/** One currency's totals as figure cards. */
function TotalsCard({ totals }: { totals: PlayerFigures }) {
  const { currency } = totals;
  const figures: [string, string, string?][] = [
    ["Wagered", formatCoins(totals.wagered, currency)],
    ["Profit", formatProfit(totals.profit, currency), totals.profit >= 0 ? "is-win" : "is-loss"],
    ["Rounds", String(totals.rounds)],
    ["Win rate", formatPercent(totals.winRate)],
    ["Biggest win", formatCoins(totals.biggestWin, currency)],
  ];
  return (
    <section
      className="panel standings-totals"
      aria-label={`${currency} totals`}
      data-testid={`totals-${currency}`}
    >
      <h2>{currency === "HC" ? "House Coins" : "AMINA"}</h2>
      <dl>
        {figures.map(([label, value, tone]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={tone}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The running profit over the latest rounds of one currency, with a currency switch. */
function ProfitChart({ profile }: { profile: PlayerProfile }) {
  const played = profile.totals.map((total) => total.currency);
  const [chosen, setChosen] = useState<Currency>(played[0] ?? "HC");
  const currency = played.includes(chosen) ? chosen : (played[0] ?? "HC");
  const points = profile.profitCurve[currency];
  const data = useMemo(() => toChartData(points), [points]);
  const last = points.at(-1)?.profit ?? 0;
  return (
    <section className="panel standings-chart" aria-labelledby="profit-chart-title">
      <header className="standings-header">
        <h2 id="profit-chart-title">Profit over your latest rounds</h2>
        <fieldset className="standings-periods">
          <legend className="sr-only">Currency</legend>
          {played.map((c) => (
            <button
              key={c}
              type="button"
              className={`btn ${c === currency ? "btn-primary" : "btn-ghost"}`}
              aria-pressed={c === currency}
              onClick={() => setChosen(c)}
            >
              {c}
            </button>
          ))}
        </fieldset>
      </header>
      {points.length < 2 ? (
        <p className="empty-state">Play a few rounds to draw your profit curve.</p>
      ) : (
        <LineChart
          testId="profit-chart"
          data={data}
          time={false}
          xLabel="Round"
          series={[{ label: `Profit (${currency})`, color: last >= 0 ? "#3ef0a1" : "#ff5d7a" }]}
          formatY={(value) => formatSignedMoney(coinsToUnits(value), currency)}
          summary={`Running profit over your last ${points.length} ${currency} rounds, ending at ${formatProfit(last, currency)}.`}
        />
      )}
    </section>
  );
}

/** The per-game table: one row per game and currency. */
function GamesTable({ profile }: { profile: PlayerProfile }) {
  return (
    <section className="panel" aria-labelledby="per-game-caption">
      <table className="standings-table" data-testid="profile-games">
        <caption id="per-game-caption">By game</caption>
        <ColumnHeads
          titles={["Game", "Currency", "Rounds", "Wagered", "Profit", "Win rate", "Biggest win"]}
        />
        <tbody>
          {profile.games.map((row) => (
            <tr key={`${row.game}-${row.currency}`} data-testid="profile-game-row">
              <th scope="row">{gameLabel(row.game)}</th>
              <td data-label="Currency">{row.currency}</td>
              <td data-label="Rounds" className="mono">
                {row.rounds}
              </td>
              <td data-label="Wagered" className="mono">
                {formatCoins(row.wagered, row.currency)}
              </td>
              <td data-label="Profit" className={`mono ${row.profit >= 0 ? "is-win" : "is-loss"}`}>
                {formatProfit(row.profit, row.currency)}
              </td>
              <td data-label="Win rate" className="mono">
                {formatPercent(row.winRate)}
              </td>
              <td data-label="Biggest win" className="mono">
                {formatCoins(row.biggestWin, row.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Route /profile: the player's own wagered, profit, rounds, win rate and biggest win, and the profit curve. */
export default function ProfilePage() {
  const wallet = useAtomValue(walletAddressAtom);
  const profile = useQuery({
    queryKey: ["profile", wallet],
    queryFn: ({ signal }) => fetchProfile(signal),
    enabled: wallet !== null,
    staleTime: 0,
  });
  const data = profile.data;
  return (
    <div className="page standings-page">
      <StandingsHeader
        title={data ? data.username : "My stats"}
        linkTo="/leaderboards"
        linkText="Leaderboards"
      />
      {!wallet && <p className="empty-state">Connect a wallet to see your stats.</p>}
      {profile.isPending && wallet && <p className="loading">Loading your stats...</p>}
      {profile.isError && (
        <p className="form-error" role="alert">
          {profile.error.message}
        </p>
      )}
      {data && data.totals.length === 0 && (
        <p className="empty-state" data-testid="profile-empty">
          No rounds yet: play a game and your stats appear here.
        </p>
      )}
      {data && data.totals.length > 0 && (
        <>
          <div className="standings-totals-grid">
            {data.totals.map((totals) => (
              <TotalsCard key={totals.currency} totals={totals} />
            ))}
          </div>
          <ProfitChart profile={data} />
          <GamesTable profile={data} />
        </>
      )}
    </div>
  );
}
