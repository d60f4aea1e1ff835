/**
 * Auto-bet as pure functions over micro-units: the stake after a win or a loss, the running tally
 * (bets, wagered, net profit, streak) and when a run must stop. The hook only loops over these;
 * every bet is still a normal server round.
 */
import { BET_LIMITS, type Currency } from "@casino/protocol";

/** What happens to the stake after a win or a loss: back to the base stake, or changed by a percentage. */
export type StakeChange = { mode: "reset" } | { mode: "change"; percent: number };

/** A run's settings; 0 turns a count or a stop amount off. */
export type AutoBetSettings = {
  bets: number; // how many bets; 0 = until stopped
  onWin: StakeChange;
  onLoss: StakeChange;
  stopProfitUnits: number; // stop once net profit reaches this; 0 = off
  stopLossUnits: number; // stop once net loss reaches this; 0 = off
};

/** The live counters of a run. */
export type AutoBetTally = {
  currency: Currency;
  baseUnits: number; // the stake the run started with (what "reset" returns to)
  stakeUnits: number; // the stake of the next bet
  bets: number;
  wageredUnits: number;
  profitUnits: number; // net: credited minus staked
  streak: number; // > 0 wins in a row, < 0 losses in a row
};

/** One settled bet: what it staked (0 for a free spin) and what it credited. */
export type SettledBet = { betUnits: number; winUnits: number };

/** Why a run ended, as a namespaced code and the line the panel shows. */
export type StopReason = {
  code:
    | "autobet/done"
    | "autobet/stop_profit"
    | "autobet/stop_loss"
    | "autobet/balance_short"
    | "autobet/stopped"
    | "autobet/refused";
  message: string;
};

/** A fresh tally for a run starting at `stakeUnits`. */
export function startTally(currency: Currency, stakeUnits: number): AutoBetTally {
  return { currency, baseUnits: stakeUnits, stakeUnits, bets: 0, wageredUnits: 0, profitUnits: 0, streak: 0 };
}

/** Whether a settled bet is a win (more back than staked), a loss (less) or a push (the stake back). */
export function judgeBet(bet: SettledBet): "win" | "loss" | "push" {
  if (bet.winUnits > bet.betUnits) return "win";
  return bet.winUnits < bet.betUnits ? "loss" : "push";
}

/** The stake after `change`: the base stake, or the current one scaled, rounded down to the step and kept in the bet limits. */
export function nextStake(change: StakeChange, tally: AutoBetTally): number {
  if (change.mode === "reset") return tally.baseUnits;
  const { min, max, step } = BET_LIMITS[tally.currency];
  const scaled = Math.floor((tally.stakeUnits * (100 + change.percent)) / 100 / step) * step;
  return Math.min(max, Math.max(min, scaled));
}

/** The tally after one settled bet: counters, streak and the next stake (a push keeps the stake). */
export function recordBet(settings: AutoBetSettings, tally: AutoBetTally, bet: SettledBet): AutoBetTally {
  const verdict = judgeBet(bet);
  const counted = {
    ...tally,
    bets: tally.bets + 1,
    wageredUnits: tally.wageredUnits + bet.betUnits,
    profitUnits: tally.profitUnits + bet.winUnits - bet.betUnits,
  };
  if (verdict === "push") return counted;
  const won = verdict === "win";
  return {
    ...counted,
    streak: won ? Math.max(0, tally.streak) + 1 : Math.min(0, tally.streak) - 1,
    stakeUnits: nextStake(won ? settings.onWin : settings.onLoss, tally),
  };
}

/**
 * Whether the run must stop before its next bet, and why: the stop-loss or stop-profit reached (net,
 * after the last bet), the count of bets done, or a next stake the balance no longer covers.
 */
export function checkStop(
  settings: AutoBetSettings,
  tally: AutoBetTally,
  balanceUnits: number,
): StopReason | null {
  if (settings.stopLossUnits > 0 && -tally.profitUnits >= settings.stopLossUnits)
    return { code: "autobet/stop_loss", message: "Stopped: the stop-loss was reached." };
  if (settings.stopProfitUnits > 0 && tally.profitUnits >= settings.stopProfitUnits)
    return { code: "autobet/stop_profit", message: "Stopped: the profit target was reached." };
  if (settings.bets > 0 && tally.bets >= settings.bets)
    return { code: "autobet/done", message: `Done: ${tally.bets} bets placed.` };
  if (tally.stakeUnits > balanceUnits)
    return { code: "autobet/balance_short", message: "Stopped: the balance does not cover the next bet." };
  return null;
}
