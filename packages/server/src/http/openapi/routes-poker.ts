/** The poker routes under /api/poker (SPEC.md section 7): tables, seats, moves, chips and hands. */
import * as pokerBodies from "@casino/protocol/schemas/poker";
import {
  pokerChipAnswerSchema,
  pokerJoinAnswerSchema,
  pokerLeaveAnswerSchema,
  pokerMoveAnswerSchema,
  tableListSchema,
  viewerTableViewSchema,
} from "@casino/protocol/schemas/poker-view";
import { tournamentRegisterBodySchema, tournamentViewSchema } from "@casino/protocol/schemas/tournament";
import { z } from "zod";
import { tagged } from "./route-entry.ts";
import type { ApiRoute } from "./route-table.ts";

const tournamentNotFound = { code: "tournament/not_found", status: 404 };

const seated = ["poker/table_not_found", "poker/not_seated"] as const;

/** A betting action on a table version other than the current one. */
const staleAction = { code: "poker/stale_action", status: 409 };

/** A move of a seated player at a table, with the failures particular to it. */
function tableMove(
  path: string,
  summary: string,
  body: ApiRoute["body"],
  response: z.ZodType = pokerMoveAnswerSchema,
  more: ApiRoute["failures"] = [],
): ApiRoute {
  return tagged.poker("session", `POST /api/poker/tables/{id}/${path}`, summary, {
    body,
    response,
    failures: [...seated, "poker/table_elsewhere", ...more],
  });
}

/** Routes of the poker tables and hands. */
export const POKER_ROUTES: ApiRoute[] = [
  tagged.poker("public", "GET /api/poker/tables", "Every table (the lobby)", {
    response: tableListSchema,
  }),
  tagged.poker("public", "GET /api/poker/tables/{id}", "A table as the caller may see it", {
    response: viewerTableViewSchema,
    failures: ["poker/table_not_found"],
  }),
  tagged.poker(
    "session",
    "POST /api/poker/tables/{id}/join",
    "Sit at a table (House tables: fixed 50 HC buy-in)",
    {
      body: {
        schema: pokerBodies.pokerJoinBodySchema,
        example: { buyInAmount: 0.01, currency: "AMINA", playerName: "Nova" },
      },
      response: pokerJoinAnswerSchema,
      failures: [
        "poker/table_not_found",
        "poker/table_full",
        "poker/invalid_buy_in",
        "poker/above_max_buy_in",
        "poker/insufficient_balance",
        "poker/wrong_currency",
        "poker/table_closing",
        "poker/name_reserved",
        "poker/name_taken",
      ],
    },
  ),
  tableMove("start-hand", "Start a hand now", { schema: pokerBodies.pokerStartHandBodySchema, example: {} }),
  tableMove(
    "action",
    "Fold, check, call, bet, raise or go all-in (amounts in chips), naming the table version it was taken on",
    { schema: pokerBodies.pokerActionBodySchema, example: { actionType: "raise", amount: 40, version: 12 } },
    pokerMoveAnswerSchema,
    [staleAction],
  ),
  tableMove("sit-out", "Sit out from the next hand, or come back", {
    schema: pokerBodies.pokerSitOutBodySchema,
    example: { sittingOut: true },
  }),
  tableMove("pre-action", "Queue check/fold or call-any for the next turn", {
    schema: pokerBodies.pokerPreActionBodySchema,
    example: { preAction: "check_fold" },
  }),
  tableMove(
    "leave",
    "Leave the table (the stack goes back to the wallet)",
    { schema: pokerBodies.pokerLeaveBodySchema, example: {} },
    pokerLeaveAnswerSchema,
  ),
  tagged.poker(
    "session",
    "POST /api/poker/chip-transaction",
    "Buy chips or cash them out at an AMINA table",
    {
      body: {
        schema: pokerBodies.pokerChipTransactionBodySchema,
        example: { action: "buy", aminaAmount: 0.01 },
      },
      response: pokerChipAnswerSchema,
      failures: [
        "poker/not_seated_amina",
        "poker/several_tables",
        "poker/insufficient_balance",
        "poker/whole_chips",
      ],
    },
  ),
  tagged.tournaments(
    "public",
    "GET /api/poker/tournaments",
    "Sit & Go tournaments: open, running and the last finished",
    {
      response: z.object({ tournaments: z.array(tournamentViewSchema) }),
    },
  ),
  tagged.tournaments("public", "GET /api/poker/tournaments/{id}", "One tournament", {
    response: tournamentViewSchema,
    failures: [tournamentNotFound],
  }),
  tagged.tournaments(
    "session",
    "POST /api/poker/tournaments/{id}/register",
    "Register (pays the buy-in and fee; a stake under the player's limits and exclusions)",
    {
      body: { schema: tournamentRegisterBodySchema, example: { playerName: "Nova" } },
      response: tournamentViewSchema,
      failures: [
        tournamentNotFound,
        "limits/self_excluded",
        "limits/cooling_off",
        "limits/wager_limit_reached",
        "limits/loss_limit_reached",
        "limits/session_time_reached",
      ],
    },
  ),
  tagged.tournaments(
    "session",
    "DELETE /api/poker/tournaments/{id}/register",
    "Unregister before the start (refunded)",
    {
      response: tournamentViewSchema,
      failures: [tournamentNotFound],
    },
  ),
  tagged.poker("session", "GET /api/poker/hands", "The player's recent hands"),
  tagged.poker("session", "GET /api/poker/hands/{id}", "One of the player's hands", {
    failures: ["poker/hand_not_found", "poker/hand_not_yours"],
  }),
  tagged.fairness(
    "public",
    "GET /api/poker/hands/{id}/opening",
    "A finished hand's deck opening (seed and Merkle proofs)",
    {
      failures: ["poker/hand_not_found", "poker/hand_live"],
    },
  ),
  tagged.poker("session", "GET /api/poker/hands/{id}/history.txt", "A hand history as text", {
    response: "text/plain",
    failures: ["poker/hand_not_found", "poker/hand_not_yours"],
  }),
];
