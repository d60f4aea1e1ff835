/** A persona's stats as SPEC.md section 3 lists them, from the monitors' counters. */
import type { PersonaStats } from "@casino/protocol";
import type { Counters } from "./counters.ts";
import { PERSONA_STAT_FIELDS, type Persona, type PersonaStatField } from "./personas.ts";

/** Counters that are bookkeeping of the schedule itself, not figures. */
const INTERNAL_COUNTERS = new Set(["cursor", "lastRunAt"]);

/** The stats answer of /api/security/{persona}/stats (the operator API's protocol schema). */
export type { PersonaStats };

/** Builds a persona's stats; fields that are not its work are 0. */
export function describePersonaStats(persona: Persona, counters: Counters | undefined): PersonaStats {
  const values = counters ?? {};
  const fields = Object.fromEntries(PERSONA_STAT_FIELDS.map((f) => [f, values[f] ?? 0])) as Record<
    PersonaStatField,
    number
  >;
  const details = Object.fromEntries(
    Object.entries(values).filter(
      ([name]) => !INTERNAL_COUNTERS.has(name) && !(PERSONA_STAT_FIELDS as readonly string[]).includes(name),
    ),
  );
  const lastRunAt = values.lastRunAt;
  return {
    persona: persona.id,
    name: persona.name,
    role: persona.role,
    duty: persona.duty,
    lastRunAt: lastRunAt === undefined ? null : new Date(lastRunAt).toISOString(),
    ...fields,
    details,
  };
}
