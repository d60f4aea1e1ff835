/**
 * The join dialog's rules (SPEC.md section 5): AMINA buy-in from 0.001 to 1 in steps of 0.001,
 * default 0.01 (moved into the table's own range when that lies elsewhere), never above the AMINA
 * balance; House tables take a fixed 50 HC; a player who leaves the name empty sits under their
 * casino username (the server fills it in).
 */
import { coins, formatUnits, messageOf } from "@casino/protocol";
import { type AminaCheck, checkAminaAmount } from "../aminaAmount.ts";

/** The buy-in input's bounds and default, in micro-units. */
export const AMINA_BUY_IN = { min: coins(0.001), max: coins(1), default: coins(0.01) } as const;

/** The fixed buy-in of House tables, in HC. */
export const HOUSE_BUY_IN_HC = 50;

/** A table's buy-in range in coins, as the lobby lists it. */
export type BuyInRange = { buyInMin: number; buyInMax: number };

/** The buy-in the dialog opens with: 0.01 AMINA, moved inside the table's range and the input's bounds. */
export function defaultBuyIn(table: BuyInRange): string {
  const low = Math.max(AMINA_BUY_IN.min, coins(table.buyInMin));
  const high = Math.min(AMINA_BUY_IN.max, coins(table.buyInMax));
  const units = high < low ? AMINA_BUY_IN.default : Math.min(high, Math.max(low, AMINA_BUY_IN.default));
  return formatUnits(units);
}

/** Checks a typed buy-in: the input's bounds, then the table's range, then the AMINA balance. */
export function checkBuyIn(text: string, table: BuyInRange, balanceUnits: number): AminaCheck {
  const checked = checkAminaAmount(text, {
    maxUnits: AMINA_BUY_IN.max,
    overMaxMessage: "The buy-in is at most 1 AMINA",
  });
  if (!checked.ok) return checked;
  if (checked.units < coins(table.buyInMin) || checked.units > coins(table.buyInMax))
    return {
      ok: false,
      code: "poker/outside_table_range",
      message: `This table takes ${table.buyInMin} to ${table.buyInMax} AMINA`,
    };
  if (checked.units > balanceUnits)
    return {
      ok: false,
      code: "poker/insufficient_balance",
      message: messageOf("poker/insufficient_balance"),
    };
  return checked;
}

/** The player name to send: trimmed, absent when empty (the casino username then), or why it cannot be used. */
export function readPlayerName(
  text: string,
):
  | { ok: true; name: string | undefined }
  | { ok: false; code: "poker/name_too_long" | "poker/name_unprintable"; message: string } {
  const name = text.trim();
  if (name === "") return { ok: true, name: undefined };
  if (name.length > 24)
    return { ok: false, code: "poker/name_too_long", message: messageOf("poker/name_too_long") };
  if (!/^[\x20-\x7e]+$/.test(name))
    return { ok: false, code: "poker/name_unprintable", message: messageOf("poker/name_unprintable") };
  return { ok: true, name };
}
