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
import express, { type Request, type Response, type Router } from "express";
import type { z } from "zod";
import type { AppServices } from "../app-services.ts";
import { type PokerFailure, pokerFailure } from "../poker/failures.ts";
import { openStoredHand } from "../poker/hand-opening.ts";
import { findHand, findHandSeat, listPlayerHands } from "../poker/hand-store.ts";
import { joinPokerTable } from "../poker/join.ts";
import type { PokerResult, PokerTable } from "../poker/table.ts";
import { describeIdleTable, describeTable } from "../poker/table-view.ts";
import { findHistoryTournament } from "../poker/tournament/history.ts";
import { type PokerReply, replayStoredAnswer, runPokerMove } from "./idempotency.ts";
import { sendFailure, sessionOf, userSessionOf } from "./respond.ts";
import { requireSession } from "./session.ts";
import { parseBody } from "./validate.ts";
import { guardWallet } from "./wallet-guard.ts";

function sendPokerFailure(res: Response, fail: PokerFailure): void {
  sendFailure(res, { ok: false, status: fail.status, code: fail.code, message: fail.message });
}

function tableIdOf(req: Request): string {
  return String(req.params.id ?? "");
}

/** Routes under /api/poker. */
export function createPokerRoutes(services: AppServices): Router {
  const router = express.Router();
  const signedIn = requireSession(services);
  const ownBody = guardWallet(services);
  const runtime = services.poker;

  /** The hosted table a seated player acts on (a table not hosted here has nobody seated). */
  function seatedTable(req: Request, res: Response): PokerTable | undefined {
    const table = runtime.hostedTable(tableIdOf(req));
    if (!table || table.seatOf(userSessionOf(res).userId) === null) {
      sendPokerFailure(res, pokerFailure("poker/not_seated"));
      return undefined;
    }
    return table;
  }

  /** A seated player's move with a body: parse it, apply it to the table, answer with the table. */
  function seatedMove<S extends z.ZodType>(
    schema: S,
    move: (table: PokerTable, userId: string, body: z.output<S>) => Promise<PokerResult>,
  ) {
    return async (req: Request, res: Response) => {
      const body = parseBody(services, schema, req, res);
      if (!body) return;
      const table = seatedTable(req, res);
      if (!table) return;
      const { userId } = userSessionOf(res);
      const done = await move(table, userId, body);
      if (!done.ok) return sendPokerFailure(res, done);
      res.json({ success: true, table: describeTable(table, userId) });
    };
  }

  router.get("/tables", (_req, res) => {
    res.json(services.pokerTables.list());
  });

  router.get("/tables/:id", async (req, res) => {
    const info = await runtime.findInfo(tableIdOf(req));
    if (!info) return sendPokerFailure(res, pokerFailure("poker/table_not_found"));
    const table = runtime.hostedTable(info.id);
    const viewer = sessionOf(res)?.userId ?? null;
    res.json(table ? describeTable(table, viewer) : describeIdleTable(info));
  });

  router.post("/tables/:id/join", signedIn, ownBody, async (req, res) => {
    const body = parseBody(services, pokerJoinBodySchema, req, res);
    if (!body) return;
    const { userId } = userSessionOf(res);
    await runPokerMove(services, req, res, { success: true, message: "Seated" }, async (claimKey) => {
      const outcome = await joinPokerTable(runtime, {
        tableId: tableIdOf(req),
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
  });

  router.post("/tables/:id/start-hand", signedIn, ownBody, async (req, res) => {
    if (!parseBody(services, pokerStartHandBodySchema, req, res)) return;
    const table = seatedTable(req, res);
    if (!table) return;
    const { userId } = userSessionOf(res);
    const started = await table.startHand(userId);
    if (!started.ok) return sendPokerFailure(res, started);
    res.json({
      success: true,
      message: "Hand started",
      handNumber: table.state.handCount,
      table: describeTable(table, userId),
    });
  });

  router.post(
    "/tables/:id/action",
    signedIn,
    ownBody,
    seatedMove(pokerActionBodySchema, (table, userId, body) =>
      table.act(userId, body.version, toEngineActionType(body.actionType), body.amount),
    ),
  );

  router.post(
    "/tables/:id/sit-out",
    signedIn,
    ownBody,
    seatedMove(pokerSitOutBodySchema, (table, userId, body) => table.setSittingOut(userId, body.sittingOut)),
  );

  router.post(
    "/tables/:id/pre-action",
    signedIn,
    ownBody,
    seatedMove(pokerPreActionBodySchema, (table, userId, body) => table.setPreAction(userId, body.preAction)),
  );

  router.post("/tables/:id/leave", signedIn, ownBody, async (req, res) => {
    if (!parseBody(services, pokerLeaveBodySchema, req, res)) return;
    // A repeated leave is no longer seated: its stored first answer comes before that check.
    if (await replayStoredAnswer(services, req, res)) return;
    const table = seatedTable(req, res);
    if (!table) return;
    const { userId } = userSessionOf(res);
    await runPokerMove(services, req, res, { success: true, message: "Left the table" }, async (claimKey) => {
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
  });

  router.post("/chip-transaction", signedIn, ownBody, async (req, res) => {
    const body = parseBody(services, pokerChipTransactionBodySchema, req, res);
    if (!body) return;
    if (await replayStoredAnswer(services, req, res)) return;
    const { userId } = userSessionOf(res);
    const tables = runtime
      .tablesOf(userId)
      .filter(
        (t) => t.info.currency === "AMINA" && (body.tableId === undefined || t.info.id === body.tableId),
      );
    if (tables.length === 0) return sendPokerFailure(res, pokerFailure("poker/not_seated_amina"));
    if (tables.length > 1) return sendPokerFailure(res, pokerFailure("poker/several_tables"));
    const table = tables[0]!;
    const chips = body.aminaAmount / table.info.unitsPerChip;
    if (!Number.isSafeInteger(chips)) return sendPokerFailure(res, pokerFailure("poker/whole_chips"));
    const amina = formatUnits(body.aminaAmount);
    await runPokerMove(
      services,
      req,
      res,
      { success: true, message: "Done" },
      async (claimKey): Promise<PokerReply> => {
        const moved =
          body.action === "buy"
            ? await table.buyChips(userId, chips, claimKey)
            : await table.cashOutChips(userId, chips, claimKey);
        if (!moved.ok) return moved;
        const message =
          body.action === "buy"
            ? `Bought ${chips} chips for ${amina} AMINA at ${table.info.name}`
            : `Cashed out ${chips} chips: ${amina} AMINA returned to your balance`;
        return { ok: true, body: { success: true, message, tableId: table.info.id, chipCount: moved.stack } };
      },
    );
  });

  router.get("/hands", signedIn, async (_req, res) => {
    res.json(await listPlayerHands(services.handle.db, userSessionOf(res).userId, 50));
  });

  /** A hand the session's player played, ended, with its seat; or the failure sent. */
  async function playedHand(req: Request, res: Response) {
    const id = Number(req.params.id);
    const hand = Number.isSafeInteger(id) && id > 0 ? await findHand(services.handle.db, id) : undefined;
    if (!hand) return void sendPokerFailure(res, pokerFailure("poker/hand_not_found"));
    const seat = await findHandSeat(services.handle.db, hand.id, userSessionOf(res).userId);
    if (seat === null) return void sendPokerFailure(res, pokerFailure("poker/hand_not_yours"));
    if (hand.status === "live") return void sendPokerFailure(res, pokerFailure("poker/hand_live"));
    return { hand, seat };
  }

  router.get("/hands/:id", signedIn, async (req, res) => {
    const played = await playedHand(req, res);
    if (!played) return;
    const { hand, seat } = played;
    res.json({
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
    });
  });

  /** A finished hand's opened deck positions: board and shown hands for anyone, own cards with a session. */
  router.get("/hands/:id/opening", async (req, res) => {
    const id = Number(req.params.id);
    const hand = Number.isSafeInteger(id) && id > 0 ? await findHand(services.handle.db, id) : undefined;
    if (!hand) return sendPokerFailure(res, pokerFailure("poker/hand_not_found"));
    if (hand.status === "live") return sendPokerFailure(res, pokerFailure("poker/hand_live"));
    if (hand.status !== "ended")
      return sendPokerFailure(res, pokerFailure("poker/hand_not_found", "This hand was voided"));
    const viewer = sessionOf(res)?.userId;
    const seat = viewer ? await findHandSeat(services.handle.db, hand.id, viewer) : null;
    res.json({ id: hand.id, tableId: hand.tableId, seat: seat ?? -1, ...openStoredHand(hand, seat) });
  });

  router.get("/hands/:id/history.txt", signedIn, async (req, res) => {
    const played = await playedHand(req, res);
    if (!played) return;
    const { hand, seat } = played;
    if (hand.status !== "ended")
      return sendPokerFailure(res, pokerFailure("poker/hand_not_found", "This hand was voided"));
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
    res
      .type("text/plain")
      .setHeader("Content-Disposition", `attachment; filename="hand-${hand.id}.txt"`)
      .send(text);
  });

  return router;
}
