import { CURRENCIES, type Currency, unitsToCoins } from "@casino/protocol";
import { useAtomValue } from "jotai";
import { lazy, Suspense, useMemo } from "react";
import type uPlot from "uplot";
import { formatAmount, formatSignedAmount, formatSignedMoney } from "../../ui/format.ts";
import type { CurrencySession } from "./sessionTally.ts";
import { sessionStatsAtom } from "./useRecordRound.ts";
import "./session-stats.css";

/** The chart's code (uPlot): loaded with the first round played, not with the game's screen. */
const LineChart = lazy(async () => ({ default: (await import("../../ui/charts/LineChart.tsx")).LineChart }));

/** One currency's line: bets, wagered, profit, wins and losses. */
function CurrencyRow({ currency, session }: { currency: Currency; session: CurrencySession }) {
  const tone = session.profitUnits > 0 ? "is-up" : session.profitUnits < 0 ? "is-down" : "";
  return (
    <tr data-testid={`session-row-${currency}`}>
      <th scope="row">{currency}</th>
      <td data-testid="session-bets">{session.rounds}</td>
      <td>{formatAmount(session.wageredUnits, currency)}</td>
      <td className={tone} data-testid="session-profit">
        {formatSignedAmount(session.profitUnits, currency)}
      </td>
      <td>
        {session.wins}/{session.losses}
      </td>
    </tr>
  );
}

/** The profit line of one currency, in coins after each round. */
function ProfitChart({ currency, session }: { currency: Currency; session: CurrencySession }) {
  const data = useMemo<uPlot.AlignedData>(
    () => [session.profitPoints.map((_, i) => i), session.profitPoints.map(unitsToCoins)],
    [session.profitPoints],
  );
  return (
    <LineChart
      data={data}
      series={[{ label: `Profit ${currency}`, color: "#37e6ff" }]}
      summary={`Profit in ${currency} over this session's ${session.rounds} rounds: ${formatSignedMoney(session.profitUnits, currency)}`}
      height={120}
      time={false}
      testId="session-chart"
    />
  );
}

/** Session stats since the page opened, per currency, with the profit line of the latest currency played. */
export function SessionStatsPanel() {
  const stats = useAtomValue(sessionStatsAtom);
  const played = CURRENCIES.filter((currency) => stats.byCurrency[currency]);
  const charted = stats.latest ? stats.byCurrency[stats.latest] : undefined;
  return (
    <section className="panel session-stats" aria-label="Session stats" data-testid="session-stats">
      <h2 className="session-title">This session</h2>
      {played.length === 0 ? (
        <p className="hint-text">No bets yet since this page opened.</p>
      ) : (
        <>
          <table className="session-table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="sr-only">Currency</span>
                </th>
                <th scope="col">Bets</th>
                <th scope="col">Wagered</th>
                <th scope="col">Profit</th>
                <th scope="col">W/L</th>
              </tr>
            </thead>
            <tbody>
              {played.map((currency) => {
                const session = stats.byCurrency[currency];
                return session ? <CurrencyRow key={currency} currency={currency} session={session} /> : null;
              })}
            </tbody>
          </table>
          {stats.latest && charted && (
            <Suspense fallback={null}>
              <ProfitChart currency={stats.latest} session={charted} />
            </Suspense>
          )}
        </>
      )}
    </section>
  );
}
