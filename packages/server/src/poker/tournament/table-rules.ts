/**
 * The rules a Sit & Go puts on its table (TableCore.tournament): before each deal the blinds and ante
 * of the level in force and the rake off, players sitting out dealt back in (each of their turns checks
 * or folds at once: they are blinded away, TableCore.isBlindedAway); in each hand's settlement transaction the stacks, the busts with their
 * places and, when one player is left, every prize paid once from the escrow.
 */
import { applyTableAction, type TableEvent } from "@casino/protocol";
import { findBlindLevel } from "@casino/protocol/poker/tournament/blinds";
import { splitPrizePool } from "@casino/protocol/poker/tournament/payouts";
import { assignFinishes, type Elimination, placesOfBusts } from "@casino/protocol/poker/tournament/places";
import type { QueryBuilder, Steps } from "../../db/steps.ts";
import type { TableCore, TournamentHooks } from "../table-core.ts";
import { payPrizeSteps } from "./money.ts";
import {
  claimPayoutSteps,
  type Entry,
  holdsHostSteps,
  saveBustSteps,
  saveEntryStackSteps,
  saveProgressSteps,
  type Tournament,
} from "./store.ts";

/** What one settled hand did to the tournament. */
export interface HandOutcome {
  busts: (Elimination & { place: number })[];
  stacks: { playerId: string; stack: number }[];
  /** The last player with chips, when the hand ended the tournament. */
  winnerId: string | null;
}

/** Reads a settled hand: who busted (with their starting stacks), the stacks left, the winner if any. */
export function readHandOutcome(table: TableCore, events: readonly TableEvent[]): HandOutcome {
  const started = events.find((e) => e.type === "hand_started");
  const startStacks = new Map(
    started?.type === "hand_started" ? started.players.map((p) => [p.playerId, p.stack]) : [],
  );
  const handNumber = started?.type === "hand_started" ? started.handNumber : table.state.handCount;
  const busted: Elimination[] = events.flatMap((e) =>
    e.type === "player_busted"
      ? [{ playerId: e.playerId, handNumber, startStack: startStacks.get(e.playerId) ?? 0 }]
      : [],
  );
  const stacks = table.state.seats.flatMap((p) => (p ? [{ playerId: p.playerId, stack: p.stack }] : []));
  const alive = stacks.filter((s) => s.stack > 0);
  const places = new Map(
    placesOfBusts(stacks.length + busted.length, busted).map((f) => [f.playerId, f.place]),
  );
  return {
    busts: busted.map((b) => ({ ...b, place: places.get(b.playerId) ?? 0 })),
    stacks,
    winnerId: alive.length === 1 ? alive[0]!.playerId : null,
  };
}

/** The live facts the rules need, kept by the service. */
export interface RunningTournament {
  row: Tournament;
  entries: Entry[];
  /** Told after a hand that ended the tournament committed. */
  onFinished(): void;
}

/** The hooks of a running tournament's table. */
export function createTournamentHooks(run: RunningTournament): TournamentHooks {
  return {
    beforeHand(table, now) {
      const level = findBlindLevel(now - (run.row.started_at ?? now), run.row.level_ms);
      const config = {
        ...table.state.config,
        smallBlind: level.smallBlind,
        bigBlind: level.bigBlind,
        ante: level.ante,
        rakeBasisPoints: 0,
      };
      table.state = { ...table.state, config };
      table.info.smallBlind = level.smallBlind;
      table.info.bigBlind = level.bigBlind;
      dealBackIn(table);
    },
    *settleSteps(q: QueryBuilder, table: TableCore, events: readonly TableEvent[]): Steps<void> {
      const outcome = readHandOutcome(table, events);
      const id = run.row.id;
      for (const s of outcome.stacks) yield* saveEntryStackSteps(q, id, s.playerId, s.stack);
      for (const b of outcome.busts) yield* saveBustSteps(q, id, b);
      const now = table.now();
      if (outcome.winnerId) yield* payPrizesSteps(q, run, outcome, now);
      yield* saveProgressSteps(
        q,
        id,
        run.row.host_token,
        table.state.handCount,
        outcome.winnerId ? now : null,
      );
    },
    holdsHostSteps(q: QueryBuilder): Steps<boolean> {
      return holdsHostSteps(q, run.row.id, run.row.host_token);
    },
    afterHand(table, events) {
      dealBackIn(table);
      const outcome = readHandOutcome(table, events);
      for (const s of outcome.stacks) {
        const entry = run.entries.find((e) => e.player_id === s.playerId);
        if (entry) entry.stack = s.stack;
      }
      for (const b of outcome.busts) {
        const entry = run.entries.find((e) => e.player_id === b.playerId);
        if (entry)
          Object.assign(entry, {
            stack: 0,
            bust_hand: b.handNumber,
            bust_stack: b.startStack,
            place: b.place,
          });
      }
      run.row.hand_count = table.state.handCount;
      if (outcome.winnerId) {
        applyFinishes(run, outcome);
        run.row.status = "finished";
        run.row.finished_at = table.now();
        run.onFinished();
      }
    },
  };
}

/** Players sitting out stay in the game (blinded away): the engine deals them in, they check or fold at once. */
function dealBackIn(table: TableCore): void {
  for (const { seat } of table.occupiedSeats()) {
    if (!table.state.seats[seat]?.sittingOut) continue;
    const back = applyTableAction(table.state, {
      type: "sit_out",
      seat,
      sittingOut: false,
      now: table.now(),
    });
    if (!("error" in back)) table.state = back.state;
  }
}

/** Every player's place and prize once one player is left. */
export function computeFinishes(run: RunningTournament, outcome: HandOutcome) {
  const earlier: Elimination[] = run.entries.flatMap((e) =>
    e.bust_hand !== null && !outcome.busts.some((b) => b.playerId === e.player_id)
      ? [{ playerId: e.player_id, handNumber: e.bust_hand, startStack: e.bust_stack ?? 0 }]
      : [],
  );
  const pool = run.row.buy_in * run.entries.length;
  const prizes = splitPrizePool(pool, run.row.max_players);
  return assignFinishes(outcome.winnerId!, [...earlier, ...outcome.busts], prizes);
}

function* payPrizesSteps(
  q: QueryBuilder,
  run: RunningTournament,
  outcome: HandOutcome,
  now: number,
): Steps<void> {
  const finishes = computeFinishes(run, outcome);
  for (const [i, f] of finishes.entries()) {
    if (f.prize <= 0) continue;
    const entry = run.entries.find((e) => e.player_id === f.playerId);
    const claim = {
      tournamentId: run.row.id,
      position: i + 1,
      playerId: f.playerId,
      place: f.place,
      amount: f.prize,
      paidAt: now,
    };
    if (!(yield* claimPayoutSteps(q, claim))) continue;
    const prize = {
      tournamentId: run.row.id,
      currency: run.row.currency,
      userId: entry?.user_id ?? null,
      amount: f.prize,
    };
    yield* payPrizeSteps(q, prize, now);
  }
}

function applyFinishes(run: RunningTournament, outcome: HandOutcome): void {
  for (const f of computeFinishes(run, outcome)) {
    const entry = run.entries.find((e) => e.player_id === f.playerId);
    if (entry) Object.assign(entry, { place: f.place, prize: f.prize });
  }
}
