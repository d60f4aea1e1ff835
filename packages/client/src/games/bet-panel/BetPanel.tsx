import { BET_CHIPS, BET_LIMITS, type Currency } from "@casino/protocol";
import { useEffect, useId, useState } from "react";
import { formatAmina, formatHC } from "../../ui/format.ts";
import { formatGameAmount } from "../frame/gameAmounts.ts";
import { useHotkeys } from "../hotkeys/useHotkeys.ts";
import type { BetSetup } from "./betAtoms.ts";
import {
  describeUnits,
  doubleBet,
  halveBet,
  isQuickBetEnabled,
  maxBet,
  maxBetUnits,
  readTypedBet,
} from "./betRules.ts";

/** Names of the currencies in the select. */
const CURRENCY_NAMES: Record<Currency, string> = { HC: "House Coins", AMINA: "AMINA" };

/**
 * The shared bet panel of every single-player game (SPEC.md sections 2 and 5): balances, currency,
 * the bet input with its limits, the Available line, chips and the 1/2, 2x and Max buttons.
 * `lockedCurrency` pins the currency while a round or bonus in it is open. With hotkeys on, S halves
 * and D doubles the bet.
 */
export function BetPanel({
  bet,
  busy,
  lockedCurrency,
  note,
}: {
  bet: BetSetup;
  busy: boolean;
  lockedCurrency?: Currency | undefined;
  note?: string | undefined;
}) {
  const { currency, units, balanceUnits, balances } = bet;
  const inputId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const limits = BET_LIMITS[currency];
  const max = maxBetUnits(currency, balanceUnits);
  const typed = draft === null ? null : readTypedBet(draft, currency, balanceUnits);
  const inputError = typed && !typed.ok ? typed.error.message : null;

  useEffect(() => {
    if (lockedCurrency && lockedCurrency !== currency) bet.setCurrency(lockedCurrency);
  }, [lockedCurrency, currency, bet.setCurrency]);

  const onType = (value: string) => {
    setDraft(value);
    const check = readTypedBet(value, currency, balanceUnits);
    if (check.ok) bet.setUnits(check.units);
  };

  const quick = (next: number) => {
    setDraft(null);
    bet.setUnits(next);
  };
  const halfUnits = halveBet(units, currency);
  const doubleUnits = doubleBet(units, currency, balanceUnits);
  const adjustments = [
    { text: "1/2", label: "Halve the bet", units: halfUnits },
    { text: "2x", label: "Double the bet", units: doubleUnits },
    { text: "Max", label: "Bet the maximum", units: maxBet(currency, balanceUnits) },
  ];
  useHotkeys({
    half: isQuickBetEnabled(halfUnits, balanceUnits, busy) ? () => quick(halfUnits) : undefined,
    double: isQuickBetEnabled(doubleUnits, balanceUnits, busy) ? () => quick(doubleUnits) : undefined,
  });

  return (
    <section className="panel bet-panel" aria-label="Bet panel">
      <dl className="bet-balances">
        <div>
          <dt>HC</dt>
          <dd data-testid="bet-balance-hc">{formatHC(balances.HC)}</dd>
        </div>
        <div>
          <dt>AMINA</dt>
          <dd data-testid="bet-balance-amina">{formatAmina(balances.AMINA, 3)}</dd>
        </div>
        <div>
          <dt>Active</dt>
          <dd data-testid="bet-active-currency">{currency}</dd>
        </div>
      </dl>

      <label className="field-label" htmlFor={`${inputId}-currency`}>
        Currency
      </label>
      <select
        id={`${inputId}-currency`}
        className="input"
        value={currency}
        disabled={busy || lockedCurrency !== undefined}
        onChange={(event) => {
          setDraft(null);
          bet.setCurrency(event.target.value === "AMINA" ? "AMINA" : "HC");
        }}
      >
        <option value="HC">{CURRENCY_NAMES.HC}</option>
        <option value="AMINA">{CURRENCY_NAMES.AMINA}</option>
      </select>

      <label className="field-label" htmlFor={`${inputId}-amount`}>
        Bet amount ({currency})
      </label>
      <input
        id={`${inputId}-amount`}
        className="input mono"
        type="number"
        inputMode="decimal"
        min={describeUnits(limits.min)}
        step={describeUnits(limits.step)}
        max={describeUnits(Math.max(limits.min, max))}
        value={draft ?? describeUnits(units)}
        disabled={busy}
        aria-invalid={inputError !== null}
        aria-describedby={`${inputId}-available`}
        onChange={(event) => onType(event.target.value)}
        onBlur={() => setDraft(null)}
        data-testid="bet-input"
      />
      {inputError && (
        <p className="form-error" role="alert" data-testid="bet-input-error">
          {inputError}
        </p>
      )}
      <p className="hint-text" id={`${inputId}-available`} data-testid="bet-available">
        Available: {formatGameAmount(balanceUnits, currency)} {currency} · bet {describeUnits(limits.min)} to{" "}
        {describeUnits(limits.max)} {currency}
      </p>
      {note && <p className="hint-text">{note}</p>}

      <fieldset className="bet-chips choice-group">
        <legend className="sr-only">Quick bets</legend>
        {BET_CHIPS[currency].map((chip) => (
          <button
            key={chip}
            type="button"
            className={`btn btn-chip${chip === units ? " is-selected" : ""}`}
            disabled={!isQuickBetEnabled(chip, balanceUnits, busy)}
            aria-pressed={chip === units}
            aria-label={`Bet ${describeUnits(chip)} ${currency}`}
            onClick={() => quick(chip)}
          >
            {describeUnits(chip)}
          </button>
        ))}
      </fieldset>
      <fieldset className="bet-adjust choice-group">
        <legend className="sr-only">Adjust bet</legend>
        {adjustments.map((adjust) => (
          <button
            key={adjust.text}
            type="button"
            className="btn btn-chip"
            disabled={!isQuickBetEnabled(adjust.units, balanceUnits, busy)}
            aria-label={adjust.label}
            onClick={() => quick(adjust.units)}
          >
            {adjust.text}
          </button>
        ))}
      </fieldset>
    </section>
  );
}
