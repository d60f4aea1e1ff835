/**
 * Lyra, the dealer monitor: counts the shuffles committed (one per hand) and revealed (hands ended
 * with their seed public), the tables it watches, and finds stuck hands: a live hand whose table's
 * host lease ran out (the process dealing it is gone) or that has run far longer than any hand can
 * with every action on its timer. It also checks each live hand's published commitment against its
 * secret seed. Stuck hands are high events, a broken commitment a critical one.
 */
import { hashHandSeed } from "@casino/protocol";
import { sql } from "kysely";
import { LIVE_HAND, VOIDED_HAND } from "../../db/literals.ts";
import { pokerDb } from "../../poker/db.ts";
import type { CasinoServices } from "../../services.ts";
import { readReport } from "../counters.ts";
import { type MonitorRun, raiseAlert } from "./record.ts";

/** When a live hand counts as stuck. */
export interface DealerMonitorOptions {
  /** Grace after a table's host lease expired before its live hand is stuck. */
  leaseMarginMs?: number;
  /** Longest a hand may stay live (9 players timing out on every street stays well below). */
  maxHandMs?: number;
}

/** A live hand that is not moving. */
export interface StuckHand {
  handId: number;
  tableId: string;
  handNumber: number;
  liveForMs: number;
  reason: "host_lease_expired" | "over_max_duration";
}

/** Lyra's report of one run. */
export interface DealerReport {
  tables: number;
  activeTables: number;
  shufflesCommitted: number;
  shufflesRevealed: number;
  liveHands: number;
  voidedHands: number;
  stuckHands: StuckHand[];
  badCommitments: number[];
  /** Keys of the problems open at this run (each alerted once). */
  alerted: string[];
  /** How far the hands are counted (absent in reports of older versions: counting starts over). */
  counted?: CountedHands;
}

/** Hands whose id is below `below` number `hands`; the highest id seen at that run was `seenMax`. */
interface CountedHands {
  below: number;
  hands: number;
  seenMax: number;
}

/** Ids read per range per run at most (a few milliseconds on SQLite), so a long history is counted in steps. */
const COUNT_CHUNK = 20_000;

const DEFAULT_LEASE_MARGIN_MS = 60_000;
const DEFAULT_MAX_HAND_MS = 30 * 60_000;

/**
 * Hands dealt (every hand row, whatever its status) and voided, without reading every hand: the
 * hands below the last run's mark are counted once and carried in its report, and only the ids
 * from there on are read (by primary key). The mark moves up to the highest id the previous run
 * saw, so a hand whose insert was still uncommitted then is not skipped. Voided hands come from
 * their partial index.
 */
async function countShuffles(db: ReturnType<typeof pokerDb>, counted: CountedHands | undefined) {
  const start = counted ?? { below: 0, hands: 0, seenMax: 0 };
  const top = await db
    .selectFrom("poker_hands")
    .select(sql<number | null>`max(id)`.as("max"))
    .executeTakeFirst();
  const seenMax = Number(top?.max ?? 0);
  const below = Math.max(start.below, Math.min(start.seenMax + 1, start.below + COUNT_CHUNK));
  const settled = await countIds(db, start.below, below);
  // Far behind (a long history from before this count): the total rises a chunk per run until caught up.
  const recent = await countIds(db, below, Math.min(seenMax + 1, below + COUNT_CHUNK));
  const voided = await db
    .selectFrom("poker_hands")
    .select(sql<number>`count(*)`.as("n"))
    .where("status", "=", VOIDED_HAND)
    .executeTakeFirstOrThrow();
  const next: CountedHands = { below, hands: start.hands + settled, seenMax };
  return { committed: next.hands + recent, voided: Number(voided.n), counted: next };
}

/** How many hands have an id in [from, to). */
async function countIds(db: ReturnType<typeof pokerDb>, from: number, to: number): Promise<number> {
  if (to <= from) return 0;
  const row = await db
    .selectFrom("poker_hands")
    .select(sql<number>`count(*)`.as("n"))
    .where("id", ">=", from)
    .where("id", "<", to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One pass over the poker tables and hands. */
export async function watchTables(
  services: CasinoServices,
  options: DealerMonitorOptions = {},
): Promise<MonitorRun<DealerReport>> {
  const now = services.now();
  const leaseMarginMs = options.leaseMarginMs ?? DEFAULT_LEASE_MARGIN_MS;
  const maxHandMs = options.maxHandMs ?? DEFAULT_MAX_HAND_MS;
  const db = pokerDb(services.handle.db);
  const previous = await readReport<DealerReport>(services.handle.db, "lyra");

  const tables = await db
    .selectFrom("poker_tables")
    .select([
      sql<number>`count(*)`.as("all"),
      sql<number>`sum(case when lease_expires_at > ${now} then 1 else 0 end)`.as("active"),
    ])
    .executeTakeFirstOrThrow();
  const shuffles = await countShuffles(db, previous?.body.counted);
  const live = await db
    .selectFrom("poker_hands as h")
    .innerJoin("poker_tables as t", "t.id", "h.table_id")
    .select(["h.id", "h.table_id", "h.hand_number", "h.hand_seed", "h.deck_hash", "h.started_at"])
    .select("t.lease_expires_at")
    .where("h.status", "=", LIVE_HAND)
    .execute();

  const stuckHands: StuckHand[] = [];
  const badCommitments: number[] = [];
  for (const hand of live) {
    const liveForMs = now - Number(hand.started_at);
    const leaseEnd = hand.lease_expires_at === null ? null : Number(hand.lease_expires_at);
    const base = {
      handId: Number(hand.id),
      tableId: hand.table_id,
      handNumber: Number(hand.hand_number),
      liveForMs,
    };
    if (leaseEnd === null || leaseEnd + leaseMarginMs < now)
      stuckHands.push({ ...base, reason: "host_lease_expired" });
    else if (liveForMs > maxHandMs) stuckHands.push({ ...base, reason: "over_max_duration" });
    if (hashHandSeed(hand.hand_seed) !== hand.deck_hash.toLowerCase()) badCommitments.push(Number(hand.id));
  }

  const alreadyAlerted = new Set(previous?.body.alerted ?? []);
  const openKeys = [
    ...stuckHands.map((s) => `stuck:${s.handId}`),
    ...badCommitments.map((id) => `commitment:${id}`),
  ];
  let dispatched = 0;
  for (const stuck of stuckHands) {
    if (alreadyAlerted.has(`stuck:${stuck.handId}`)) continue;
    dispatched += 1;
    raiseAlert(services, "lyra", {
      type: "stuck_hand",
      severity: "high",
      location: `poker table ${stuck.tableId}`,
      details: `Hand #${stuck.handNumber} has been live for ${Math.round(stuck.liveForMs / 1000)} s (${stuck.reason.replaceAll("_", " ")})`,
      rule: `lyra/${stuck.reason}`,
    });
  }
  for (const id of badCommitments) {
    if (alreadyAlerted.has(`commitment:${id}`)) continue;
    dispatched += 1;
    raiseAlert(services, "lyra", {
      type: "shuffle_commitment_mismatch",
      severity: "critical",
      location: `poker hand ${id}`,
      details: "The published deck commitment does not match the hand's seed",
      rule: "lyra/commitment",
    });
  }

  const report: DealerReport = {
    tables: Number(tables.all),
    activeTables: Number(tables.active ?? 0),
    shufflesCommitted: shuffles.committed,
    shufflesRevealed: shuffles.committed - live.length - shuffles.voided,
    liveHands: live.length,
    voidedHands: shuffles.voided,
    stuckHands: stuckHands.slice(0, 20),
    badCommitments: badCommitments.slice(0, 20),
    alerted: openKeys.slice(0, 500),
    counted: shuffles.counted,
  };
  return {
    add: { issuesDetected: dispatched, tasksDispatched: dispatched, commitmentsChecked: live.length },
    set: {
      totalShuffles: report.shufflesCommitted,
      shufflesRevealed: report.shufflesRevealed,
      tablesMonitored: report.tables,
      activeTables: report.activeTables,
      liveHands: report.liveHands,
      stuckHands: stuckHands.length,
    },
    report,
  };
}
