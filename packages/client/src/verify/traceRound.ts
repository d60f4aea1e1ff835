/**
 * Every step of a single-player round's replay for the verifier page (docs/FAIRNESS.md sections
 * 1-8): the HMAC blocks, each float with the four bytes it came from, what the game made of it, and
 * the outcome computed by the same protocol code the server runs.
 */
import {
  cardFromFloat,
  DICE_FLOATS_PER_ROUND,
  hiloRank,
  PLINKO_ROWS,
  type RoundVerification,
  SLOT_CELLS,
  SLOT_COLS,
  streamBlock,
  verifyRound,
} from "@casino/protocol";
import { cardLabel } from "@casino/protocol/fair/fairness-doc";

/** One HMAC block of the round. */
export interface TraceBlock {
  round: number;
  message: string;
  hex: string;
}

/** One float read by the round. */
export interface TraceFloat {
  index: number;
  bytes: string; // the four bytes, hex, space separated
  value: number;
  meaning: string; // what the game made of it
}

/** The full trace, or why the round cannot be replayed. */
export type RoundTrace =
  | { ok: true; blocks: TraceBlock[]; floats: TraceFloat[]; result: RoundVerification }
  | { ok: false; message: string };

/** Bytes as lowercase hex. */
function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Floats a replayed outcome read. */
function floatsRead(result: RoundVerification): number {
  if (result.game === "blackjack" || result.game === "hilo") return result.outcome.position;
  if (result.game === "dice") return DICE_FLOATS_PER_ROUND;
  if (result.game === "plinko") return PLINKO_ROWS;
  return result.outcome.grid.length === 0 ? 0 : SLOT_CELLS;
}

/** What float `index` decided in a round, in the words of docs/FAIRNESS.md. */
function meaningOf(result: RoundVerification, index: number, f: number): string {
  switch (result.game) {
    case "dice":
      return `die ${index + 1} = floor(f × 6) + 1 = ${Math.floor(f * 6) + 1}`;
    case "plinko": {
      const right = Math.floor(f * 2);
      return `row ${index + 1}: floor(f × 2) = ${right} → ${right === 1 ? "right" : "left"}`;
    }
    case "slots":
      return `cell row ${Math.floor(index / SLOT_COLS) + 1}, col ${(index % SLOT_COLS) + 1}: floor(f × 10000) = ${Math.floor(f * 10000)} → ${result.outcome.grid[index]}`;
    case "blackjack": {
      const card = cardFromFloat(f);
      const role =
        ["player card 1", "dealer up card", "player card 2", "dealer hole card"][index] ?? "next card";
      return `${role}: floor(f × 52) = ${card} → ${cardLabel(card)}`;
    }
    case "hilo": {
      const card = cardFromFloat(f);
      const which = index === 0 ? "first card" : `card after guess ${index}`;
      return `${which}: floor(f × 52) = ${card} → ${cardLabel(card)} (rank ${hiloRank(card)})`;
    }
  }
}

/** Replays a round and lists every step; `hash` and `outcome` are compared when given. */
export function traceRound(round: {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  input: unknown;
  hash?: string;
  outcome?: unknown;
}): RoundTrace {
  const result = verifyRound({
    serverSeed: round.serverSeed,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    input: round.input,
    ...(round.hash ? { serverSeedHash: round.hash } : {}),
    ...(round.outcome === undefined ? {} : { outcome: round.outcome }),
  });
  if (!result.ok) return { ok: false, message: result.message };
  const count = floatsRead(result);
  const blocks: TraceBlock[] = [];
  for (let r = 0; r < Math.ceil(count / 8); r++) {
    const message = `${round.clientSeed}:${round.nonce}:${r}`;
    blocks.push({ round: r, message, hex: toHex(streamBlock(round.serverSeed, message)) });
  }
  const floats: TraceFloat[] = [];
  for (let i = 0; i < count; i++) {
    const block = blocks[Math.floor(i / 8)]!;
    const at = (i % 8) * 8;
    const hex = block.hex.slice(at, at + 8);
    const bytes = hex.match(/../g) ?? [];
    const value = bytes.reduce((sum, b, k) => sum + Number.parseInt(b, 16) / 256 ** (k + 1), 0);
    floats.push({ index: i, bytes: bytes.join(" "), value, meaning: meaningOf(result, i, value) });
  }
  return { ok: true, blocks, floats, result };
}
