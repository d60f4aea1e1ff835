/**
 * Sitting down, leaving and chips, each a money move through the table's escrow in one transaction
 * followed by the engine step: the state changes only when the money moved. Runs inside a table
 * task (see TableCore.run).
 */
import {
  applyTableAction,
  formatUnits,
  randomSeedHex,
  type TableAction,
  type TableEvent,
} from "@casino/protocol";
import { removeChips } from "./chip-rules.ts";
import { payIntoTable, payOutOfTable } from "./escrow.ts";
import { engineFailure, type PokerFailure, pokerFailure } from "./failures.ts";
import { BOT_NAMES, type SeatMeta, uniqueDisplayName } from "./seat-meta.ts";
import { deleteSeat, insertSeat, saveStacks } from "./seats-store.ts";
import type { ExtraWork, TableCore } from "./table-core.ts";

/** A success with its details, or an expected failure. */
export type PokerResult<T extends object = object> = ({ ok: true } & T) | PokerFailure;

/** Who sits down with how many chips. */
export interface JoinInput {
  userId: string;
  name: string;
  chips: number;
  clientSeed: string;
  seatPosition?: number | undefined;
  extra?: ExtraWork | undefined;
}

function newMeta(
  table: TableCore,
  fields: Pick<SeatMeta, "playerId" | "userId" | "displayName" | "isBot" | "botName" | "clientSeed">,
): SeatMeta {
  return {
    ...fields,
    connected: !fields.isBot,
    timeBank: table.ctx.settings.timeBankMs,
    preAction: null,
    sitOutHands: 0,
    sitOutSince: null,
    lastAction: "",
  };
}

function freeSeat(table: TableCore): number | null {
  const seat = table.state.seats.indexOf(null);
  return seat < 0 ? null : seat;
}

/** The buy-in range in coins, for messages. */
export function describeBuyInRange(table: TableCore): string {
  const { buyInMin, buyInMax, unitsPerChip, currency } = table.info;
  const min = formatUnits(buyInMin * unitsPerChip);
  const max = formatUnits(buyInMax * unitsPerChip);
  return min === max
    ? `The buy-in is ${min} ${currency}`
    : `The buy-in must be between ${min} and ${max} ${currency}`;
}

/** Seats a player who pays the buy-in into escrow; a player already seated keeps the seat. */
export async function joinNow(
  table: TableCore,
  input: JoinInput,
): Promise<PokerResult<{ seat: number; stack: number; alreadySeated: boolean }>> {
  if (table.closed) return pokerFailure("poker/table_closing");
  const existing = table.seatOf(input.userId);
  if (existing !== null) {
    return { ok: true, seat: existing, stack: table.state.seats[existing]!.stack, alreadySeated: true };
  }
  const { buyInMin, buyInMax } = table.info;
  if (!Number.isSafeInteger(input.chips) || input.chips < buyInMin || input.chips > buyInMax)
    return pokerFailure("poker/invalid_buy_in", describeBuyInRange(table));
  const seat = input.seatPosition ?? freeSeat(table);
  if (seat === null) return pokerFailure("poker/table_full");
  const names = table.occupiedSeats().map((s) => s.meta.displayName);
  const name = uniqueDisplayName(input.name, names);
  const result = applyTableAction(table.state, {
    type: "sit",
    seat,
    playerId: input.userId,
    name,
    stack: input.chips,
    now: table.now(),
  });
  if ("error" in result) return engineFailure(result.error);
  const { id, currency, unitsPerChip } = table.info;
  const moved = await table.persist(async (trx) => {
    const paid = await payIntoTable(trx, {
      tableId: id,
      currency,
      unitsPerChip,
      chips: input.chips,
      ownerId: input.userId,
    });
    if (!paid.ok) return pokerFailure("poker/insufficient_balance");
    await insertSeat(trx, {
      tableId: id,
      seat,
      playerId: input.userId,
      userId: input.userId,
      displayName: name,
      stack: input.chips,
      clientSeed: input.clientSeed,
      joinedAt: table.now(),
    });
    await input.extra?.(trx);
    return { ok: true as const };
  });
  if (!moved.ok) return moved;
  table.state = result.state;
  table.meta[seat] = newMeta(table, {
    playerId: input.userId,
    userId: input.userId,
    displayName: name,
    isBot: false,
    botName: "",
    clientSeed: input.clientSeed,
  });
  await table.afterChange(result.events);
  return { ok: true, seat, stack: input.chips, alreadySeated: false };
}

/**
 * Frees seats between hands (or of players not dealt in) and pays their stacks out in one
 * transaction; returns the engine's events.
 */
export async function removeSeatsNow(
  table: TableCore,
  seats: readonly number[],
  extra?: ExtraWork,
): Promise<TableEvent[]> {
  let state = table.state;
  const events: TableEvent[] = [];
  const payouts: { seat: number; stack: number; ownerId: string | null }[] = [];
  for (const seat of seats) {
    const result = applyTableAction(state, { type: "leave", seat, now: table.now() });
    if ("error" in result) continue;
    state = result.state;
    events.push(...result.events);
    const left = result.events.find((e) => e.type === "player_left" && e.seat === seat);
    if (left?.type === "player_left")
      payouts.push({ seat, stack: left.stack, ownerId: table.meta[seat]?.userId ?? null });
  }
  const { id, currency, unitsPerChip } = table.info;
  await table.persist(async (trx) => {
    for (const p of payouts) {
      if (p.stack > 0) {
        const paid = await payOutOfTable(trx, {
          tableId: id,
          currency,
          unitsPerChip,
          chips: p.stack,
          ownerId: p.ownerId,
        });
        if (!paid.ok) throw new Error(`poker: escrow of ${id} cannot pay seat ${p.seat}`);
      }
      await deleteSeat(trx, id, p.seat);
    }
    await extra?.(trx);
  });
  table.state = state;
  for (const p of payouts) table.meta[p.seat] = null;
  return events;
}

/** Leaves the table: at once with the stack paid out, or (mid-hand) folded and paid when the hand ends. */
export async function leaveNow(
  table: TableCore,
  seat: number,
  extra?: ExtraWork,
): Promise<PokerResult<{ pending: boolean; chips: number }>> {
  const inHand = table.isHandLive() && table.state.hand!.players.some((p) => p.seat === seat);
  if (!inHand) {
    const events = await removeSeatsNow(table, [seat], extra);
    const left = events.find((e) => e.type === "player_left" && e.seat === seat);
    if (left?.type !== "player_left")
      return engineFailure({ code: "poker/seat_empty", message: "Nobody sits in that seat." });
    await table.afterChange(events);
    return { ok: true, pending: false, chips: left.stack };
  }
  // In the hand: the player folds now and the stack is paid when the hand is settled (maybe at once).
  const result = applyTableAction(table.state, { type: "leave", seat, now: table.now() });
  if ("error" in result) return engineFailure(result.error);
  if (extra) await table.persist(extra);
  table.state = result.state;
  await table.afterChange(result.events);
  const left = result.events.find((e) => e.type === "player_left" && e.seat === seat);
  return { ok: true, pending: left === undefined, chips: left?.type === "player_left" ? left.stack : 0 };
}

/** House tables: bots fill seats up to the target while humans play, leaving one seat free, and go as humans come. */
export async function adjustBotsNow(table: TableCore): Promise<TableEvent[]> {
  const { settings } = table.ctx;
  if (!table.info.hasBots || !settings.bots || table.isHandLive() || table.closed) return [];
  const occupied = table.occupiedSeats();
  const humans = occupied.filter((s) => !s.meta.isBot).length;
  const bots = occupied.filter((s) => s.meta.isBot);
  const max = table.info.maxPlayers;
  const desired =
    humans === 0
      ? 0
      : Math.max(0, Math.min(Math.max(settings.botTargetPlayers - humans, 1), max - humans - 1));
  if (bots.length > desired)
    return removeSeatsNow(
      table,
      bots.slice(desired).map((b) => b.seat),
    );
  if (bots.length < desired) return addBotsNow(table, desired - bots.length);
  return [];
}

async function addBotsNow(table: TableCore, count: number): Promise<TableEvent[]> {
  const { id, currency, unitsPerChip, buyInMax } = table.info;
  const used = new Set(
    table.occupiedSeats().flatMap((s) => [s.meta.botName, s.meta.displayName.toLowerCase()]),
  );
  const names = BOT_NAMES.filter((n) => !used.has(n) && !used.has(n.toLowerCase()));
  let state = table.state;
  const events: TableEvent[] = [];
  const added: { seat: number; meta: SeatMeta }[] = [];
  for (let i = 0; i < count; i++) {
    const seat = state.seats.indexOf(null);
    const botName = names[i];
    if (seat < 0 || !botName) break;
    const playerId = `bot:${botName}`;
    const action: TableAction = {
      type: "sit",
      seat,
      playerId,
      name: botName,
      stack: buyInMax,
      now: table.now(),
    };
    const result = applyTableAction(state, action);
    if ("error" in result) break;
    state = result.state;
    events.push(...result.events);
    const clientSeed = randomSeedHex(8);
    added.push({
      seat,
      meta: newMeta(table, {
        playerId,
        userId: null,
        displayName: botName,
        isBot: true,
        botName,
        clientSeed,
      }),
    });
  }
  await table.persist(async (trx) => {
    for (const { seat, meta } of added) {
      await payIntoTable(trx, { tableId: id, currency, unitsPerChip, chips: buyInMax, ownerId: null });
      await insertSeat(trx, {
        tableId: id,
        seat,
        playerId: meta.playerId,
        userId: null,
        displayName: meta.displayName,
        stack: buyInMax,
        clientSeed: meta.clientSeed,
        joinedAt: table.now(),
      });
    }
  });
  table.state = state;
  for (const { seat, meta } of added) table.meta[seat] = meta;
  return events;
}

/** Removes players who sat out too many hands or too long (their stacks are paid out). */
export async function removeIdlePlayersNow(table: TableCore): Promise<TableEvent[]> {
  if (table.isHandLive()) return [];
  const { sitOutHandLimit, sitOutMaxMs } = table.ctx.settings;
  const now = table.now();
  const idle = table
    .occupiedSeats()
    .filter(({ seat, meta }) => {
      if (!table.state.seats[seat]?.sittingOut || meta.isBot) return false;
      return (
        meta.sitOutHands > sitOutHandLimit ||
        (meta.sitOutSince !== null && now - meta.sitOutSince >= sitOutMaxMs)
      );
    })
    .map((s) => s.seat);
  return idle.length > 0 ? removeSeatsNow(table, idle) : [];
}

/** Buys chips for a seated player between hands (AMINA tables), up to the table's maximum buy-in. */
export async function buyChipsNow(
  table: TableCore,
  seat: number,
  chips: number,
  extra?: ExtraWork,
): Promise<PokerResult<{ stack: number }>> {
  const player = table.state.seats[seat]!;
  if (player.stack + chips > table.info.buyInMax) return pokerFailure("poker/above_max_buy_in");
  const result = applyTableAction(table.state, { type: "add_chips", seat, amount: chips, now: table.now() });
  if ("error" in result) return engineFailure(result.error);
  const stack = result.state.seats[seat]!.stack;
  const { id, currency, unitsPerChip } = table.info;
  const moved = await table.persist(async (trx) => {
    const paid = await payIntoTable(trx, {
      tableId: id,
      currency,
      unitsPerChip,
      chips,
      ownerId: table.meta[seat]!.userId,
    });
    if (!paid.ok) return pokerFailure("poker/insufficient_balance");
    await saveStacks(trx, id, [{ seat, stack }]);
    await extra?.(trx);
    return { ok: true as const };
  });
  if (!moved.ok) return moved;
  table.state = result.state;
  await table.afterChange(result.events);
  return { ok: true, stack };
}

/** Cashes chips out between hands; the whole stack means leaving the table. */
export async function cashOutChipsNow(
  table: TableCore,
  seat: number,
  chips: number,
  extra?: ExtraWork,
): Promise<PokerResult<{ stack: number }>> {
  const player = table.state.seats[seat]!;
  if (chips > player.stack)
    return engineFailure({ code: "poker/above_stack", message: "You do not have that many chips." });
  if (chips === player.stack) {
    if (table.isHandLive() && table.state.hand!.players.some((p) => p.seat === seat))
      return engineFailure({ code: "poker/hand_in_progress", message: "Wait until the current hand ends." });
    const left = await leaveNow(table, seat, extra);
    return left.ok ? { ok: true, stack: 0 } : left;
  }
  const result = removeChips(table.state, seat, chips);
  if ("error" in result) return engineFailure(result.error);
  const stack = result.state.seats[seat]!.stack;
  const { id, currency, unitsPerChip } = table.info;
  await table.persist(async (trx) => {
    const paid = await payOutOfTable(trx, {
      tableId: id,
      currency,
      unitsPerChip,
      chips,
      ownerId: table.meta[seat]!.userId,
    });
    if (!paid.ok) throw new Error(`poker: escrow of ${id} cannot pay seat ${seat}`);
    await saveStacks(trx, id, [{ seat, stack }]);
    await extra?.(trx);
  });
  table.state = result.state;
  await table.afterChange(result.events);
  return { ok: true, stack };
}

/** Sits out from the next hand on, or comes back. */
export async function setSittingOutNow(
  table: TableCore,
  seat: number,
  sittingOut: boolean,
): Promise<PokerResult> {
  const result = applyTableAction(table.state, { type: "sit_out", seat, sittingOut, now: table.now() });
  if ("error" in result) return engineFailure(result.error);
  const meta = table.meta[seat];
  if (meta) {
    meta.sitOutSince = sittingOut ? (meta.sitOutSince ?? table.now()) : null;
    if (!sittingOut) meta.sitOutHands = 0;
  }
  table.state = result.state;
  await table.afterChange(result.events);
  return { ok: true };
}
