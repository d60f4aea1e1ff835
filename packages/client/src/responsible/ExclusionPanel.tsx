import type { LimitsAnswer } from "@casino/protocol/schemas/responsible";
import { useState } from "react";
import { describeApiFailure } from "../api/http.ts";
import { formatUtc } from "./limitsRules.ts";
import { startCoolOff, startSelfExclusion, useShowSavedLimits } from "./responsibleApi.ts";

/** Cool-off lengths in hours. */
const COOL_OFF_CHOICES = [
  { value: 24, label: "24 hours" },
  { value: 72, label: "3 days" },
  { value: 168, label: "1 week" },
  { value: 336, label: "2 weeks" },
  { value: 1008, label: "6 weeks" },
];
/** Self-exclusion lengths in months. */
const EXCLUSION_CHOICES = [
  { value: 6, label: "6 months" },
  { value: 12, label: "1 year" },
  { value: 24, label: "2 years" },
  { value: 60, label: "5 years" },
];

/** A length to choose and the button that starts the break. */
function ExclusionChoice(props: {
  label: string;
  choices: { value: number; label: string }[];
  action: string;
  danger?: boolean;
  disabled: boolean;
  onStart: (value: number) => void;
}) {
  const [value, setValue] = useState(props.choices[0]?.value ?? 0);
  return (
    <>
      <label>
        {props.label}
        <select className="input" value={value} onChange={(e) => setValue(Number(e.target.value))}>
          {props.choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className={props.danger ? "btn btn-danger" : "btn"}
        disabled={props.disabled}
        onClick={() => props.onStart(value)}
      >
        {props.action}
      </button>
    </>
  );
}

/** A running exclusion, or the cool-off and self-exclusion choices (confirmed, never lifted early). */
export function ExclusionPanel({ answer }: { answer: LimitsAnswer }) {
  const [sure, setSure] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const showSaved = useShowSavedLimits();
  const exclusion = answer.exclusion;

  const run = async (call: () => ReturnType<typeof startCoolOff>) => {
    const result = await call();
    if (!result.ok) return setError(describeApiFailure(result.error));
    setError(null);
    setSure(false);
    await showSaved(result.data);
  };

  return (
    <section className="panel rg-exclusion" aria-labelledby="rg-exclusion-title">
      <h2 id="rg-exclusion-title">Take a break</h2>
      {exclusion && (
        <p className="rg-banner" role="status" data-testid="rg-exclusion">
          {exclusion.kind === "self_exclusion" ? "You are self-excluded" : "You are on a cool-off"} until{" "}
          {formatUtc(exclusion.until)}. Betting, poker seats and deposits are closed until then; it cannot be
          lifted early. Withdrawals stay open.
        </p>
      )}
      <p className="hint-text">
        A cool-off (24 hours to 6 weeks) or a self-exclusion (6 months or more) stops all betting, poker
        seating and deposits until it ends. Neither can be lifted early, only lengthened.
      </p>
      <label className="rg-confirm">
        <input type="checkbox" checked={sure} onChange={(e) => setSure(e.target.checked)} /> I understand that
        this cannot be undone before it ends
      </label>
      <div className="rg-fields">
        <ExclusionChoice
          label="Cool-off"
          choices={COOL_OFF_CHOICES}
          action="Start cool-off"
          disabled={!sure}
          onStart={(hours) => void run(() => startCoolOff(hours))}
        />
        <ExclusionChoice
          label="Self-exclusion"
          choices={EXCLUSION_CHOICES}
          action="Self-exclude"
          danger
          disabled={!sure}
          onStart={(months) => void run(() => startSelfExclusion(months))}
        />
      </div>
      {error && <p className="form-error">{error}</p>}
    </section>
  );
}
