import type { Currency } from "@casino/protocol";
import { type ReactNode, useId, useState } from "react";
import { FormError } from "../../ui/FormError.tsx";
import { formatSignedAmount } from "../../ui/format.ts";
import type { RoomStatus } from "../room/useJoinedRoom.ts";
import type { AutoBetTally } from "./plan.ts";
import { type AutoBetForm, DEFAULT_AUTOBET_FORM, readAutoBetForm } from "./settingsForm.ts";
import type { AutoBetHandle } from "./useAutoBet.ts";
import "./autobet.css";
import { useBetBlock } from "../../floor/play-state/usePlayPause.ts";

/** A signed amount: "+12.5" or "-3". */
const signed = (units: number, currency: Currency): string => formatSignedAmount(units, currency);

/** The streak as players read it: "3 wins", "2 losses" or "–". */
function describeStreak(streak: number): string {
  if (streak === 0) return "–";
  const count = Math.abs(streak);
  return streak > 0 ? `${count} win${count > 1 ? "s" : ""}` : `${count} loss${count > 1 ? "es" : ""}`;
}

/** The live counters of a run. */
function AutoBetCounters({ tally, target }: { tally: AutoBetTally; target: number }) {
  const tone = tally.profitUnits > 0 ? "is-up" : tally.profitUnits < 0 ? "is-down" : "";
  return (
    <dl className="autobet-counters" data-testid="autobet-counters">
      <div>
        <dt>Bets</dt>
        <dd data-testid="autobet-bets">
          {tally.bets}
          {target > 0 ? `/${target}` : ""}
        </dd>
      </div>
      <div>
        <dt>Profit</dt>
        <dd className={tone} data-testid="autobet-profit">
          {signed(tally.profitUnits, tally.currency)} {tally.currency}
        </dd>
      </div>
      <div>
        <dt>Streak</dt>
        <dd data-testid="autobet-streak">{describeStreak(tally.streak)}</dd>
      </div>
    </dl>
  );
}

/** The two stake rules, in button order. */
const STAKE_MODES: readonly { value: AutoBetForm["onWin"]; text: string }[] = [
  { value: "reset", text: "Reset" },
  { value: "change", text: "Change" },
];

/** The rule after a win and the rule after a loss, with the form fields each edits. */
const STAKE_RULES = [
  { label: "On win", mode: "onWin", percent: "onWinPercent" },
  { label: "On loss", mode: "onLoss", percent: "onLossPercent" },
] as const;

/** A win or loss rule: reset to the base stake, or change it by a percentage. */
function StakeRule({
  label,
  mode,
  percent,
  disabled,
  onMode,
  onPercent,
}: {
  label: string;
  mode: AutoBetForm["onWin"];
  percent: string;
  disabled: boolean;
  onMode: (mode: AutoBetForm["onWin"]) => void;
  onPercent: (text: string) => void;
}) {
  return (
    <fieldset className="autobet-rule choice-group" disabled={disabled}>
      <legend className="field-label">{label}</legend>
      <div className="autobet-rule-row">
        {STAKE_MODES.map(({ value, text }) => (
          <button
            key={value}
            type="button"
            className={`btn btn-chip${mode === value ? " is-selected" : ""}`}
            aria-pressed={mode === value}
            onClick={() => onMode(value)}
          >
            {text}
          </button>
        ))}
        <input
          className="input mono autobet-percent"
          inputMode="decimal"
          aria-label={`${label}: change the stake by this percentage`}
          value={percent}
          disabled={disabled || mode !== "change"}
          onChange={(event) => onPercent(event.target.value)}
        />
        <span aria-hidden="true">%</span>
      </div>
    </fieldset>
  );
}

/**
 * The auto-bet panel of a game screen: number of bets, the stake rules on win and on loss, stop on
 * profit and on loss, Start/Stop, and the live counters with why the last run stopped.
 * `extra` holds a game's own fields (hi-lo's cash-out target); `blocked` says why the game cannot
 * start one now, once its room is live (a pause or a balance below the minimum bet says it first).
 */
export function AutoBetPanel({
  auto,
  currency,
  roomStatus,
  blocked: gameBlocked,
  extra,
  onStart,
}: {
  auto: AutoBetHandle;
  currency: Currency;
  roomStatus: RoomStatus;
  blocked?: string | null | undefined;
  extra?: ReactNode;
  onStart?: () => boolean;
}) {
  const id = useId();
  const [form, setForm] = useState<AutoBetForm>(DEFAULT_AUTOBET_FORM);
  const [formError, setFormError] = useState<string | null>(null);
  const edit = (change: Partial<AutoBetForm>) => setForm((current) => ({ ...current, ...change }));
  const locked = auto.running;
  const betBlock = useBetBlock(currency);
  const blocked = roomStatus === "ready" ? (betBlock?.text ?? gameBlocked) : "Waiting for the game server.";
  const read = readAutoBetForm(form);
  const target = read.ok ? read.settings.bets : 0;

  const start = () => {
    if (!read.ok) {
      setFormError(read.error.message);
      return;
    }
    if (onStart && !onStart()) return;
    setFormError(null);
    auto.start(read.settings);
  };

  return (
    <section className="panel autobet-panel" aria-label="Auto bet" data-testid="autobet-panel">
      <h2 className="autobet-title">Auto bet</h2>
      <label className="field-label" htmlFor={`${id}-count`}>
        Number of bets (0 = until stopped)
      </label>
      <input
        id={`${id}-count`}
        className="input mono"
        inputMode="numeric"
        value={form.bets}
        disabled={locked}
        onChange={(event) => edit({ bets: event.target.value })}
        data-testid="autobet-count"
      />
      {STAKE_RULES.map((rule) => (
        <StakeRule
          key={rule.mode}
          label={rule.label}
          mode={form[rule.mode]}
          percent={form[rule.percent]}
          disabled={locked}
          onMode={(mode) => edit({ [rule.mode]: mode })}
          onPercent={(text) => edit({ [rule.percent]: text })}
        />
      ))}
      <div className="autobet-stops">
        {(["profit", "loss"] as const).map((kind) => {
          const field = kind === "profit" ? "stopProfit" : "stopLoss";
          return (
            <div key={kind}>
              <label className="field-label" htmlFor={`${id}-${kind}`}>
                Stop on {kind} ({currency})
              </label>
              <input
                id={`${id}-${kind}`}
                className="input mono"
                inputMode="decimal"
                placeholder="off"
                value={form[field]}
                disabled={locked}
                onChange={(event) => edit({ [field]: event.target.value })}
                data-testid={`autobet-stop-${kind}`}
              />
            </div>
          );
        })}
      </div>
      {extra}
      <FormError message={formError} />
      {auto.running ? (
        <button
          type="button"
          className="btn btn-danger btn-wide"
          onClick={auto.stop}
          data-testid="autobet-stop"
        >
          Stop auto bet
        </button>
      ) : (
        <button
          type="button"
          className="btn btn-primary btn-wide"
          disabled={Boolean(blocked)}
          onClick={start}
          data-testid="autobet-start"
        >
          Start auto bet
        </button>
      )}
      {blocked && !auto.running && <p className="hint-text">{blocked}</p>}
      {auto.tally && <AutoBetCounters tally={auto.tally} target={target} />}
      {auto.stopped && (
        <p
          className={auto.stopped.code === "autobet/refused" ? "form-error" : "hint-text"}
          role="status"
          data-testid="autobet-stopped"
          data-code={auto.stopped.code}
        >
          {auto.stopped.message}
        </p>
      )}
    </section>
  );
}
