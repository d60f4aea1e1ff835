/**
 * The table cashier's rules (SPEC.md sections 5 and 8): buy chips with AMINA or cash chips out,
 * amounts above 0, at least 0.001 in steps of 0.001; a buy never above the AMINA balance, a
 * cash-out never above the chips on the table. The alerts keep SPEC.md's exact texts.
 */
import { messageOf, UNITS_PER_COIN } from "@casino/protocol";
import { type AminaCheck, checkAminaAmount } from "../aminaAmount.ts";

/** Buying chips or cashing them out. */
export type ChipAction = "buy" | "cashout";

/** What bounds a chip transaction: the AMINA balance and the seat's chips at this table's rate. */
export type ChipLimits = { balanceUnits: number; stackChips: number; chipsPerCoin: number };

/** The AMINA the seat's chips are worth, in micro-units. */
export function stackUnits(limits: ChipLimits): number {
  return limits.chipsPerCoin > 0 ? limits.stackChips * (UNITS_PER_COIN / limits.chipsPerCoin) : 0;
}

/** Checks a typed chip-transaction amount. */
export function checkChipTransaction(text: string, action: ChipAction, limits: ChipLimits): AminaCheck {
  return action === "buy"
    ? checkAminaAmount(text, {
        maxUnits: limits.balanceUnits,
        overMaxMessage: messageOf("poker/insufficient_balance"),
      })
    : checkAminaAmount(text, {
        maxUnits: stackUnits(limits),
        overMaxMessage: `You have only ${limits.stackChips} chips on the table`,
      });
}

/** SPEC.md section 8: the alert after a refused chip transaction. */
export function describeChipFailure(message: string): string {
  return `Transaction failed: ${message}`;
}
