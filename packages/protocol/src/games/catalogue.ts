/**
 * The lobby's game grid (SPEC.md sections 2 and 3), derived from the rule constants so nothing on
 * screen can disagree with what is paid: max wins from the payout tables, house edges from the
 * exact or simulated RTPs, bet ranges from the bet limits.
 */
import { BET_LIMITS } from "../money/limits.ts";
import { type Currency, formatUnits } from "../money/money.ts";
import { BLACKJACK_NATURAL_MULTIPLIER } from "./blackjack/blackjack.ts";
import { CRASH_HOUSE_EDGE } from "./crash/crash-point.ts";
import { CRASH_ROUND_PROFIT_CAP } from "./crash/payout.ts";
import { DICE_HOUSE_EDGE, DICE_MAX_MULTIPLIER } from "./dice/dice.ts";
import type { GameType } from "./game-types.ts";
import { HILO_RTP } from "./hilo/hilo.ts";
import { PLINKO_MAX_MULTIPLIER, PLINKO_RISKS, plinkoExactRtp } from "./plinko/plinko.ts";
import { SLOTS_SIMULATED_RTP } from "./slots/measured.ts";
import { SLOTS_MAX_WIN_MULTIPLIER } from "./slots/symbols.ts";

/** One card of the lobby's game grid. */
export interface GameCatalogueEntry {
  id: GameType;
  icon: string;
  title: string;
  description: string;
  maxWin: string; // "1000x", "unlimited"
  betRange: string; // both currencies, "0.001 - 1 AMINA / 1 - 100 HC"
  houseEdge: string; // "2.8%", "5% rake"
  multiplayer: boolean;
  maxPlayers: number; // 1 for single-player games
  path: string; // where Play Now / Join Table leads
}

/** Poker's figures (its engine lives in poker/): 9 seats at most, 5% rake, 50 HC House buy-in. */
export const POKER_MAX_PLAYERS = 9;
export const POKER_RAKE = 0.05;
export const POKER_HOUSE_BUY_IN_HC = 50;

/** A multiplier as the catalogue prints it: at most 2 decimals, rounded down ("5.83x", "1000x"). */
export function formatMultiplier(multiplier: number): string {
  return `${Math.floor(multiplier * 100 + 1e-9) / 100}x`;
}

/** An edge as a percentage with two significant digits ("2.8%", "0.57%", "4%"). */
export function formatEdge(edge: number): string {
  return `${Number((edge * 100).toPrecision(2))}%`;
}

/** A range of edges, or one edge when they print the same ("2.8-3.2%"). */
export function formatEdgeRange(edges: readonly number[]): string {
  const low = formatEdge(Math.min(...edges)).slice(0, -1);
  const high = formatEdge(Math.max(...edges)).slice(0, -1);
  return low === high ? `${low}%` : `${low}-${high}%`;
}

/** A currency's bet range from the bet limits ("1 - 100 HC"). */
export function formatBetRange(currency: Currency): string {
  const { min, max } = BET_LIMITS[currency];
  return `${formatUnits(min)} - ${formatUnits(max)} ${currency}`;
}

const BOTH_RANGES = `${formatBetRange("AMINA")} / ${formatBetRange("HC")}`;

/** Supernova's shared rounds: everyone in the casino rides the same rocket (rooms of 2,500, as many as needed). */
export const CRASH_MAX_PLAYERS = 5000;

/** The seven games of the lobby, in grid order. */
export const GAME_CATALOGUE: readonly GameCatalogueEntry[] = [
  {
    id: "slots",
    icon: "🎰",
    title: "Cosmic Chaos",
    description: "5x5 cluster slots: land 5 or more connected symbols, catch 3 black holes for free spins.",
    maxWin: `${SLOTS_MAX_WIN_MULTIPLIER}x`,
    betRange: BOTH_RANGES,
    houseEdge: formatEdge(1 - SLOTS_SIMULATED_RTP.baseGame),
    multiplayer: false,
    maxPlayers: 1,
    path: "/game/slots",
  },
  {
    id: "plinko",
    icon: "🔮",
    title: "Quantum Plinko",
    description: "Drop up to 5 balls through 12 rows of quantum pegs into 13 multiplier slots.",
    maxWin: formatMultiplier(Math.max(...PLINKO_RISKS.map((risk) => PLINKO_MAX_MULTIPLIER[risk]))),
    betRange: BOTH_RANGES,
    houseEdge: formatEdgeRange(PLINKO_RISKS.map((risk) => 1 - plinkoExactRtp(risk))),
    multiplayer: false,
    maxPlayers: 1,
    path: "/game/plinko",
  },
  {
    id: "blackjack",
    icon: "🃏",
    title: "Galaxy Blackjack",
    description: "Beat the dealer to 21. Blackjack pays 3:2, dealer stands on soft 17, double and split.",
    maxWin: formatMultiplier(BLACKJACK_NATURAL_MULTIPLIER),
    betRange: BOTH_RANGES,
    // 1 - blackjackExactRtp() (catalogue.test.ts checks it), written out: working it out takes a
    // first page's worth of main-thread time on a slow phone.
    houseEdge: "0.57%",
    multiplayer: false,
    maxPlayers: 1,
    path: "/game/blackjack",
  },
  {
    id: "hilo",
    icon: "🚀",
    title: "Cosmic Hi-Lo",
    description: "Higher or lower? Every right guess grows the multiplier; cash out before the stars turn.",
    maxWin: "unlimited",
    betRange: BOTH_RANGES,
    houseEdge: formatEdge(1 - HILO_RTP),
    multiplayer: false,
    maxPlayers: 1,
    path: "/game/hilo",
  },
  {
    id: "dice",
    icon: "🎲",
    title: "Nebula Dice",
    description: "Roll two dice: bet LOW 2-6, SEVEN or HIGH 8-12.",
    maxWin: formatMultiplier(DICE_MAX_MULTIPLIER),
    betRange: BOTH_RANGES,
    houseEdge: formatEdge(DICE_HOUSE_EDGE),
    multiplayer: false,
    maxPlayers: 1,
    path: "/game/dice",
  },
  {
    id: "poker",
    icon: "♠️",
    title: "Stellar Hold'em",
    description: `No-limit Texas Hold'em for up to ${POKER_MAX_PLAYERS} players, with practice bots at the House tables.`,
    maxWin: "unlimited",
    betRange: `${formatBetRange("AMINA")} / ${POKER_HOUSE_BUY_IN_HC} HC buy-in`,
    houseEdge: `${POKER_RAKE * 100}% rake`,
    multiplayer: true,
    maxPlayers: POKER_MAX_PLAYERS,
    path: "/poker",
  },
  {
    id: "crash",
    icon: "☄️",
    title: "Supernova",
    description:
      "One rocket for the whole casino: bet, watch the multiplier climb and cash out before it explodes. Provably fair by a public hash chain.",
    maxWin: `${formatUnits(CRASH_ROUND_PROFIT_CAP.HC)} HC per round`,
    betRange: BOTH_RANGES,
    houseEdge: formatEdge(CRASH_HOUSE_EDGE),
    multiplayer: true,
    maxPlayers: CRASH_MAX_PLAYERS,
    path: "/crash",
  },
];

/** The catalogue entry of a game. */
export function catalogueEntry(id: GameType): GameCatalogueEntry {
  const entry = GAME_CATALOGUE.find((game) => game.id === id);
  if (!entry) throw new Error(`no catalogue entry for ${id}`);
  return entry;
}
