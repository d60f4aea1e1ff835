/**
 * The four staff personas of the dashboard (SPEC.md section 3), each a real background monitor
 * (DESIGN.md section 8), and the stat fields every persona answers with.
 */

/** Persona ids as they appear in /api/security/{persona}/... paths. */
export const PERSONA_IDS = ["orion", "vega", "lyra", "sirius"] as const;

/** One persona id. */
export type PersonaId = (typeof PERSONA_IDS)[number];

/** Who a persona is and what it watches. */
export interface Persona {
  id: PersonaId;
  name: string;
  role: string;
  duty: string;
}

/** The personas in dashboard order. */
export const PERSONAS: readonly Persona[] = [
  {
    id: "orion",
    name: "Orion",
    role: "Fairness Auditor",
    duty: "re-verifies random settled rounds and poker hands from their revealed seeds",
  },
  {
    id: "vega",
    name: "Vega",
    role: "Bookkeeper",
    duty: "checks every balance against its ledger sum and that money is conserved",
  },
  {
    id: "lyra",
    name: "Lyra",
    role: "Dealer Monitor",
    duty: "watches poker tables, shuffle commitments and reveals, and stuck hands",
  },
  {
    id: "sirius",
    name: "Sirius",
    role: "Sentinel",
    duty: "aggregates the security events recorded across the server",
  },
];

/** The only persona allowed to open the vault (the sentinel keeps the logs). */
export const VAULT_PERSONA: Persona = PERSONAS[3]!;

/** The stat fields of SPEC.md section 3, answered by every persona (0 where a field is not its work). */
export { PERSONA_STAT_FIELDS, type PersonaStatField } from "@casino/protocol";

/** Finds a persona by its path segment (case-insensitive), or undefined. */
export function findPersona(id: string): Persona | undefined {
  const wanted = id.toLowerCase();
  return PERSONAS.find((p) => p.id === wanted);
}
