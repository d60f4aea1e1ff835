/**
 * Sitting down, leaving, bots and chips planned as table steps: each is the engine step plus the
 * money move through the table's escrow in one transaction, so the state changes only when the
 * money moved. The orchestrator applies the steps.
 */
import {
  applyTableAction,
  formatUnits,
  randomSeedHex,
  type TableEvent,
  type TableState,
} from "@casino/protocol";
import {
  createSeatMeta,
  freeBotNames,
  type SeatMeta,
  uniqueDisplayName,
} from "@casino/protocol/poker/table/seat-meta";
import { countBotsWanted, removeChips } from "@casino/protocol/poker/table/seat-rules";
import { chargeStake } from "../responsible/hooks.ts";
import { payBotIntoTable, payIntoTable, payOutOfTable } from "./escrow.ts";
import { engineFailure, type PokerFailure, pokerFailure } from "./failures.ts";
import { deleteSeat, insertSeat, saveStacks } from "./seats-store.ts";
import type { ExtraWork, TableCore } from "./table-core.ts";
import type { TableStep } from "./table-step.ts";

/** Who sits down with how many chips. */
export interface JoinInput {
  userId: string;
  name: string;
  chips: number;
  clientSeed: string;
  seatPosition?: number | undefined;
  extra?: ExtraWork | undefined;
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

function chipMove(table: TableCore, chips: number, ownerId: string | null) {
  const { id, currency, unitsPerChip } = table.info;
  return { tableId: id, currency, unitsPerChip, chips, ownerId };
}

/** Seats a player who pays the buy-in into escrow. */
export function planJoin(
  table: TableCore,
  input: JoinInput,
): TableStep<{ seat: number; stack: number; alreadySeated: boolean }> | PokerFailure {
  const { buyInMin, buyInMax, id } = table.info;
  if (!Number.isSafeInteger(input.chips) || input.chips < buyInMin || input.chips > buyInMax)
    return pokerFailure("poker/invalid_buy_in", describeBuyInRange(table));
  const free = table.state.seats.indexOf(null);
  const seat = input.seatPosition ?? (free < 0 ? null : free);
  if (seat === null) return pokerFailure("poker/table_full");
  const name = uniqueDisplayName(
    input.name,
    table.occupiedSeats().map((s) => s.meta.displayName),
  );
  const now = table.now();
  const sat = applyTableAction(table.state, {
    type: "sit",
    seat,
    playerId: input.userId,
    name,
    stack: input.chips,
    now,
  });
  if ("error" in sat) return engineFailure(sat.error);
  const identity = { playerId: input.userId, userId: input.userId, displayName: name, isBot: false };
  const meta = createSeatMeta(
    { ...identity, botName: "", clientSeed: input.clientSeed },
    table.ctx.settings.timeBankMs,
  );
  return {
    ...sat,
    persist: () =>
      table.persist(async (trx) => {
        const buyIn = input.chips * table.info.unitsPerChip;
        const refused = await chargeStake(trx, input.userId, table.info.currency, buyIn, now);
        if (refused) return refused;
        const paid = await payIntoTable(trx, chipMove(table, input.chips, input.userId));
        if (!paid.ok) return pokerFailure("poker/insufficient_balance");
        await insertSeat(trx, {
          tableId: id,
          seat,
          playerId: input.userId,
          userId: input.userId,
          displayName: name,
          stack: input.chips,
          clientSeed: input.clientSeed,
          joinedAt: now,
        });
        await input.extra?.(trx);
        return undefined;
      }),
    commit: () => {
      table.meta[seat] = meta;
    },
    answer: { seat, stack: input.chips, alreadySeated: false },
  };
}

/** Frees seats between hands (or of players not dealt in) and pays their stacks out in one transaction. */
export function planRemoveSeats(table: TableCore, seats: readonly number[], extra?: ExtraWork): TableStep {
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
  const { id } = table.info;
  return {
    state,
    events,
    persist: () =>
      table.persist(async (trx) => {
        for (const p of payouts) {
          if (p.stack > 0) {
            const paid = await payOutOfTable(trx, chipMove(table, p.stack, p.ownerId));
            if (!paid.ok) throw new Error(`poker: escrow of ${id} cannot pay seat ${p.seat}`);
          }
          await deleteSeat(trx, id, p.seat);
        }
        await extra?.(trx);
        return undefined;
      }),
    commit: () => {
      for (const p of payouts) table.meta[p.seat] = null;
    },
    answer: {},
  };
}

function isDealtIn(table: TableCore, seat: number): boolean {
  return table.isHandLive() && table.state.hand!.players.some((p) => p.seat === seat);
}

/** Leaves the table: at once with the stack paid out, or (mid-hand) folded and paid when the hand ends. */
export function planLeave(
  table: TableCore,
  seat: number,
  extra?: ExtraWork,
): TableStep<{ pending: boolean; chips: number }> | PokerFailure {
  if (!isDealtIn(table, seat)) {
    const step = planRemoveSeats(table, [seat], extra);
    const left = step.events.find((e) => e.type === "player_left" && e.seat === seat);
    if (left?.type !== "player_left") return pokerFailure("poker/seat_empty");
    return { ...step, answer: { pending: false, chips: left.stack } };
  }
  // In the hand: the player folds now and the stack is paid when the hand is settled (maybe at once).
  const result = applyTableAction(table.state, { type: "leave", seat, now: table.now() });
  if ("error" in result) return engineFailure(result.error);
  const left = result.events.find((e) => e.type === "player_left" && e.seat === seat);
  return {
    ...result,
    ...(extra ? { persist: () => table.persist(async (trx) => void (await extra(trx))) } : {}),
    answer: { pending: left === undefined, chips: left?.type === "player_left" ? left.stack : 0 },
  };
}

/** House tables: bots fill seats up to the target while humans play, leaving one seat free, and go as humans come. */
export function planAdjustBots(table: TableCore): TableStep | null {
  const { settings } = table.ctx;
  if (!table.info.hasBots || !settings.bots || table.isHandLive() || table.closed) return null;
  const occupied = table.occupiedSeats();
  const bots = occupied.filter((s) => s.meta.isBot);
  const wanted = countBotsWanted(
    occupied.length - bots.length,
    table.info.maxPlayers,
    settings.botTargetPlayers,
  );
  if (bots.length > wanted)
    return planRemoveSeats(
      table,
      bots.slice(wanted).map((b) => b.seat),
    );
  if (bots.length < wanted) return planAddBots(table, wanted - bots.length);
  return null;
}

function planAddBots(table: TableCore, count: number): TableStep {
  const { id, buyInMax } = table.info;
  const names = freeBotNames(table.occupiedSeats().map((s) => s.meta));
  let state: TableState = table.state;
  const events: TableEvent[] = [];
  const added: { seat: number; meta: SeatMeta }[] = [];
  const now = table.now();
  for (let i = 0; i < count; i++) {
    const seat = state.seats.indexOf(null);
    const botName = names[i];
    if (seat < 0 || !botName) break;
    const playerId = `bot:${botName}`;
    const result = applyTableAction(state, {
      type: "sit",
      seat,
      playerId,
      name: botName,
      stack: buyInMax,
      now,
    });
    if ("error" in result) break;
    state = result.state;
    events.push(...result.events);
    const identity = { playerId, userId: null, displayName: botName, isBot: true, botName };
    added.push({
      seat,
      meta: createSeatMeta({ ...identity, clientSeed: randomSeedHex(8) }, table.ctx.settings.timeBankMs),
    });
  }
  return {
    state,
    events,
    persist: () =>
      table.persist(async (trx) => {
        for (const { seat, meta } of added) {
          await payBotIntoTable(trx, { ...chipMove(table, buyInMax, null), ownerId: null });
          await insertSeat(trx, {
            tableId: id,
            seat,
            playerId: meta.playerId,
            userId: null,
            displayName: meta.displayName,
            stack: buyInMax,
            clientSeed: meta.clientSeed,
            joinedAt: now,
          });
        }
        return undefined;
      }),
    commit: () => {
      for (const { seat, meta } of added) table.meta[seat] = meta;
    },
    answer: {},
  };
}

/** A stack change between hands with its money move: chips in (a purchase) or out (a cash-out). */
function chipStep(
  table: TableCore,
  seat: number,
  result: { state: TableState; events: TableEvent[] },
  move: { chips: number; direction: "in" | "out" },
  extra?: ExtraWork,
): TableStep<{ stack: number }> {
  const stack = result.state.seats[seat]!.stack;
  const { id } = table.info;
  return {
    ...result,
    persist: () =>
      table.persist(async (trx) => {
        const chips = chipMove(table, move.chips, table.meta[seat]!.userId);
        if (move.direction === "in") {
          const refused = chips.ownerId
            ? await chargeStake(
                trx,
                chips.ownerId,
                chips.currency,
                chips.chips * chips.unitsPerChip,
                table.now(),
              )
            : undefined;
          if (refused) return refused;
          const paid = await payIntoTable(trx, chips);
          if (!paid.ok) return pokerFailure("poker/insufficient_balance");
        } else if (!(await payOutOfTable(trx, chips)).ok)
          throw new Error(`poker: escrow of ${id} cannot pay seat ${seat}`);
        await saveStacks(trx, id, [{ seat, stack }]);
        await extra?.(trx);
        return undefined;
      }),
    answer: { stack },
  };
}

/** Plans a chip move of a seated player between hands, with the caller's extra work in its transaction. */
type ChipPlan = (
  table: TableCore,
  seat: number,
  chips: number,
  extra?: ExtraWork,
) => TableStep<{ stack: number }> | PokerFailure;

/** Buys chips for a seated player between hands (AMINA tables), up to the table's maximum buy-in. */
export const planBuyChips: ChipPlan = (table, seat, chips, extra) => {
  const player = table.state.seats[seat]!;
  if (player.stack + chips > table.info.buyInMax) return pokerFailure("poker/above_max_buy_in");
  const result = applyTableAction(table.state, { type: "add_chips", seat, amount: chips, now: table.now() });
  if ("error" in result) return engineFailure(result.error);
  return chipStep(table, seat, result, { chips, direction: "in" }, extra);
};

/** Cashes chips out between hands; the whole stack means leaving the table. */
export const planCashOut: ChipPlan = (table, seat, chips, extra) => {
  const player = table.state.seats[seat]!;
  if (chips > player.stack) return pokerFailure("poker/above_stack");
  if (chips === player.stack) {
    if (isDealtIn(table, seat)) return pokerFailure("poker/hand_in_progress");
    const left = planLeave(table, seat, extra);
    return "ok" in left ? left : { ...left, answer: { stack: 0 } };
  }
  const result = removeChips(table.state, seat, chips);
  if ("error" in result) return engineFailure(result.error);
  return chipStep(table, seat, result, { chips, direction: "out" }, extra);
};
