/**
 * Chip dumping between fresh accounts, as the sentinel sees it in the stored poker hands: a hand
 * won without a showdown (everybody else folded) in which an account younger than a day, with a
 * small stack, lost chips to the winner. One such hand is ordinary poker; the same winner collecting
 * most of the stacks of several fresh accounts that way within a day is how free demo AMINA (or
 * House Coins) is pooled into one account. Each run reads the hands ended since its cursor, and for
 * every winner of a suspicious one looks at that winner's fold-won hands of the last day; a winner
 * over the rule is raised once as a medium "chip_dumping_suspected" event.
 */
import { AMINA_FAUCET_PER_WALLET, type Currency, formatUnits, NEW_USER_HC } from "@casino/protocol";
import { sql } from "kysely";
import { pokerDb } from "../../poker/db.ts";
import type { CasinoServices } from "../../services.ts";
import { userColumnByIds } from "../../users/users.ts";
import { keepRecent, raiseAlert } from "./record.ts";

/** The rule: who counts as fresh, what stack is small, and how many fresh accounts make a pattern. */
export interface ChipDumpingRule {
  /** An account this young when the hand started is fresh. */
  freshAccountMs: number;
  /** A fresh account's stack at most this (micro-units) is small. */
  smallStack: Record<Currency, number>;
  /** The winner's fold-won hands of this long are looked at. */
  windowMs: number;
  /** A fresh account dumped to the winner when it lost at least this share of its stack to them. */
  dumpedShare: number;
  /** This many distinct fresh accounts dumping to one winner raise the event. */
  minFreshAccounts: number;
  /** Hands read per run, and winners looked at per run. */
  batchHands: number;
  maxWinnersPerRun: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The default rule: day-old accounts, stacks up to two faucet portions or the new-user HC, 3 accounts. */
export const CHIP_DUMPING_RULE: ChipDumpingRule = {
  freshAccountMs: DAY_MS,
  smallStack: { AMINA: 2 * AMINA_FAUCET_PER_WALLET, HC: NEW_USER_HC },
  windowMs: DAY_MS,
  dumpedShare: 0.5,
  minFreshAccounts: 3,
  batchHands: 500,
  maxWinnersPerRun: 20,
};

/** A winner over the rule. */
export interface ChipDumpingSuspect {
  winnerId: string;
  walletAddress: string | null;
  currency: Currency;
  freshAccounts: number;
  hands: number;
  /** Micro-units the fresh accounts lost to the winner in those hands. */
  collected: number;
  tables: string[];
}

/** What the sentinel keeps of this scan between runs. */
export interface ChipDumpingState {
  handCursor: number;
  alerted: string[];
}

/** One scan's report. */
export interface ChipDumpingReport extends ChipDumpingState {
  handsScanned: number;
  suspects: ChipDumpingSuspect[];
  raised: number;
}

/** A hand whose pot nobody showed down for (the events text has no "hand_shown"). */
const wonByFolds = sql<boolean>`h.events not like ${'%"hand_shown"%'}`;

/** One loser's row in a fold-won hand, with the winner's id. */
interface LossRow {
  handId: number;
  tableId: string;
  currency: Currency;
  unitsPerChip: number;
  startedAt: number;
  loserId: string;
  loserCreatedAt: number;
  startStack: number;
  endStack: number;
}

/** Reads a loss row as the queries answer it (PostgreSQL answers big integers as strings). */
function toLossRow(raw: Record<keyof LossRow, unknown>): LossRow {
  return {
    handId: Number(raw.handId),
    tableId: String(raw.tableId),
    currency: raw.currency as Currency,
    unitsPerChip: Number(raw.unitsPerChip),
    startedAt: Number(raw.startedAt),
    loserId: String(raw.loserId),
    loserCreatedAt: Number(raw.loserCreatedAt),
    startStack: Number(raw.startStack),
    endStack: Number(raw.endStack ?? 0),
  };
}

/** Whether a loss is a fresh, small account's. */
function isFreshSmallLoss(rule: ChipDumpingRule, row: LossRow): boolean {
  const stack = row.startStack * row.unitsPerChip;
  return (
    row.startedAt - row.loserCreatedAt <= rule.freshAccountMs &&
    stack <= (rule.smallStack[row.currency] ?? 0) &&
    row.endStack < row.startStack
  );
}

/**
 * Every loss of a player to a winning player (both users) in an ended hand won by folds, with what
 * the rule reads of it; the callers narrow it to new hands or to one winner's window.
 */
function selectFoldWonLosses(services: CasinoServices) {
  return pokerDb(services.handle.db)
    .selectFrom("poker_hands as h")
    .innerJoin("poker_hand_players as w", "w.hand_id", "h.id")
    .innerJoin("poker_hand_players as l", "l.hand_id", "h.id")
    .innerJoin("users as wu", "wu.id", "w.player_id")
    .innerJoin("users as lu", "lu.id", "l.player_id")
    .select([
      "h.id as handId",
      "h.table_id as tableId",
      "h.currency",
      "h.units_per_chip as unitsPerChip",
      "h.started_at as startedAt",
      "w.player_id as winnerId",
      "l.player_id as loserId",
      "lu.created_at as loserCreatedAt",
      "l.start_stack as startStack",
      "l.end_stack as endStack",
    ])
    .where("h.status", "=", "ended")
    .where(wonByFolds)
    .whereRef("w.end_stack", ">", "w.start_stack")
    .whereRef("l.end_stack", "<", "l.start_stack");
}

/** The winners (user ids) of fold-won hands since the cursor in which a fresh, small account lost. */
async function newCandidates(services: CasinoServices, rule: ChipDumpingRule, cursor: number) {
  const db = pokerDb(services.handle.db);
  const hands = await db
    .selectFrom("poker_hands as h")
    .select(["h.id"])
    .where("h.id", ">", cursor)
    .where("h.status", "=", "ended")
    .orderBy("h.id")
    .limit(rule.batchHands)
    .execute();
  if (hands.length === 0) return { scanned: 0, lastId: cursor, winners: [] as string[] };
  const lastId = Number(hands[hands.length - 1]?.id);
  const rows = await selectFoldWonLosses(services)
    .where("h.id", ">", cursor)
    .where("h.id", "<=", lastId)
    .execute();
  const winners = new Set<string>();
  for (const row of rows) if (isFreshSmallLoss(rule, toLossRow(row))) winners.add(row.winnerId);
  return { scanned: hands.length, lastId, winners: [...winners].slice(0, rule.maxWinnersPerRun) };
}

/** What one winner collected in one currency: each fresh account's loss and its largest stack. */
interface Collections {
  losses: Map<string, { lost: number; stack: number }>;
  hands: Set<number>;
  tables: Set<string>;
}

/** The winner's fold-won collections from fresh, small accounts over the window, per currency. */
async function suspectsOf(
  services: CasinoServices,
  rule: ChipDumpingRule,
  winnerId: string,
): Promise<ChipDumpingSuspect[]> {
  const since = services.now() - rule.windowMs;
  const rows = await selectFoldWonLosses(services)
    .where("w.player_id", "=", winnerId)
    .where("h.ended_at", ">=", since)
    .execute();
  const byCurrency = new Map<Currency, Collections>();
  for (const raw of rows) {
    const row = toLossRow(raw);
    if (!isFreshSmallLoss(rule, row)) continue;
    let entry = byCurrency.get(row.currency);
    if (!entry) {
      entry = { losses: new Map(), hands: new Set(), tables: new Set() };
      byCurrency.set(row.currency, entry);
    }
    const units = row.unitsPerChip;
    const loss = entry.losses.get(row.loserId) ?? { lost: 0, stack: 0 };
    loss.lost += (row.startStack - row.endStack) * units;
    loss.stack = Math.max(loss.stack, row.startStack * units);
    entry.losses.set(row.loserId, loss);
    entry.hands.add(row.handId);
    entry.tables.add(row.tableId);
  }
  const suspects: ChipDumpingSuspect[] = [];
  for (const [currency, entry] of byCurrency) {
    const dumped = [...entry.losses.values()].filter((l) => l.lost >= rule.dumpedShare * l.stack);
    if (dumped.length < rule.minFreshAccounts) continue;
    suspects.push({
      winnerId,
      walletAddress: null,
      currency,
      freshAccounts: dumped.length,
      hands: entry.hands.size,
      collected: dumped.reduce((sum, l) => sum + l.lost, 0),
      tables: [...entry.tables].sort(),
    });
  }
  return suspects;
}

/** One scan: new hands since the cursor, then the window of each winner they name; raises new suspects. */
export async function scanChipDumping(
  services: CasinoServices,
  previous: ChipDumpingState | undefined,
  rule: ChipDumpingRule = CHIP_DUMPING_RULE,
): Promise<ChipDumpingReport> {
  const cursor = previous?.handCursor ?? 0;
  const alreadyAlerted = new Set(previous?.alerted ?? []);
  const found = await newCandidates(services, rule, cursor);
  const suspects: ChipDumpingSuspect[] = [];
  for (const winnerId of found.winners) suspects.push(...(await suspectsOf(services, rule, winnerId)));
  const winnerIds = suspects.map((s) => s.winnerId);
  const wallets = await userColumnByIds(services.handle.db, winnerIds, "wallet_address");
  const raisedKeys: string[] = [];
  for (const suspect of suspects) {
    suspect.walletAddress = wallets.get(suspect.winnerId) ?? null;
    const key = `${suspect.winnerId}:${suspect.currency}`;
    if (alreadyAlerted.has(key)) continue;
    raisedKeys.push(key);
    raiseAlert(services, "sirius", {
      type: "chip_dumping_suspected",
      severity: "medium",
      location: `poker ${suspect.tables.map((t) => `table ${t}`).join(", ")}`.slice(0, 200),
      details:
        `${suspect.walletAddress ?? suspect.winnerId} won ${formatUnits(suspect.collected)} ${suspect.currency} ` +
        `by folds from ${suspect.freshAccounts} accounts younger than a day with small stacks ` +
        `(${suspect.hands} hands in the last 24 h)`,
      rule: "sirius/chip-dumping",
    });
  }
  return {
    handCursor: found.lastId,
    alerted: keepRecent(previous?.alerted ?? [], raisedKeys),
    handsScanned: found.scanned,
    suspects: suspects.slice(0, 20),
    raised: raisedKeys.length,
  };
}
