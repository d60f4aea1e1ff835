/**
 * The poker tables the casino opens (DESIGN.md section 5): House tables in HC (1 HC = 10 chips,
 * fixed 50 HC buy-in, blinds 5/10, bots) and AMINA tables at 1 AMINA = 1,000 chips with buy-in
 * ranges inside the join dialog's 0.001-1 AMINA. Each kind can be cloned when its tables are full.
 */
import { type Currency, UNITS_PER_COIN } from "@casino/protocol";

/** Chips per coin of each currency. */
export const CHIPS_PER_COIN: Record<Currency, number> = { HC: 10, AMINA: 1000 };

/** Micro-units of a currency per chip (HC 100,000; AMINA 1,000). */
export function unitsPerChip(currency: Currency): number {
  return UNITS_PER_COIN / CHIPS_PER_COIN[currency];
}

/** How one kind of table is set up; chip amounts in chips. */
export interface TableKind {
  kind: string;
  /** Name of the tables opened when this kind is full: "<prefix> <n>". */
  clonePrefix: string;
  currency: Currency;
  smallBlind: number;
  bigBlind: number;
  buyInMin: number;
  buyInMax: number;
  maxPlayers: number;
  hasBots: boolean;
}

/** A table created once, in the database, the first time the casino starts. */
export interface SeededTable extends TableKind {
  id: string;
  name: string;
  sortOrder: number;
}

const HOUSE: TableKind = {
  kind: "house",
  clonePrefix: "House Table",
  currency: "HC",
  smallBlind: 5,
  bigBlind: 10,
  buyInMin: 500,
  buyInMax: 500,
  maxPlayers: 6,
  hasBots: true,
};

const AMINA_MICRO: TableKind = {
  kind: "amina_micro",
  clonePrefix: "Nebula AMINA Micro",
  currency: "AMINA",
  smallBlind: 1,
  bigBlind: 2,
  buyInMin: 40,
  buyInMax: 200,
  maxPlayers: 6,
  hasBots: false,
};

const AMINA_HIGH: TableKind = {
  kind: "amina_high",
  clonePrefix: "Andromeda AMINA High",
  currency: "AMINA",
  smallBlind: 5,
  bigBlind: 10,
  buyInMin: 200,
  buyInMax: 1000,
  maxPlayers: 6,
  hasBots: false,
};

const AMINA_NINE_MAX: TableKind = {
  kind: "amina_9max",
  clonePrefix: "Orion 9-Max",
  currency: "AMINA",
  smallBlind: 2,
  bigBlind: 4,
  buyInMin: 80,
  buyInMax: 400,
  maxPlayers: 9,
  hasBots: false,
};

/** The tables every casino starts with, in lobby order. */
export const SEEDED_TABLES: readonly SeededTable[] = [
  { ...HOUSE, id: "house-alpha", name: "House Table Alpha", sortOrder: 10 },
  { ...HOUSE, id: "house-beta", name: "House Table Beta", sortOrder: 20 },
  { ...AMINA_MICRO, id: "nebula-amina-micro", name: "Nebula AMINA Micro", sortOrder: 30 },
  { ...AMINA_HIGH, id: "andromeda-amina-high", name: "Andromeda AMINA High", sortOrder: 40 },
  { ...AMINA_NINE_MAX, id: "orion-9-max", name: "Orion 9-Max", sortOrder: 50 },
];

/** Every kind by its key. */
export const TABLE_KINDS: Readonly<Record<string, TableKind>> = {
  [HOUSE.kind]: HOUSE,
  [AMINA_MICRO.kind]: AMINA_MICRO,
  [AMINA_HIGH.kind]: AMINA_HIGH,
  [AMINA_NINE_MAX.kind]: AMINA_NINE_MAX,
};
