import { CURRENCIES, GAME_CATALOGUE, SINGLE_PLAYER_GAMES } from "@casino/protocol";
import { useState } from "react";
import type { HistoryFilters } from "./historyQuery.ts";

/** A labelled local-day picker. */
function DayInput(props: { id: string; label: string; value: string; onChange: (day: string) => void }) {
  return (
    <label htmlFor={props.id}>
      <span className="field-label">{props.label}</span>
      <input
        id={props.id}
        type="date"
        className="input"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}

/** The filter bar of /history: edits a draft, applies it on submit. */
export function HistoryFilterBar(props: {
  filters: HistoryFilters;
  onApply: (filters: HistoryFilters) => void;
}) {
  const [draft, setDraft] = useState(props.filters);
  const set = (patch: Partial<HistoryFilters>) => setDraft((old) => ({ ...old, ...patch }));
  const titleOf = (id: string) => GAME_CATALOGUE.find((entry) => entry.id === id)?.title ?? id;
  return (
    <form
      className="panel history-filters"
      aria-label="Filters"
      onSubmit={(event) => {
        event.preventDefault();
        props.onApply(draft);
      }}
    >
      <label htmlFor="filter-game">
        <span className="field-label">Game</span>
        <select
          id="filter-game"
          className="input"
          value={draft.game}
          onChange={(e) => set({ game: e.target.value as HistoryFilters["game"] })}
        >
          <option value="">All games</option>
          {SINGLE_PLAYER_GAMES.map((game) => (
            <option key={game} value={game}>
              {titleOf(game)}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor="filter-currency">
        <span className="field-label">Currency</span>
        <select
          id="filter-currency"
          className="input"
          value={draft.currency}
          onChange={(e) => set({ currency: e.target.value as HistoryFilters["currency"] })}
        >
          <option value="">All</option>
          {CURRENCIES.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </select>
      </label>
      <DayInput id="filter-from" label="From" value={draft.from} onChange={(from) => set({ from })} />
      <DayInput id="filter-to" label="To" value={draft.to} onChange={(to) => set({ to })} />
      <label className="history-wins">
        <input
          type="checkbox"
          checked={draft.winsOnly}
          onChange={(e) => set({ winsOnly: e.target.checked })}
        />{" "}
        Wins only
      </label>
      <button type="submit" className="btn btn-primary">
        Apply
      </button>
    </form>
  );
}
