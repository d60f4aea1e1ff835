/** Integer micro-unit money: every amount in the casino is a count of these (DESIGN.md section 2). */

/** The two currencies: play-money House Coins and the AMINA token. */
export const CURRENCIES = ["HC", "AMINA"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Micro-units per whole coin (1 HC = 1 AMINA = 1,000,000 units). */
export const UNITS_PER_COIN = 1_000_000;

/** Most decimals an amount may carry on the wire: one micro-unit. */
export const MAX_DECIMALS = 6;

/** Whole coins to micro-units, for constants written in coins (1000 HC grant, 0.001 AMINA step). */
export function coins(amount: number): number {
  const units = Math.round(amount * UNITS_PER_COIN);
  if (!Number.isSafeInteger(units)) throw new Error(`coins(${amount}) is not a safe amount`);
  return units;
}

export type AmountParse = { ok: true; units: number } | { ok: false; error: string };

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Parses a wire amount (JSON number or decimal string, in coins) exactly into micro-units.
 * Refuses rather than rounds: more than 6 decimals, exponents, signs, NaN, Infinity, non-numbers.
 */
export function parseAmount(value: unknown): AmountParse {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return { ok: false, error: "amount must be a finite number" };
    text = String(value);
  } else if (typeof value === "string") {
    text = value.trim();
  } else {
    return { ok: false, error: "amount must be a number or a decimal string" };
  }
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, error: "amount must be a positive decimal number" };
  const whole = match[1] ?? "0";
  const fraction = match[2] ?? "";
  if (fraction.length > MAX_DECIMALS) return { ok: false, error: "amount has more than 6 decimals" };
  if (whole.replace(/^0+/, "").length > 12) return { ok: false, error: "amount is too large" };
  const units = Number(whole) * UNITS_PER_COIN + Number(fraction.padEnd(MAX_DECIMALS, "0"));
  if (!Number.isSafeInteger(units)) return { ok: false, error: "amount is too large" };
  return { ok: true, units };
}

/** Micro-units as the shortest exact decimal string in coins ("1000", "0.005", "-2.5"). */
export function formatUnits(units: number): string {
  if (!Number.isSafeInteger(units)) throw new Error(`formatUnits(${units}): not an integer amount`);
  const sign = units < 0 ? "-" : "";
  const abs = Math.abs(units);
  const whole = Math.floor(abs / UNITS_PER_COIN);
  const fraction = String(abs % UNITS_PER_COIN)
    .padStart(MAX_DECIMALS, "0")
    .replace(/0+$/, "");
  return fraction ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}

/** Micro-units as a JSON number in coins (responses' winAmount); exact for every 6-decimal value. */
export function unitsToCoins(units: number): number {
  return Number(formatUnits(units));
}

/** Multiplies a stake by a multiplier and rounds the payout down to the unit (payouts never round up). */
export function payout(stakeUnits: number, multiplier: number): number {
  // Multipliers carry at most 6 significant decimals; scale to integers so 10 * 2.3328 is exact.
  const scaled = BigInt(Math.round(multiplier * 1_000_000));
  return Number((BigInt(stakeUnits) * scaled) / 1_000_000n);
}
