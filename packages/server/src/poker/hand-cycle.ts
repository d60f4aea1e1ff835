/**
 * A hand from start to settlement. Start: the dealt-in players' client seeds are collected, a fresh
 * secret seed is drawn, the deck is shuffled from seed, client seeds and hand number, and the seed's
 * hash and the deck's Merkle root are published in the table state before the deal; the hand row is
 * stored live. Settlement, in one transaction: the rake to the house, the hand's log (the seed stays
 * in the hand row, for the auditor only), the new stacks, and the stacks of players who left paid
 * out. Runs inside a table task.
 */
import { applyTableAction, chooseHandPositions } from "@casino/protocol";
import { prepareHandDeck, summarizeSettlement } from "@casino/protocol/poker/table/hand-steps";
import { refillTimeBank } from "@casino/protocol/poker/table/turn-clock";
import { isDatabaseBusy } from "../db/busy.ts";
import { runSteps } from "../db/transaction.ts";
import { payOutOfTableSteps, takeRakeSteps } from "./escrow.ts";
import { removeExcludedPlayers } from "./excluded-seats.ts";
import { type PokerFailure, pokerFailure } from "./failures.ts";
import { finishHandRowSteps, insertLiveHandSteps } from "./hand-store.ts";
import { NATIVE_DECK_HASHES } from "./native-deck-hashes.ts";
import { deleteSeatSteps, saveStacksSteps } from "./seats-store.ts";
import type { TableCore } from "./table-core.ts";
import { saveHandCountSteps } from "./tables-store.ts";

/** How often a failed settlement is tried before the table halts. */
const SETTLE_ATTEMPTS = 3;

/** Pauses before a settlement the busy database refused is tried again (about a minute in all); only then do busy answers count as failures. */
const SETTLE_BUSY_WAITS_MS = [50, 100, 200, 400, 800, 1600, ...Array.from({ length: 20 }, () => 3000)];

/** Starts the next hand if two or more players can play; refused in maintenance mode. */
export async function startHandNow(table: TableCore): Promise<{ ok: true } | PokerFailure> {
  const busy = refuseStart(table);
  if (busy) return busy;
  if (await table.ctx.isPaused()) {
    table.paused = true;
    return pokerFailure("casino/maintenance");
  }
  table.paused = false;
  const now = table.now();
  // Players on a cool-off or self-exclusion are cashed out before the deal (its events may start nothing).
  if ((await removeExcludedPlayers(table, now)).length > 0) {
    const after = refuseStart(table);
    if (after) return after;
  }
  table.tournament?.beforeHand(table, now);
  const positions = chooseHandPositions(table.state);
  if (!positions) {
    return {
      ok: false,
      code: "poker/not_enough_players",
      message: "At least two players with chips are needed to start a hand.",
      status: 409,
    };
  }
  const handNumber = table.state.handCount + 1;
  const clientSeeds = positions.dealtIn.map((seat) => table.meta[seat]?.clientSeed ?? "");
  const seed = table.ctx.settings.createHandSeed();
  const { deck, deckHash, deckRoot } = prepareHandDeck(seed, clientSeeds, handNumber, NATIVE_DECK_HASHES);
  table.commitment = deckHash;
  table.deckRoot = deckRoot;
  table.notify([]);
  const { id: tableId, currency, unitsPerChip, smallBlind, bigBlind } = table.info;
  const players = positions.dealtIn.map((seat) => {
    const player = table.state.seats[seat]!;
    return {
      seat,
      playerId: player.playerId,
      name: player.name,
      stack: player.stack,
      isBot: !!table.meta[seat]?.isBot,
    };
  });
  const liveHand = {
    tableId,
    handNumber,
    currency,
    unitsPerChip,
    smallBlind,
    bigBlind,
    handSeed: seed,
    deckHash,
    clientSeeds,
    players,
    startedAt: now,
  };
  const tournament = table.tournament;
  const handId = await runSteps(table.ctx.handle, function* (q) {
    // A tournament's table stores a hand only while its host lease still carries this host's token.
    if (tournament && !(yield* tournament.holdsHostSteps(q))) return null;
    return yield* insertLiveHandSteps(q, liveHand, { commits: true });
  });
  if (handId === null) {
    table.halted = true;
    table.commitment = "";
    table.deckRoot = "";
    return pokerFailure("poker/table_closing");
  }
  const result = applyTableAction(table.state, { type: "start_hand", deck, deckHash, now });
  if ("error" in result) throw new Error(`poker: start_hand refused: ${result.error.code}`);
  table.live = {
    id: handId,
    handNumber,
    seed,
    deckHash,
    deckRoot,
    clientSeeds,
    startedAt: now,
    events: [],
    turnEvents: 0,
  };
  for (const { seat, meta } of table.occupiedSeats()) {
    if (table.state.seats[seat]?.sittingOut) meta.sitOutHands++;
  }
  table.state = result.state;
  await table.afterChange(result.events);
  return { ok: true };
}

/** Why no hand may start now (the table is closing, or a hand is being played), else undefined. */
function refuseStart(table: TableCore): PokerFailure | undefined {
  if (table.closed) return pokerFailure("poker/table_closing");
  if (table.isHandLive() || table.live)
    return {
      ok: false,
      code: "poker/hand_in_progress",
      message: "Wait until the current hand ends.",
      status: 409,
    };
  return undefined;
}

/** Deals the next street of an all-in runout. */
export async function advanceRunoutNow(table: TableCore): Promise<void> {
  const hand = table.state.hand;
  if (!hand || hand.ended || !hand.runoutPending) return;
  const result = applyTableAction(table.state, { type: "advance", now: table.now() });
  if ("error" in result) return;
  table.state = result.state;
  await table.afterChange(result.events);
}

/** Stores a finished hand and moves its money; retried, and the table halts if it cannot be stored. */
export async function settleHandNow(table: TableCore): Promise<void> {
  const live = table.live;
  const hand = table.state.hand;
  if (!live || !hand?.ended) return;
  const { departures, endStacks } = summarizeSettlement(table.state, live.events);
  const stacks = table.state.seats.flatMap((p, seat) => (p ? [{ seat, stack: p.stack }] : []));
  const { id, currency, unitsPerChip } = table.info;
  const owners = new Map(departures.map((d) => [d.seat, table.meta[d.seat]?.userId ?? null]));
  const endedAt = table.now();
  const settle = () =>
    runSteps(table.ctx.handle, function* (q) {
      yield* finishHandRowSteps(q, live.id, {
        events: live.events,
        board: hand.board,
        results: hand.results,
        rake: hand.rake,
        endStacks,
        endedAt,
      });
      yield* saveStacksSteps(q, id, stacks);
      for (const d of departures) {
        const stack = d.type === "player_left" ? d.stack : 0;
        if (stack > 0) {
          const ownerId = owners.get(d.seat) ?? null;
          const move = { tableId: id, currency, unitsPerChip, chips: stack, ownerId };
          const paid = yield* payOutOfTableSteps(q, move, endedAt);
          if (!paid.ok) throw new Error(`poker: escrow of ${id} cannot pay seat ${d.seat}`);
        }
        yield* deleteSeatSteps(q, id, d.seat);
      }
      yield* saveHandCountSteps(q, id, table.state.handCount);
      if (table.tournament) yield* table.tournament.settleSteps(q, table, live.events);
      // The rake credits the table's house sub-account, which some bets also update: posting it
      // last holds that row's lock only until the commit.
      if (hand.rake > 0) {
        const rake = { tableId: id, currency, unitsPerChip, chips: hand.rake, handId: live.id };
        yield* takeRakeSteps(q, rake, endedAt);
      }
    });
  let attempt = 0;
  let busyWaits = 0;
  for (;;) {
    try {
      await settle();
      break;
    } catch (error) {
      // A busy database (another process writing) is waited out off the event loop, for a while.
      if (isDatabaseBusy(error) && busyWaits < SETTLE_BUSY_WAITS_MS.length) {
        await new Promise((resolve) => setTimeout(resolve, SETTLE_BUSY_WAITS_MS[busyWaits++]));
        continue;
      }
      attempt++;
      table.ctx.log.error(
        { err: error, tableId: id, handId: live.id, attempt },
        "poker hand could not be stored",
      );
      if (attempt >= SETTLE_ATTEMPTS) {
        table.halted = true;
        return;
      }
    }
  }
  for (const d of departures) table.meta[d.seat] = null;
  const { timeBankMs, timeBankRefillMs } = table.ctx.settings;
  for (const p of hand.players) {
    const meta = table.meta[p.seat];
    if (meta) meta.timeBank = refillTimeBank(meta.timeBank, timeBankRefillMs, timeBankMs);
  }
  for (const meta of table.meta) if (meta) meta.preAction = null;
  table.lastReveal = {
    handId: live.id,
    handNumber: live.handNumber,
    deckHash: live.deckHash,
    deckRoot: live.deckRoot,
    clientSeeds: live.clientSeeds,
  };
  table.live = null;
  table.commitment = "";
  table.deckRoot = "";
  table.tournament?.afterHand(table, live.events);
}
