/** Display formatting for money and addresses; the only place amounts become text. */
import { parseAmount, UNITS_PER_COIN } from "@casino/protocol";

/** A server amount (decimal string or JSON number, in coins) as micro-units; unreadable -> 0. */
export function toUnits(value: string | number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const negative = typeof value === "string" ? value.trim().startsWith("-") : value < 0;
  const magnitude = typeof value === "string" ? value.trim().replace(/^-/, "") : Math.abs(value);
  const parsed = parseAmount(magnitude);
  if (!parsed.ok) return 0;
  return negative ? -parsed.units : parsed.units;
}

const grouping = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** Whole coins with thousands separators, rounded down so a balance is never overstated. */
function formatFloored(units: number, decimals: number): string {
  const sign = units < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(units));
  const step = UNITS_PER_COIN / 10 ** decimals;
  const shown = Math.floor(abs / step);
  const whole = Math.floor(shown / 10 ** decimals);
  const fraction = decimals > 0 ? `.${String(shown % 10 ** decimals).padStart(decimals, "0")}` : "";
  return `${sign}${grouping.format(whole)}${fraction}`;
}

/** House Coins as whole numbers (SPEC.md: HC is shown with 0 decimals). */
export function formatHC(units: number): string {
  return formatFloored(units, 0);
}

/** AMINA with the screen's decimals: 2 in the lobby header, 3 in the cashier and games. */
export function formatAmina(units: number, decimals: 2 | 3 | 6 = 3): string {
  return formatFloored(units, decimals);
}

/** An address cut to its first and last characters (4+4 in the header, 6+6 in the cashier). */
export function shortenAddress(address: string, head: number, tail: number): string {
  if (address.length <= head + tail) return address;
  return `${address.slice(0, head)}...${address.slice(-tail)}`;
}

/** A server timestamp as a short local date and time; unreadable -> the raw text. */
export function formatTimestamp(value: string | number): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
}
