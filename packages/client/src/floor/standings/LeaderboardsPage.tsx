import {
  CURRENCIES,
  LEADERBOARD_GAMES,
  LEADERBOARD_METRICS,
  type LeaderboardMetric,
  type LeaderboardPeriod,
  type LeaderboardQuery,
} from "@casino/protocol";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { SelectField } from "../../ui/FormFields.tsx";
import { QueryStatus } from "../../ui/QueryStatus.tsx";
import { StandingsHeader } from "./StandingsHeader.tsx";
import { fetchLeaderboard } from "./standingsApi.ts";
import { formatBoardValue, gameLabel, METRIC_LABELS, readBoardChoice } from "./standingsView.ts";
import "./standings.css";

/** How often an open board is read again (the server reuses a board for 30 s). */
const REFRESH_MS = 30_000;

const PERIOD_LABELS: Record<LeaderboardPeriod, string> = { day: "Today", week: "This week" };

/** A ranking's name in the list. */
const metricLabel = (metric: LeaderboardMetric) => METRIC_LABELS[metric];

/** What the board's controls read and change. */
type BoardChoiceProps = {
  choice: LeaderboardQuery;
  onChange: (change: Partial<LeaderboardQuery>) => void;
};

/** The list that picks one part of the board's choice (`field`), its options named by `optionLabel`. */
function BoardList<K extends "game" | "metric" | "currency">(
  props: BoardChoiceProps & {
    field: K;
    label: string;
    options: readonly LeaderboardQuery[K][];
    optionLabel?: (value: LeaderboardQuery[K]) => string;
  },
) {
  return (
    <SelectField
      id={`board-${props.field}`}
      label={props.label}
      className="standings-field"
      value={props.choice[props.field]}
      options={props.options}
      optionLabel={props.optionLabel}
      onChange={(value) => props.onChange({ [props.field]: value } as Partial<LeaderboardQuery>)}
    />
  );
}

/** The board selectors: period buttons, then game, metric and currency lists. */
function BoardControls(props: BoardChoiceProps) {
  const { choice, onChange } = props;
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
      <BoardList {...props} field="game" label="Game" options={LEADERBOARD_GAMES} optionLabel={gameLabel} />
      <BoardList
        {...props}
        field="metric"
        label="Ranking"
        options={LEADERBOARD_METRICS}
        optionLabel={metricLabel}
      />
      <BoardList {...props} field="currency" label="Currency" options={CURRENCIES} />
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
