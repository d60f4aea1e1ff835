import {
  CURRENCIES,
  LEADERBOARD_GAMES,
  LEADERBOARD_METRICS,
  type LeaderboardPeriod,
  type LeaderboardQuery,
} from "@casino/protocol";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { QueryStatus } from "../../ui/QueryStatus.tsx";
import { StandingsHeader } from "./StandingsHeader.tsx";
import { fetchLeaderboard } from "./standingsApi.ts";
import { formatBoardValue, gameLabel, METRIC_LABELS, readBoardChoice } from "./standingsView.ts";
import "./standings.css";

/** How often an open board is read again (the server reuses a board for 30 s). */
const REFRESH_MS = 30_000;

const PERIOD_LABELS: Record<LeaderboardPeriod, string> = { day: "Today", week: "This week" };

/** A labelled list of choices. */
function SelectField<T extends string>(props: {
  id: string;
  label: string;
  value: T;
  options: [T, string][];
  onChange: (value: T) => void;
}) {
  return (
    <div className="standings-field">
      <label htmlFor={props.id} className="field-label">
        {props.label}
      </label>
      <select
        id={props.id}
        className="input"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as T)}
      >
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The board selectors: period buttons, then game, metric and currency lists. */
function BoardControls({
  choice,
  onChange,
}: {
  choice: LeaderboardQuery;
  onChange: (change: Partial<LeaderboardQuery>) => void;
}) {
  return (
    <div className="standings-controls">
      <fieldset className="standings-periods">
        <legend className="sr-only">Period</legend>
        {(Object.keys(PERIOD_LABELS) as LeaderboardPeriod[]).map((period) => (
          <button
            key={period}
            type="button"
            className={`btn ${choice.period === period ? "btn-primary" : "btn-ghost"}`}
            aria-pressed={choice.period === period}
            onClick={() => onChange({ period })}
          >
            {PERIOD_LABELS[period]}
          </button>
        ))}
      </fieldset>
      <SelectField
        id="board-game"
        label="Game"
        value={choice.game}
        options={LEADERBOARD_GAMES.map((game) => [game, gameLabel(game)])}
        onChange={(game) => onChange({ game })}
      />
      <SelectField
        id="board-metric"
        label="Ranking"
        value={choice.metric}
        options={LEADERBOARD_METRICS.map((metric) => [metric, METRIC_LABELS[metric]])}
        onChange={(metric) => onChange({ metric })}
      />
      <SelectField
        id="board-currency"
        label="Currency"
        value={choice.currency}
        options={CURRENCIES.map((currency) => [currency, currency])}
        onChange={(currency) => onChange({ currency })}
      />
    </div>
  );
}

/** Route /leaderboards: today's and this week's best players per game and currency (UTC periods). */
export default function LeaderboardsPage() {
  const [params, setParams] = useSearchParams();
  const choice = readBoardChoice(params);
  const board = useQuery({
    queryKey: ["leaderboard", choice],
    queryFn: ({ signal }) => fetchLeaderboard(choice, signal),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
    staleTime: REFRESH_MS,
  });
  // The table describes the board it shows: the previous one stays up while the next one loads.
  const shown: LeaderboardQuery = board.data ?? choice;
  const caption = `${METRIC_LABELS[shown.metric]}, ${gameLabel(shown.game)}, ${PERIOD_LABELS[shown.period].toLowerCase()} (UTC), ${shown.currency}`;
  const rows = board.data?.rows ?? [];
  return (
    <div className="page standings-page">
      <StandingsHeader title="Leaderboards" linkTo="/profile" linkText="My stats" />
      <BoardControls
        choice={choice}
        // Navigations render in transitions, so the last render may lag the URL: each change applies
        // to the URL as it is now, and quick successive changes all stay.
        onChange={(change) => {
          const now = readBoardChoice(new URLSearchParams(window.location.search));
          setParams(new URLSearchParams({ ...now, ...change }));
        }}
      />
      <section className="panel" aria-labelledby="board-caption">
        <QueryStatus
          query={board}
          loading="Loading leaderboard..."
          isEmpty={rows.length === 0}
          empty="No settled rounds yet in this period."
          emptyTestId="board-empty"
        />
        <table
          className="standings-table"
          data-testid="leaderboard"
          hidden={rows.length === 0}
          aria-busy={board.isFetching}
        >
          <caption id="board-caption">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Player</th>
              <th scope="col">{METRIC_LABELS[shown.metric]}</th>
              <th scope="col" className="standings-rounds">
                Rounds
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.rank}-${row.player}`} data-testid="board-row" className={`rank-${row.rank}`}>
                <td className="standings-rank">{row.rank}</td>
                <th scope="row" className={row.hidden ? "is-hidden" : undefined}>
                  {row.player}
                </th>
                <td className="mono">{formatBoardValue(row.value, shown.metric, shown.currency)}</td>
                <td className="mono standings-rounds">{row.rounds}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {board.data && (
          <p className="hint-text">
            {`Period ${new Date(board.data.from).toUTCString()} to ${new Date(board.data.to).toUTCString()}, updated every 30 seconds.`}
          </p>
        )}
      </section>
    </div>
  );
}
