/** Why bets are paused right now, for banners and bet buttons: the pushed state read against the clock. */
import { BET_LIMITS, type Currency, formatUnits } from "@casino/protocol";
import { describePause, nextPauseChange, type PauseReason } from "@casino/protocol/schemas/play-state";
import { useAtomValue } from "jotai";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useBalances } from "../../wallet/balance.ts";
import { walletAddressAtom } from "../../wallet/walletAtoms.ts";
import { readPlayState, subscribePlayState } from "./playStateStore.ts";

/** Why a bet cannot be placed: a pause, or a balance below the minimum bet. */
export type BetBlock = { kind: PauseReason["kind"] | "balance"; text: string };

/** The pause at this moment; re-renders when the pushed state changes and when a pause's time is up. */
export function usePlayPause(): PauseReason | null {
  const state = useSyncExternalStore(subscribePlayState, readPlayState, readPlayState);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const next = nextPauseChange(state.pause, Date.now());
    if (next === null) return;
    // Timers cap at about 24.8 days; a longer pause is looked at again then.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(next - Date.now() + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [state.pause]);
  return describePause(state.maintenance, state.pause, Math.max(now, Date.now()));
}

/** The refusal of a balance below the currency's minimum bet, in the player's words. */
export function describeBalanceBlock(currency: Currency, balanceUnits: number): string | null {
  const min = BET_LIMITS[currency].min;
  if (balanceUnits >= min) return null;
  const minimum = `${formatUnits(min)} ${currency}`;
  return currency === "HC"
    ? `Your HC balance is below the ${minimum} minimum bet: claim free House Coins in the cashier's Demo Play tab`
    : `Your AMINA balance is below the ${minimum} minimum bet: deposit AMINA in the cashier`;
}

/** What stops a bet in `currency` now: the pause first, then the balance (once it is known). */
export function useBetBlock(currency: Currency): BetBlock | null {
  const pause = usePlayPause();
  const wallet = useAtomValue(walletAddressAtom);
  const { hcUnits, aminaUnits, isLoading } = useBalances();
  if (pause) return { kind: pause.kind, text: pause.text };
  if (!wallet || isLoading) return null;
  const balance = describeBalanceBlock(currency, currency === "HC" ? hcUnits : aminaUnits);
  return balance ? { kind: "balance", text: balance } : null;
}
