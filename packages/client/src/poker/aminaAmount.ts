/**
 * Typed AMINA amounts of the poker screens (join buy-in, chip cashier): SPEC.md section 5 asks for
 * amounts above 0, at least 0.001, in steps of 0.001, never above what the player holds. Parsed
 * exactly into micro-units; refusals are values with namespaced codes.
 */
import { formatUnits, messageOf, parseAmount, UNITS_PER_COIN } from "@casino/protocol";

/** The step and minimum of every poker AMINA amount: 0.001 AMINA, one chip. */
export const AMINA_STEP_UNITS = UNITS_PER_COIN / 1000;

/** An accepted amount (micro-units and exact wire text), or why it is refused. */
export type AminaCheck =
  | { ok: true; units: number; wire: string }
  | { ok: false; code: `poker/${string}`; message: string };

/** Checks a typed AMINA amount against the step, the minimum and an upper bound. */
export function checkAminaAmount(
  text: string,
  limit: { maxUnits: number; overMaxMessage: string },
): AminaCheck {
  const trimmed = text.trim();
  const asNumber = Number(trimmed);
  if (!trimmed || !Number.isFinite(asNumber) || asNumber <= 0)
    return { ok: false, code: "poker/amount_not_positive", message: messageOf("poker/amount_not_positive") };
  const parsed = parseAmount(trimmed.startsWith(".") ? `0${trimmed}` : trimmed);
  if (!parsed.ok || parsed.units % AMINA_STEP_UNITS !== 0)
    return { ok: false, code: "poker/bad_step", message: messageOf("poker/bad_step") };
  if (parsed.units < AMINA_STEP_UNITS)
    return { ok: false, code: "poker/below_minimum", message: messageOf("poker/below_minimum") };
  if (parsed.units > limit.maxUnits)
    return { ok: false, code: "poker/above_limit", message: limit.overMaxMessage };
  return { ok: true, units: parsed.units, wire: formatUnits(parsed.units) };
}
