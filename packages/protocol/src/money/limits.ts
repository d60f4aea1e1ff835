import { type Currency, coins } from "./money.ts";

/** Bet limits of SPEC.md section 5, in micro-units: minimum, step and per-bet cap per currency. */
export const BET_LIMITS: Record<Currency, { min: number; step: number; max: number }> = {
  HC: { min: coins(1), step: coins(1), max: coins(100) },
  AMINA: { min: coins(0.001), step: coins(0.001), max: coins(1) },
};

/** Quick-bet chips shown in the bet panel, in micro-units. */
export const BET_CHIPS: Record<Currency, number[]> = {
  HC: [1, 5, 10, 25, 50].map(coins),
  AMINA: [0.001, 0.005, 0.01, 0.05, 0.1].map(coins),
};

/** Balance a new user starts with, and the Demo Play refill. */
export const NEW_USER_HC = coins(1000);
export const DEMO_GRANT_HC = coins(1000);
/** Daily bonus: 100 HC once per 24 hours. */
export const DAILY_BONUS_HC = coins(100);
export const DAILY_BONUS_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Total AMINA supply held by the (simulated) chain; never grows. */
export const AMINA_TOTAL_SUPPLY = coins(1000);
/** What the demo faucet gives each demo wallet's simulated on-chain balance while supply lasts. */
export const AMINA_FAUCET_PER_WALLET = coins(0.1);
/** Cashier deposit/withdraw minimum and step. */
export const CASHIER_MIN_AMINA = coins(0.001);

export type BetCheck = { ok: true } | { ok: false; error: string };

/** Checks a parsed bet against the currency's min, step and cap (balance is the ledger's job). */
export function checkBetLimits(units: number, currency: Currency): BetCheck {
  const limit = BET_LIMITS[currency];
  if (units < limit.min)
    return { ok: false, error: `bet must be at least ${limit.min / 1_000_000} ${currency}` };
  if (units > limit.max)
    return { ok: false, error: `bet must be at most ${limit.max / 1_000_000} ${currency}` };
  if (units % limit.step !== 0) {
    return { ok: false, error: `bet must be a multiple of ${limit.step / 1_000_000} ${currency}` };
  }
  return { ok: true };
}
