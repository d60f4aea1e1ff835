/** The casino's pure core: money, provably-fair randomness, game rules, schemas, catalogue. */
export * from "./fair/cards.ts";
export * from "./fair/stream.ts";
export * from "./money/limits.ts";
export * from "./money/money.ts";
