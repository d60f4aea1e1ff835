/**
 * The bet history as CSV (RFC 4180): one row per round with what is needed to verify it. Text a
 * player chose (the client seed) is neutralised so a spreadsheet never runs it as a formula.
 */
import type { GameSessionRecord } from "../api/types.ts";
import { formatAmountInput, toUnits } from "../ui/format.ts";
import { verifyHrefOf } from "../verify/verifyParams.ts";

/** Column headers, in order. */
export const CSV_COLUMNS = [
  "id",
  "time",
  "game",
  "currency",
  "bet",
  "win",
  "profit",
  "nonce",
  "client_seed",
  "server_seed_hash",
  "server_seed",
  "verify_url",
] as const;

/** A field quoted when it holds a comma, quote or line break; formula starters get a leading quote. */
function csvField(value: string | number, text = false): string {
  let field = String(value);
  if (text && /^[=+\-@\t\r]/.test(field)) field = `'${field}`;
  return /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}

/** Coins with up to 6 decimals, exact and ungrouped, as a spreadsheet reads a number. */
const coinsText = formatAmountInput;

/** The CSV text of rounds; `origin` makes the verify links absolute. */
export function roundsToCsv(rounds: readonly GameSessionRecord[], origin: string): string {
  const lines = [CSV_COLUMNS.join(",")];
  for (const round of rounds) {
    const bet = toUnits(round.betAmount);
    const win = toUnits(round.winAmount);
    const href = verifyHrefOf(round);
    lines.push(
      [
        csvField(String(round.id), true),
        csvField(round.createdAt),
        csvField(round.gameType, true),
        csvField(round.currency, true),
        coinsText(bet),
        coinsText(win),
        coinsText(win - bet),
        csvField(round.nonce),
        csvField(round.clientSeed, true),
        csvField(round.serverSeedHash, true),
        csvField(round.serverSeed ?? ""),
        csvField(href ? `${origin}${href}` : ""),
      ].join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}
