/**
 * The poker REST paths of SPEC.md section 7 (docs in the module's report): the table list and one
 * table, join (with `newTable` when the table was full), start-hand, action, leave, the AMINA chip
 * cashier, the player's hands with their PokerStars-style history, and a finished hand's opened deck
 * positions (board and shown hands for anyone, own cards with a session). Every call acts through the
 * same table service as the `poker_table` room.
 */

import { exportHandHistory, formatUnits, redactEvents } from "@casino/protocol";
import {
  pokerActionBodySchema,
  pokerChipTransactionBodySchema,
  pokerJoinBodySchema,
  pokerLeaveBodySchema,
  pokerPreActionBodySchema,
  pokerSitOutBodySchema,
  pokerStartHandBodySchema,
  toEngineActionType,
} from "@casino/protocol/schemas/poker";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppServices } from "../../app-services.ts";
import { type PokerFailure, pokerFailure } from "../../poker/failures.ts";
import { openStoredHand } from "../../poker/hand-opening.ts";
import { findHand, findHandSeat, listPlayerHands, type StoredHand } from "../../poker/hand-store.ts";
import { joinPokerTable } from "../../poker/join.ts";
import type { PokerResult, PokerTable } from "../../poker/table.ts";
import type { ExtraWork } from "../../poker/table-core.ts";
import { describeIdleTable, describeTable } from "../../poker/table-view.ts";
import { findHistoryTournament } from "../../poker/tournament/history.ts";
import type { ClusterForwarding } from "../cluster-forwarding.ts";
import { type PokerReply, replayStoredAnswer, runPokerMove } from "../idempotency.ts";
import { sendFailure, userSessionOf } from "../respond.ts";
import { requireSession } from "../session.ts";
import { guardWallet } from "../wallet-guard.ts";

function sendPokerFailure(reply: FastifyReply, fail: PokerFailure): FastifyReply {
  return sendFailure(reply, { ok: false, status: fail.status, code: fail.code, message: fail.message });
}

function tableIdOf(request: FastifyRequest): string {
  return String((request.params as { id?: unknown }).id ?? "");
}

const byId = z.object({ id: z.string() });

/** A finished hand and the seat the player had in it. */
type PlayedHand = { hand: StoredHand; seat: number };

/** Routes under /api/poker. */
export function registerPokerRoutes(
  scope: FastifyInstance,
  services: AppServices,
  forward?: ClusterForwarding,
): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preValidation: [requireSession(services)] };
  const toHost = forward ? [forward.pokerTable] : [];
  const ownBody = { preValidation: [...toHost, requireSession(services), guardWallet(services)] };
  const ownChips = {
    preValidation: [
      ...(forward ? [forward.pokerChips] : []),
      requireSession(services),
      guardWallet(services),
    ],
  };
  const runtime = services.poker;

  /** The hosted table a seated player acts on (a table not hosted here has nobody seated). */
  function seatedTable(request: FastifyRequest, reply: FastifyReply): PokerTable | undefined {
    const table = runtime.hostedTable(tableIdOf(request));
    if (!table || table.seatOf(userSessionOf(request).userId) === null) {
      sendPokerFailure(reply, pokerFailure("poker/not_seated"));
      return undefined;
    }
    return table;
  }

  /**
   * A move of the player's chips, run once per Idempotency-Key; `message` is the provisional answer
   * the key holds while the move is written.
   */
  function chipMove(
    request: FastifyRequest,
    reply: FastifyReply,
    message: string,
    work: (claimKey: ExtraWork | undefined) => Promise<PokerReply>,
  ) {
    return runPokerMove(services, request, reply, { success: true, message }, work);
  }

  /** A seated player's move with a body: parse it, apply it to the table, answer with the table. */
  function seatedMove<S extends z.ZodType>(
    path: string,
    summary: string,
    schema: S,
    move: (table: PokerTable, userId: string, body: z.output<S>) => Promise<PokerResult>,
  ) {
    app.post(
      path,
      { ...ownBody, schema: { summary, params: byId, body: schema } },
      async (request, reply) => {
        const table = seatedTable(request, reply);
        if (!table) return reply;
        const { userId } = userSessionOf(request);
        const done = await move(table, userId, request.body as z.output<S>);
        if (!done.ok) return sendPokerFailure(reply, done);
        return { success: true, table: describeTable(table, userId) };
      },
    );
  }

  app.get("/tables", { schema: { summary: "The table list" } }, async () => services.pokerTables.list());

  app.get(
    "/tables/:id",
    { preValidation: toHost, schema: { summary: "One table", params: byId } },
    async (request, reply) => {
      const info = await runtime.findInfo(request.params.id);
      if (!info) return sendPokerFailure(reply, pokerFailure("poker/table_not_found"));
      const table = runtime.hostedTable(info.id);
      const viewer = request.session?.userId ?? null;
      return table ? describeTable(table, viewer) : describeIdleTable(info);
    },
  );

  app.post(
    "/tables/:id/join",
    { ...ownBody, schema: { summary: "Sit at a table", params: byId, body: pokerJoinBodySchema } },
    async (request, reply) => {
      const body = request.body;
      const { userId } = userSessionOf(request);
      return chipMove(request, reply, "Seated", async (claimKey) => {
        const outcome = await joinPokerTable(runtime, {
          tableId: tableIdOf(request),
          userId,
          buyInAmount: body.buyInAmount,
          currency: body.currency,
          playerName: body.playerName,
          seatPosition: body.seatPosition,
          ...(claimKey ? { extra: claimKey } : {}),
        });
        const { result, table } = outcome;
        if (!result.ok || !table) return result.ok ? pokerFailure("poker/table_not_found") : result;
        const coins = formatUnits(result.stack * table.info.unitsPerChip);
        return {
          ok: true,
          body: {
            success: true,
            message: result.alreadySeated
              ? `Already seated at ${table.info.name}`
              : `Seated at ${table.info.name} with ${result.stack} chips (${coins} ${table.info.currency})`,
            tableId: table.info.id,
            seatPosition: result.seat,
            chipCount: result.stack,
            table: describeTable(table, userId),
            ...(outcome.newTable ? { newTable: outcome.newTable } : {}),
          },
        };
      });
    },
  );

  app.post(
    "/tables/:id/start-hand",
    { ...ownBody, schema: { summary: "Start the next hand", params: byId, body: pokerStartHandBodySchema } },
    async (request, reply) => {
      const table = seatedTable(request, reply);
      if (!table) return reply;
      const { userId } = userSessionOf(request);
      const started = await table.startHand(userId);
      if (!started.ok) return sendPokerFailure(reply, started);
      return {
        success: true,
        message: "Hand started",
        handNumber: table.state.handCount,
        table: describeTable(table, userId),
      };
    },
  );

  seatedMove("/tables/:id/action", "Act in the hand", pokerActionBodySchema, (table, userId, body) =>
    table.act(userId, body.version, toEngineActionType(body.actionType), body.amount),
  );
  seatedMove("/tables/:id/sit-out", "Sit out or back in", pokerSitOutBodySchema, (table, userId, body) =>
    table.setSittingOut(userId, body.sittingOut),
  );
  seatedMove(
    "/tables/:id/pre-action",
    "Choose a pre-action",
    pokerPreActionBodySchema,
    (table, userId, body) => table.setPreAction(userId, body.preAction),
  );

  app.post(
    "/tables/:id/leave",
    { ...ownBody, schema: { summary: "Leave the table", params: byId, body: pokerLeaveBodySchema } },
    async (request, reply) => {
      // A repeated leave is no longer seated: its stored first answer comes before that check.
      if (await replayStoredAnswer(services, request, reply)) return reply;
      const table = seatedTable(request, reply);
      if (!table) return reply;
      const { userId } = userSessionOf(request);
      return chipMove(request, reply, "Left the table", async (claimKey) => {
        const left = await table.leave(userId, claimKey);
        if (!left.ok) return left;
        const coins = formatUnits(left.chips * table.info.unitsPerChip);
        return {
          ok: true,
          body: {
            success: true,
            pending: left.pending,
            message: left.pending
              ? "You folded and leave the table when this hand ends; your chips are paid back then"
              : `Left ${table.info.name}: ${coins} ${table.info.currency} returned to your balance`,
          },
        };
      });
    },
  );

  app.post(
    "/chip-transaction",
    { ...ownChips, schema: { summary: "Buy or cash out AMINA chips", body: pokerChipTransactionBodySchema } },
    async (request, reply) => {
      const body = request.body;
      if (await replayStoredAnswer(services, request, reply)) return reply;
      const { userId } = userSessionOf(request);
      const tables = runtime
        .tablesOf(userId)
        .filter(
          (t) => t.info.currency === "AMINA" && (body.tableId === undefined || t.info.id === body.tableId),
        );
      if (tables.length === 0) return sendPokerFailure(reply, pokerFailure("poker/not_seated_amina"));
      if (tables.length > 1) return sendPokerFailure(reply, pokerFailure("poker/several_tables"));
      const table = tables[0]!;
      const chips = body.aminaAmount / table.info.unitsPerChip;
      if (!Number.isSafeInteger(chips)) return sendPokerFailure(reply, pokerFailure("poker/whole_chips"));
      const amina = formatUnits(body.aminaAmount);
      return chipMove(request, reply, "Done", async (claimKey): Promise<PokerReply> => {
        const moved =
          body.action === "buy"
            ? await table.buyChips(userId, chips, claimKey)
            : await table.cashOutChips(userId, chips, claimKey);
        if (!moved.ok) return moved;
        const message =
          body.action === "buy"
            ? `Bought ${chips} chips for ${amina} AMINA at ${table.info.name}`
            : `Cashed out ${chips} chips: ${amina} AMINA returned to your balance`;
        return {
          ok: true,
          body: { success: true, message, tableId: table.info.id, chipCount: moved.stack },
        };
      });
    },
  );

  app.get("/hands", { ...signedIn, schema: { summary: "The player's last hands" } }, async (request) =>
    listPlayerHands(services.handle.db, userSessionOf(request).userId, 50),
  );

  /** A hand the session's player played, ended, with its seat; or the failure sent. */
  async function playedHand(request: FastifyRequest, reply: FastifyReply): Promise<PlayedHand | undefined> {
    const id = Number(tableIdOf(request));
    const hand = Number.isSafeInteger(id) && id > 0 ? await findHand(services.handle.db, id) : undefined;
    if (!hand) return void sendPokerFailure(reply, pokerFailure("poker/hand_not_found"));
    const seat = await findHandSeat(services.handle.db, hand.id, userSessionOf(request).userId);
    if (seat === null) return void sendPokerFailure(reply, pokerFailure("poker/hand_not_yours"));
    if (hand.status === "live") return void sendPokerFailure(reply, pokerFailure("poker/hand_live"));
    return { hand, seat };
  }

  /** A signed-in GET of one hand the player played (playedHand refuses the others). */
  function playedHandRoute(
    path: string,
    summary: string,
    answer: (played: PlayedHand, reply: FastifyReply) => unknown,
  ) {
    app.get(path, { ...signedIn, schema: { summary, params: byId } }, async (request, reply) => {
      const played = await playedHand(request, reply);
      return played ? answer(played, reply) : reply;
    });
  }

  playedHandRoute("/hands/:id", "One played hand with its history", ({ hand, seat }) => ({
    id: hand.id,
    tableId: hand.tableId,
    handNumber: hand.handNumber,
    status: hand.status,
    currency: hand.currency,
    seat,
    players: hand.players,
    board: hand.board,
    results: hand.results,
    rake: hand.rake,
    deckHash: hand.deckHash,
    clientSeeds: hand.clientSeeds,
    opening: openStoredHand(hand, seat),
    events: redactEvents(hand.events, seat),
    startedAt: new Date(hand.startedAt).toISOString(),
  }));

  /** A finished hand's opened deck positions: board and shown hands for anyone, own cards with a session. */
  app.get(
    "/hands/:id/opening",
    { schema: { summary: "A finished hand's opened deck positions", params: byId } },
    async (request, reply) => {
      const id = Number(request.params.id);
      const hand = Number.isSafeInteger(id) && id > 0 ? await findHand(services.handle.db, id) : undefined;
      if (!hand) return sendPokerFailure(reply, pokerFailure("poker/hand_not_found"));
      if (hand.status === "live") return sendPokerFailure(reply, pokerFailure("poker/hand_live"));
      if (hand.status !== "ended")
        return sendPokerFailure(reply, pokerFailure("poker/hand_not_found", "This hand was voided"));
      const viewer = request.session?.userId;
      const seat = viewer ? await findHandSeat(services.handle.db, hand.id, viewer) : null;
      return { id: hand.id, tableId: hand.tableId, seat: seat ?? -1, ...openStoredHand(hand, seat) };
    },
  );

  playedHandRoute(
    "/hands/:id/history.txt",
    "A played hand's PokerStars-style history",
    async ({ hand, seat }, reply) => {
      if (hand.status !== "ended")
        return sendPokerFailure(reply, pokerFailure("poker/hand_not_found", "This hand was voided"));
      const info = await runtime.findInfo(hand.tableId);
      const sng = await findHistoryTournament(services.handle.db, hand);
      const text = exportHandHistory(redactEvents(hand.events, seat), {
        tableName: info?.name ?? hand.tableId,
        maxPlayers: sng?.maxPlayers ?? info?.maxPlayers ?? 6,
        ...(sng ? { tournament: sng.tournament } : {}),
        startedAt: hand.startedAt,
        heroSeat: seat,
        handId: hand.id,
        currency: hand.currency,
        unitsPerChip: hand.unitsPerChip,
      });
      return reply
        .type("text/plain; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="hand-${hand.id}.txt"`)
        .send(text);
    },
  );
}
