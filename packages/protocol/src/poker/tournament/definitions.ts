/**
 * The Sit & Go tournaments the casino runs: 6-max and 9-max, in HC (House: bots fill the empty seats
 * after a short wait) and in AMINA (players only). Money in micro-units: the buy-in goes to the
 * prize pool, the fee to the house. Chips are tournament chips: every player starts with the same
 * stack and nobody can buy more (no rebuys).
 */
import type { Currency } from "../../money/money.ts";

/** One kind of Sit & Go. */
export interface TournamentDefinition {
  id: string;
  name: string;
  currency: Currency;
  maxPlayers: 6 | 9;
  /** Into the prize pool (micro-units). */
  buyIn: number;
  /** To the house (micro-units). */
  fee: number;
  /** Tournament chips each player starts with. */
  startingStack: number;
  /** Length of a blind level (ms). */
  levelMs: number;
  /** House tournaments: bots fill the seats this long after the first registration; null: no bots. */
  botFillMs: number | null;
}

const HC = 1_000_000;
const AMINA = 1_000_000;

/** Every Sit & Go kind, in lobby order. */
export const TOURNAMENT_DEFINITIONS: readonly TournamentDefinition[] = [
  {
    id: "hc-6max",
    name: "HC Sit & Go 6-Max",
    currency: "HC",
    maxPlayers: 6,
    buyIn: 10 * HC,
    fee: 1 * HC,
    startingStack: 1500,
    levelMs: 5 * 60_000,
    botFillMs: 30_000,
  },
  {
    id: "hc-9max",
    name: "HC Sit & Go 9-Max",
    currency: "HC",
    maxPlayers: 9,
    buyIn: 10 * HC,
    fee: 1 * HC,
    startingStack: 1500,
    levelMs: 5 * 60_000,
    botFillMs: 30_000,
  },
  {
    id: "amina-6max",
    name: "AMINA Sit & Go 6-Max",
    currency: "AMINA",
    maxPlayers: 6,
    buyIn: AMINA / 20,
    fee: AMINA / 200,
    startingStack: 1500,
    levelMs: 5 * 60_000,
    botFillMs: null,
  },
  {
    id: "amina-9max",
    name: "AMINA Sit & Go 9-Max",
    currency: "AMINA",
    maxPlayers: 9,
    buyIn: AMINA / 10,
    fee: AMINA / 100,
    startingStack: 1500,
    levelMs: 5 * 60_000,
    botFillMs: null,
  },
];

/** A definition by id. */
export function findTournamentDefinition(id: string): TournamentDefinition | undefined {
  return TOURNAMENT_DEFINITIONS.find((d) => d.id === id);
}
