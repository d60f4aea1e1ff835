import { BET_CHIPS, BET_LIMITS, type Currency } from "@casino/protocol";
import { useEffect, useId, useState } from "react";
import { useBetBlock } from "../../floor/play-state/usePlayPause.ts";
import { AmountField } from "../../ui/AmountField.tsx";
import { ChoiceGroup, type ChoiceGroupLook } from "../../ui/ChoiceGroup.tsx";
import { FactList } from "../../ui/FactList.tsx";
import { formatAmount, formatMoney } from "../../ui/format.ts";
import { useHotkeys } from "../hotkeys/useHotkeys.ts";
import type { BetSetup } from "./betAtoms.ts";
import { betAdjustments, describeUnits, isQuickBetEnabled, maxBetUnits, readTypedBet } from "./betRules.ts";
import { BET_BLOCK_REASON_ID } from "./PlayButton.tsx";

/** Names of the currencies in the select. */
const CURRENCY_NAMES: Record<Currency, string> = { HC: "House Coins", AMINA: "AMINA" };

/** The chips: one button a bet size. */
const CHIP_GROUP: ChoiceGroupLook = {
  className: "bet-chips choice-group",
  legend: "Quick bets",
  buttonClass: "btn btn-chip",
};
/** The 1/2, 2x and Max buttons. */
const ADJUST_GROUP: ChoiceGroupLook = {
  className: "bet-adjust choice-group",
  legend: "Adjust bet",
  buttonClass: "btn btn-chip",
};

/**
 * The shared bet panel of every single-player game (SPEC.md sections 2 and 5): balances, currency,
 * the bet input with its limits, the Available line, why a bet cannot be placed now (a pause or the
 * balance; the game's bet button is disabled and described by it), chips and the 1/2, 2x and Max buttons.
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
  const block = useBetBlock(currency);
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
  const adjustments = betAdjustments(units, currency, balanceUnits);
  const [half, double] = adjustments;
  useHotkeys({
    half: isQuickBetEnabled(half.units, balanceUnits, busy) ? () => quick(half.units) : undefined,
    double: isQuickBetEnabled(double.units, balanceUnits, busy) ? () => quick(double.units) : undefined,
  });

  const balanceFacts = [
    { term: "HC", value: formatAmount(balances.HC, "HC"), testId: "bet-balance-hc" },
    { term: "AMINA", value: formatAmount(balances.AMINA, "AMINA"), testId: "bet-balance-amina" },
    { term: "Active", value: currency, testId: "bet-active-currency" },
  ];
  const chipButtons = BET_CHIPS[currency].map((chip) => ({
    key: chip,
    content: describeUnits(chip),
    selected: chip === units,
    label: `Bet ${describeUnits(chip)} ${currency}`,
    disabled: !isQuickBetEnabled(chip, balanceUnits, busy),
    onClick: () => quick(chip),
  }));
  const adjustButtons = adjustments.map((adjust) => ({
    key: adjust.text,
    content: adjust.text,
    label: adjust.label,
    disabled: !isQuickBetEnabled(adjust.units, balanceUnits, busy),
    onClick: () => quick(adjust.units),
  }));

  return (
    <section className="panel bet-panel" aria-label="Bet panel">
      <FactList className="bet-balances stat-list" facts={balanceFacts} />

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

      <AmountField
        label={`Bet amount (${currency})`}
        id={`${inputId}-amount`}
        className="mono"
        inputMode="decimal"
        min={describeUnits(limits.min)}
        step={describeUnits(limits.step)}
        max={describeUnits(Math.max(limits.min, max))}
        value={draft ?? describeUnits(units)}
        disabled={busy}
        aria-invalid={inputError !== null}
        aria-describedby={`${inputId}-available`}
        onChange={onType}
        onBlur={() => setDraft(null)}
        data-testid="bet-input"
      />
      {inputError && (
        <p className="form-error" role="alert" data-testid="bet-input-error">
          {inputError}
        </p>
      )}
      <p className="hint-text" id={`${inputId}-available`} data-testid="bet-available">
        Available: {formatMoney(balanceUnits, currency)} · bet {describeUnits(limits.min)} to{" "}
        {describeUnits(limits.max)} {currency}
      </p>
      {note && <p className="hint-text">{note}</p>}
      {block && (
        <p id={BET_BLOCK_REASON_ID} className="bet-block" role="status" data-testid="bet-block">
          {block.text}
        </p>
      )}

      <ChoiceGroup {...CHIP_GROUP} buttons={chipButtons} />
      <ChoiceGroup {...ADJUST_GROUP} buttons={adjustButtons} />
    </section>
  );
}
