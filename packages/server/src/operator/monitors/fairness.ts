/**
 * Orion, the fairness auditor: re-verifies random settled rounds whose server seed has been
 * revealed (every single-player game through verifyRound) and random finished poker hands
 * (verifyHandDeck plus every dealt card), exactly as a player could. A mismatch is a critical event.
 */

import type { TableEvent } from "@casino/protocol";
import { verifyHandDeck, verifyRound } from "@casino/protocol";
import { sql } from "kysely";
import { pokerDb } from "../../poker/db.ts";
import type { CasinoServices } from "../../services.ts";
import { readReport } from "../counters.ts";
import { findDealtCardMismatch } from "./dealt-cards.ts";
import { keepRecent, type MonitorRun, raiseAlert } from "./record.ts";

/** How much one run checks, and the randomness that picks it (seeded in tests). */
export interface FairnessAuditOptions {
  roundSample?: number;
  handSample?: number;
  random?: () => number;
}

/** One disagreement between what was stored and what the seeds give. */
export interface FairnessMismatch {
  kind: "round" | "hand";
  id: string;
  reason: string;
}

/** Orion's report of one run. */
export interface FairnessReport {
  roundsVerified: number;
  handsVerified: number;
  mismatches: FairnessMismatch[];
  /** Rounds and hands already alerted on (so a re-pick does not alert twice). */
  alerted: string[];
}

/** How many candidate rows one pick reads at most (bounds the cost of a run). */
const CANDIDATE_WINDOW = 200;

function pickRandom<T>(items: readonly T[], count: number, random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, count);
}

/** Settled rounds with revealed seeds, read from a random point in time onwards (bounded). */
async function pickRounds(services: CasinoServices, count: number, random: () => number) {
  const { db } = services.handle;
  const range = await db
    .selectFrom("game_rounds")
    .select([sql<number | null>`min(created_at)`.as("first"), sql<number | null>`max(created_at)`.as("last")])
    .executeTakeFirst();
  if (range?.first === null || range?.first === undefined || range.last === null) return [];
  const first = Number(range.first);
  const from = Math.floor(first + random() * (Number(range.last) - first));
  const readFrom = (start: number) =>
    db
      .selectFrom((eb) =>
        eb
          .selectFrom("game_rounds")
          .selectAll()
          // Crash bets are decided by the public hash chain, not the player's seed (checked against the chain instead).
          .where("game_type", "!=", "crash")
          .where("created_at", ">=", start)
          .orderBy("created_at")
          .limit(CANDIDATE_WINDOW)
          .as("r"),
      )
      .innerJoin("fair_seeds as s", "s.id", "r.seed_id")
      .select([
        "r.id",
        "r.win_amount",
        "r.server_seed_hash",
        "r.client_seed",
        "r.nonce",
        "r.input",
        "r.outcome",
        "s.server_seed",
      ])
      .where("r.status", "=", "settled")
      .where("s.is_active", "=", 0)
      .execute();
  let rows = await readFrom(from);
  if (rows.length < count && from > first) {
    const seen = new Set(rows.map((r) => r.id));
    rows = [...rows, ...(await readFrom(first)).filter((r) => !seen.has(r.id))];
  }
  return pickRandom(rows, count, random);
}

/** Why a stored round disagrees with its replay, or null. */
function checkRound(row: Awaited<ReturnType<typeof pickRounds>>[number]): string | null {
  let input: unknown;
  let outcome: unknown;
  try {
    input = JSON.parse(row.input);
    outcome = row.outcome === null ? undefined : JSON.parse(row.outcome);
  } catch {
    return "stored input or outcome is not JSON";
  }
  const verdict = verifyRound({
    serverSeed: row.server_seed,
    clientSeed: row.client_seed,
    nonce: Number(row.nonce),
    input,
    outcome,
    serverSeedHash: row.server_seed_hash,
  });
  if (!verdict.ok) return `${verdict.error}: ${verdict.message}`;
  if (verdict.hashMatches === false) return "the revealed seed does not hash to the published commitment";
  if (verdict.matches === false) return "the stored outcome differs from the replay";
  if (verdict.win !== Number(row.win_amount))
    return `credited ${Number(row.win_amount)} units but the replay pays ${verdict.win}`;
  return null;
}

/** Finished poker hands from a random id onwards (bounded). */
async function pickHands(services: CasinoServices, count: number, random: () => number) {
  const db = pokerDb(services.handle.db);
  const range = await db
    .selectFrom("poker_hands")
    .select([sql<number | null>`min(id)`.as("first"), sql<number | null>`max(id)`.as("last")])
    .executeTakeFirst();
  if (range?.first === null || range?.first === undefined || range.last === null) return [];
  const from = Math.floor(Number(range.first) + random() * (Number(range.last) - Number(range.first) + 1));
  const readFrom = (start: number) =>
    db
      .selectFrom("poker_hands")
      .select(["id", "hand_number", "hand_seed", "deck_hash", "client_seeds", "events"])
      .where("id", ">=", start)
      .where("status", "=", "ended")
      .orderBy("id")
      .limit(count * 4)
      .execute();
  let rows = await readFrom(from);
  if (rows.length < count) {
    const seen = new Set(rows.map((r) => r.id));
    rows = [...rows, ...(await readFrom(Number(range.first))).filter((r) => !seen.has(r.id))];
  }
  return pickRandom(rows, count, random);
}

/** Why a finished hand's deck or dealt cards disagree with its revealed seed, or null. */
function checkHand(row: Awaited<ReturnType<typeof pickHands>>[number]): string | null {
  let clientSeeds: string[];
  let events: TableEvent[];
  try {
    clientSeeds = JSON.parse(row.client_seeds) as string[];
    events = row.events === null ? [] : (JSON.parse(row.events) as TableEvent[]);
  } catch {
    return "stored client seeds or events are not JSON";
  }
  const check = verifyHandDeck({
    handSeed: row.hand_seed,
    deckHash: row.deck_hash,
    clientSeeds,
    handNumber: Number(row.hand_number),
  });
  if (!check.valid) return check.reason ?? "deck check failed";
  return findDealtCardMismatch(events, check.deck);
}

/** One audit: verifies a random sample and raises a critical event per new mismatch. */
export async function auditFairness(
  services: CasinoServices,
  options: FairnessAuditOptions = {},
): Promise<MonitorRun<FairnessReport>> {
  const random = options.random ?? Math.random;
  const previous = await readReport<FairnessReport>(services.handle.db, "orion");
  const mismatches: FairnessMismatch[] = [];
  const rounds = await pickRounds(services, options.roundSample ?? 20, random);
  for (const row of rounds) {
    const reason = checkRound(row);
    if (reason) mismatches.push({ kind: "round", id: row.id, reason });
  }
  const hands = await pickHands(services, options.handSample ?? 5, random);
  for (const row of hands) {
    const reason = checkHand(row);
    if (reason) mismatches.push({ kind: "hand", id: String(row.id), reason });
  }
  const alreadyAlerted = new Set(previous?.body.alerted ?? []);
  const fresh = mismatches.filter((m) => !alreadyAlerted.has(`${m.kind}:${m.id}`));
  for (const m of fresh) {
    raiseAlert(services, "orion", {
      type: "fairness_mismatch",
      severity: "critical",
      location: m.kind === "round" ? `game round ${m.id}` : `poker hand ${m.id}`,
      details: `Re-verification failed: ${m.reason}`,
      rule: "orion/replay",
    });
  }
  return {
    add: {
      fairnessVerifications: rounds.length + hands.length,
      roundsVerified: rounds.length,
      handsVerified: hands.length,
      issuesDetected: fresh.length,
      tasksDispatched: fresh.length,
    },
    report: {
      roundsVerified: rounds.length,
      handsVerified: hands.length,
      mismatches,
      alerted: keepRecent(
        previous?.body.alerted ?? [],
        fresh.map((m) => `${m.kind}:${m.id}`),
      ),
    },
  };
}
