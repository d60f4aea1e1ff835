/** The bet the player has set up, kept across game screens: the active currency and a stake per currency. */
import type { Currency } from "@casino/protocol";
import { atom, useAtom } from "jotai";
import { useCallback } from "react";
import { useBalances } from "../../wallet/balance.ts";
import { DEFAULT_BETS } from "./betRules.ts";

/** Currency the next bet is placed in. */
export const betCurrencyAtom = atom<Currency>("HC");

/** The stake per currency, in micro-units. */
export const betUnitsAtom = atom<Record<Currency, number>>({ ...DEFAULT_BETS });

/** The current bet and the balance it is checked against. */
export type BetSetup = {
  currency: Currency;
  units: number;
  balanceUnits: number;
  balances: { HC: number; AMINA: number };
  setCurrency: (currency: Currency) => void;
  setUnits: (units: number) => void;
};

/** Reads and changes the bet every single-player game places. */
export function useBetSetup(): BetSetup {
  const [currency, setCurrency] = useAtom(betCurrencyAtom);
  const [amounts, setAmounts] = useAtom(betUnitsAtom);
  const { hcUnits, aminaUnits } = useBalances();
  const setUnits = useCallback(
    (units: number) => setAmounts((current) => ({ ...current, [currency]: units })),
    [currency, setAmounts],
  );
  return {
    currency,
    units: amounts[currency],
    balanceUnits: currency === "HC" ? hcUnits : aminaUnits,
    balances: { HC: hcUnits, AMINA: aminaUnits },
    setCurrency,
    setUnits,
  };
}
