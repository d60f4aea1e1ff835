/** The poker routes under /api/poker (SPEC.md section 7): tables, seats, moves, chips and hands. */
import {
  pokerActionBodySchema,
  pokerChipTransactionBodySchema,
  pokerJoinBodySchema,
  pokerLeaveBodySchema,
  pokerPreActionBodySchema,
  pokerSitOutBodySchema,
  pokerStartHandBodySchema,
} from "@casino/protocol/schemas/poker";
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
import type { ApiRoute } from "./route-table.ts";

const tournamentNotFound = { code: "tournament/not_found", status: 404 };

const seated = ["auth/no_session", "poker/table_not_found", "poker/not_seated"] as const;

/** A move of a seated player at a table. */
function tableMove(
  path: string,
  summary: string,
  body: ApiRoute["body"],
  response: z.ZodType = pokerMoveAnswerSchema,
): ApiRoute {
  return {
    method: "post",
    path: `/api/poker/tables/{id}/${path}`,
    tag: "poker",
    summary,
    access: "session",
    body,
    response,
    failures: [...seated, "poker/table_elsewhere"],
  };
}

/** Routes of the poker tables and hands. */
export const POKER_ROUTES: ApiRoute[] = [
  {
    method: "get",
    path: "/api/poker/tables",
    tag: "poker",
    summary: "Every table (the lobby)",
    access: "public",
    response: tableListSchema,
    failures: [],
  },
  {
    method: "get",
    path: "/api/poker/tables/{id}",
    tag: "poker",
    summary: "A table as the caller may see it",
    access: "public",
    response: viewerTableViewSchema,
    failures: ["poker/table_not_found"],
  },
  {
    method: "post",
    path: "/api/poker/tables/{id}/join",
    tag: "poker",
    summary: "Sit at a table (House tables: fixed 50 HC buy-in)",
    access: "session",
    body: {
      schema: pokerJoinBodySchema,
      example: { buyInAmount: 0.01, currency: "AMINA", playerName: "Nova" },
    },
    response: pokerJoinAnswerSchema,
    failures: [
      "auth/no_session",
      "poker/table_not_found",
      "poker/table_full",
      "poker/invalid_buy_in",
      "poker/above_max_buy_in",
      "poker/insufficient_balance",
      "poker/wrong_currency",
      "poker/table_closing",
    ],
  },
  tableMove("start-hand", "Start a hand now", { schema: pokerStartHandBodySchema, example: {} }),
  tableMove("action", "Fold, check, call, bet, raise or go all-in (amounts in chips)", {
    schema: pokerActionBodySchema,
    example: { actionType: "raise", amount: 40 },
  }),
  tableMove("sit-out", "Sit out from the next hand, or come back", {
    schema: pokerSitOutBodySchema,
    example: { sittingOut: true },
  }),
  tableMove("pre-action", "Queue check/fold or call-any for the next turn", {
    schema: pokerPreActionBodySchema,
    example: { preAction: "check_fold" },
  }),
  tableMove(
    "leave",
    "Leave the table (the stack goes back to the wallet)",
    { schema: pokerLeaveBodySchema, example: {} },
    pokerLeaveAnswerSchema,
  ),
  {
    method: "post",
    path: "/api/poker/chip-transaction",
    tag: "poker",
    summary: "Buy chips or cash them out at an AMINA table",
    access: "session",
    body: { schema: pokerChipTransactionBodySchema, example: { action: "buy", aminaAmount: 0.01 } },
    response: pokerChipAnswerSchema,
    failures: [
      "auth/no_session",
      "poker/not_seated_amina",
      "poker/several_tables",
      "poker/insufficient_balance",
      "poker/whole_chips",
    ],
  },
  {
    method: "get",
    path: "/api/poker/tournaments",
    tag: "tournaments",
    summary: "Sit & Go tournaments: open, running and the last finished",
    access: "public",
    response: z.object({ tournaments: z.array(tournamentViewSchema) }),
    failures: [],
  },
  {
    method: "get",
    path: "/api/poker/tournaments/{id}",
    tag: "tournaments",
    summary: "One tournament",
    access: "public",
    response: tournamentViewSchema,
    failures: [tournamentNotFound],
  },
  {
    method: "post",
    path: "/api/poker/tournaments/{id}/register",
    tag: "tournaments",
    summary: "Register (pays the buy-in and fee)",
    access: "session",
    body: { schema: tournamentRegisterBodySchema, example: { playerName: "Nova" } },
    response: tournamentViewSchema,
    failures: ["auth/no_session", tournamentNotFound],
  },
  {
    method: "delete",
    path: "/api/poker/tournaments/{id}/register",
    tag: "tournaments",
    summary: "Unregister before the start (refunded)",
    access: "session",
    response: tournamentViewSchema,
    failures: ["auth/no_session", tournamentNotFound],
  },
  {
    method: "get",
    path: "/api/poker/hands",
    tag: "poker",
    summary: "The player's recent hands",
    access: "session",
    failures: ["auth/no_session"],
  },
  {
    method: "get",
    path: "/api/poker/hands/{id}",
    tag: "poker",
    summary: "One of the player's hands",
    access: "session",
    failures: ["auth/no_session", "poker/hand_not_found", "poker/hand_not_yours"],
  },
  {
    method: "get",
    path: "/api/poker/hands/{id}/opening",
    tag: "fairness",
    summary: "A finished hand's deck opening (seed and Merkle proofs)",
    access: "public",
    failures: ["poker/hand_not_found", "poker/hand_live"],
  },
  {
    method: "get",
    path: "/api/poker/hands/{id}/history.txt",
    tag: "poker",
    summary: "A hand history as text",
    access: "session",
    response: "text/plain",
    failures: ["auth/no_session", "poker/hand_not_found", "poker/hand_not_yours"],
  },
];
