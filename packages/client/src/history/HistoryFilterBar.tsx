import { CURRENCIES, GAME_CATALOGUE, SINGLE_PLAYER_GAMES } from "@casino/protocol";
import { useState } from "react";
import { CheckboxField, SelectField } from "../ui/FormFields.tsx";
import type { HistoryFilters } from "./historyQuery.ts";

/** The game filter's values: any game, then each single-player game. */
const GAME_FILTERS: readonly HistoryFilters["game"][] = ["", ...SINGLE_PLAYER_GAMES];
/** The currency filter's values: any currency, then each one. */
const CURRENCY_FILTERS: readonly HistoryFilters["currency"][] = ["", ...CURRENCIES];

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
      <SelectField
        id="filter-game"
        label="Game"
        value={draft.game}
        options={GAME_FILTERS}
        optionLabel={(game) => (game === "" ? "All games" : titleOf(game))}
        onChange={(game) => set({ game })}
      />
      <SelectField
        id="filter-currency"
        label="Currency"
        value={draft.currency}
        options={CURRENCY_FILTERS}
        optionLabel={(currency) => (currency === "" ? "All" : currency)}
        onChange={(currency) => set({ currency })}
      />
      <DayInput id="filter-from" label="From" value={draft.from} onChange={(from) => set({ from })} />
      <DayInput id="filter-to" label="To" value={draft.to} onChange={(to) => set({ to })} />
      <CheckboxField
        className="history-wins"
        label="Wins only"
        checked={draft.winsOnly}
        onChange={(winsOnly) => set({ winsOnly })}
      />
      <button type="submit" className="btn btn-primary">
        Apply
      </button>
    </form>
  );
}
