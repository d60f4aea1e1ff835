/**
 * The verifier's form as URL query parameters, so a history row can link to /verify prefilled:
 * `/verify?game=dice&serverSeed=..&clientSeed=..&nonce=..&stake=1&betType=low` (stake in coins),
 * plus `risk` (plinko), `actions` / `moves` (comma lists, blackjack / hi-lo), `freeSpinMultiplier`,
 * `bonusWonBefore` and `bonusBuy` (slots), `hash` (the published seed hash, or a poker hand's deck root) and `handId` (poker),
 * with, for a hand opened from the table, `seedHash`, `board` and `holes` (what the table saw: pokerSeenCards.ts).
 */
import {
  type BlackjackAction,
  type DiceBetType,
  type HiloMove,
  type PlinkoRisk,
  parseAmount,
  type RoundInput,
  type SinglePlayerGame,
  unitsToCoins,
} from "@casino/protocol";

/** The games the verifier replays: the five single-player games and a poker hand by id. */
export const VERIFY_GAMES = ["dice", "plinko", "slots", "blackjack", "hilo", "poker"] as const;
export type VerifyGame = (typeof VERIFY_GAMES)[number];

/** Everything the form holds, as text (what the inputs show and the URL carries). */
export interface VerifyForm {
  game: VerifyGame;
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  stake: string; // coins
  hash: string; // optional published server seed hash
  betType: DiceBetType;
  risk: PlinkoRisk;
  actions: string; // blackjack, comma separated
  moves: string; // hi-lo, comma separated
  freeSpinMultiplier: string; // slots free spin: empty for a paid spin
  bonusWonBefore: string; // coins
  bonusBuy: boolean;
  handId: string; // poker
  seedHash: string; // poker: the seed hash seen before the deal
  board: string; // poker: the board seen at the table, card indices
  holes: string; // poker: hole cards seen at the table, "seat:card,card;..."
}

/** An empty form: dice, bet low, stake 1. */
export const EMPTY_VERIFY_FORM: VerifyForm = {
  game: "dice",
  serverSeed: "",
  clientSeed: "",
  nonce: "0",
  stake: "1",
  hash: "",
  betType: "low",
  risk: "low",
  actions: "",
  moves: "",
  freeSpinMultiplier: "",
  bonusWonBefore: "0",
  bonusBuy: false,
  handId: "",
  seedHash: "",
  board: "",
  holes: "",
};

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** Reads the form from a query string; unknown or missing values fall back to the empty form's. */
export function readVerifyForm(params: URLSearchParams): VerifyForm {
  const text = (key: keyof VerifyForm) => params.get(key) ?? String(EMPTY_VERIFY_FORM[key]);
  return {
    game: pick(params.get("game"), VERIFY_GAMES, params.get("handId") ? "poker" : "dice"),
    serverSeed: text("serverSeed").trim(),
    clientSeed: text("clientSeed"),
    nonce: text("nonce").trim(),
    stake: text("stake").trim(),
    hash: text("hash").trim(),
    betType: pick(params.get("betType"), ["low", "seven", "high"] as const, "low"),
    risk: pick(params.get("risk"), ["low", "medium", "high"] as const, "low"),
    actions: text("actions"),
    moves: text("moves"),
    freeSpinMultiplier: text("freeSpinMultiplier").trim(),
    bonusWonBefore: text("bonusWonBefore").trim(),
    bonusBuy: params.get("bonusBuy") === "1" || params.get("bonusBuy") === "true",
    handId: text("handId").trim(),
    seedHash: text("seedHash").trim(),
    board: text("board").trim(),
    holes: text("holes").trim(),
  };
}

/** The query string of a form: only the keys its game uses. */
export function writeVerifyForm(form: VerifyForm): URLSearchParams {
  const params = new URLSearchParams({ game: form.game });
  if (form.game === "poker") {
    params.set("handId", form.handId);
    for (const key of ["hash", "seedHash", "board", "holes"] as const)
      if (form[key]) params.set(key, form[key]);
    return params;
  }
  params.set("serverSeed", form.serverSeed);
  params.set("clientSeed", form.clientSeed);
  params.set("nonce", form.nonce);
  params.set("stake", form.stake);
  if (form.hash) params.set("hash", form.hash);
  if (form.game === "dice") params.set("betType", form.betType);
  if (form.game === "plinko") params.set("risk", form.risk);
  if (form.game === "blackjack") params.set("actions", form.actions);
  if (form.game === "hilo") params.set("moves", form.moves);
  if (form.game === "slots" && form.bonusBuy) params.set("bonusBuy", "1");
  if (form.game === "slots" && form.freeSpinMultiplier) {
    params.set("freeSpinMultiplier", form.freeSpinMultiplier);
    params.set("bonusWonBefore", form.bonusWonBefore);
  }
  return params;
}

/** A comma-separated list, trimmed, empty items dropped. */
function listOf(text: string): string[] {
  return text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/** What a form replays: the round's seeds and nonce and its input, or why it cannot. */
export type FormRound =
  | { ok: true; serverSeed: string; clientSeed: string; nonce: number; input: RoundInput | unknown }
  | { ok: false; message: string };

/** Turns a (single-player) form into a round to replay; the input itself is checked by verifyRound. */
export function roundOfForm(form: VerifyForm): FormRound {
  if (form.game === "poker") return { ok: false, message: "Poker hands are checked by hand id." };
  if (!/^[0-9a-f]{64}$/.test(form.serverSeed))
    return { ok: false, message: "The server seed is 64 lowercase hexadecimal characters." };
  if (form.clientSeed === "") return { ok: false, message: "Enter the client seed." };
  if (!/^\d{1,15}$/.test(form.nonce)) return { ok: false, message: "The nonce is a whole number from 0." };
  const stake = parseAmount(form.stake);
  if (!stake.ok || stake.units <= 0) return { ok: false, message: "Enter the stake in coins, e.g. 1." };
  const game: SinglePlayerGame = form.game;
  const base = { game, stake: stake.units };
  let input: unknown;
  if (game === "dice") input = { ...base, betType: form.betType };
  else if (game === "plinko") input = { ...base, risk: form.risk };
  else if (game === "blackjack") input = { ...base, actions: listOf(form.actions) as BlackjackAction[] };
  else if (game === "hilo") input = { ...base, moves: listOf(form.moves) as HiloMove[] };
  else if (form.bonusBuy) input = { ...base, bonusBuy: true };
  else if (form.freeSpinMultiplier) {
    const won = parseAmount(form.bonusWonBefore || "0");
    if (!won.ok) return { ok: false, message: "Enter what the bonus had won before, in coins." };
    input = { ...base, freeSpin: { multiplier: Number(form.freeSpinMultiplier), bonusWonBefore: won.units } };
  } else input = base;
  return {
    ok: true,
    serverSeed: form.serverSeed,
    clientSeed: form.clientSeed,
    nonce: Number(form.nonce),
    input,
  };
}

/** A settled round as the history lists it (the fields a verify link needs). */
export interface LinkableRound {
  gameType: string;
  serverSeed: string | null;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  input: unknown;
  currency?: string;
}

/** The /verify link of a history round, or null while its server seed is not revealed. */
export function verifyHrefOf(round: LinkableRound): string | null {
  // Supernova rounds are checked against the public hash chain, not the player's seed.
  if (round.gameType === "crash") {
    const flight = (round.input as { round?: unknown } | null)?.round;
    if (typeof flight !== "number" || !round.currency) return null;
    return `/verify?game=crash&currency=${encodeURIComponent(round.currency)}&round=${flight}`;
  }
  if (!round.serverSeed) return null;
  const input = (round.input ?? {}) as Partial<{
    stake: number;
    betType: DiceBetType;
    risk: PlinkoRisk;
    actions: string[];
    moves: string[];
    freeSpin: { multiplier: number; bonusWonBefore: number };
    bonusBuy: boolean;
  }>;
  const game = pick(round.gameType, VERIFY_GAMES, "dice");
  const form: VerifyForm = {
    ...EMPTY_VERIFY_FORM,
    game,
    serverSeed: round.serverSeed,
    clientSeed: round.clientSeed,
    nonce: String(round.nonce),
    stake: String(unitsToCoins(input.stake ?? 0)),
    hash: round.serverSeedHash,
    betType: input.betType ?? "low",
    risk: input.risk ?? "low",
    actions: (input.actions ?? []).join(","),
    moves: (input.moves ?? []).join(","),
    freeSpinMultiplier: input.freeSpin ? String(input.freeSpin.multiplier) : "",
    bonusWonBefore: input.freeSpin ? String(unitsToCoins(input.freeSpin.bonusWonBefore)) : "0",
    bonusBuy: input.bonusBuy === true,
  };
  return `/verify?${writeVerifyForm(form).toString()}`;
}
