import type { SlotSymbol } from "@casino/protocol";

/** Names of the Cosmic Chaos symbols, read to screen readers and shown in the paytable. */
export const SYMBOL_NAMES: Record<SlotSymbol, string> = {
  planet: "Planet",
  star: "Star",
  comet: "Comet",
  moon: "Moon",
  rocket: "Rocket",
  alien: "Alien",
  ufo: "UFO",
  galaxy: "Galaxy",
  astronaut: "Astronaut",
  blackhole: "Black hole",
};
