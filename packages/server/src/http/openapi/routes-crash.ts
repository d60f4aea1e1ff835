/** Supernova's routes (docs/API.md "Supernova (crash)"). */
import {
  crashBetBodySchema,
  crashCashOutBodySchema,
  crashRoundFrameSchema,
} from "@casino/protocol/games/crash/schemas";
import { z } from "zod";
import { tagged } from "./route-entry.ts";
import type { ApiRoute } from "./route-table.ts";

/** A bet's or cash-out's answer. */
const crashPlayAnswerSchema = z.object({
  currency: z.enum(["HC", "AMINA"]),
  roundNumber: z.number().int(),
  betId: z.string(),
  betAmount: z.number(),
  autoCashOut: z.number().nullable(),
  cashedOutAt: z.number().nullable(),
  winAmount: z.number(),
  status: z.enum(["playing", "cashed_out"]),
  houseBalance: z.string(),
  aminaBalance: z.string(),
});

/** What verifies a finished round. */
const crashRoundAnswerSchema = z.object({
  currency: z.enum(["HC", "AMINA"]),
  number: z.number().int(),
  status: z.enum(["crashed", "void"]),
  hash: z.string(),
  salt: z.string(),
  saltBlock: z.number().int(),
  terminal: z.string(),
  crashPoint: z.number().int().nullable(),
  endPoint: z.number().int().nullable(),
  startedAt: z.number().nullable(),
  endedAt: z.number().nullable(),
});

/** A chain's public commitment. */
const crashChainAnswerSchema = z.object({
  currency: z.enum(["HC", "AMINA"]),
  terminal: z.string(),
  length: z.number().int(),
  saltBlock: z.number().int(),
  salt: z.string(),
});

const starting = { code: "crash/starting", status: 503 };

/** The routes of /api/crash. */
export const CRASH_ROUTES: ApiRoute[] = [
  tagged.games("session", "POST /api/crash/bet", "Bet on the Supernova round taking bets", {
    body: { schema: crashBetBodySchema, example: { betAmount: 10, currency: "HC", autoCashOut: 2.5 } },
    response: crashPlayAnswerSchema,
    failures: [
      "bet/insufficient_balance",
      "casino/maintenance",
      { code: "crash/betting_closed", status: 409 },
      { code: "crash/already_bet", status: 409 },
      starting,
    ],
  }),
  tagged.games("session", "POST /api/crash/cashout", "Cash out at the server's multiplier now", {
    body: { schema: crashCashOutBodySchema, example: { currency: "HC" } },
    response: crashPlayAnswerSchema,
    failures: [
      { code: "crash/no_bet", status: 409 },
      { code: "crash/not_flying", status: 409 },
      { code: "crash/crashed", status: 409 },
      starting,
    ],
  }),
  tagged.games("public", "GET /api/crash/state/{currency}", "The current round as a joining client sees it", {
    response: crashRoundFrameSchema,
    failures: ["input/invalid", starting],
  }),
  tagged.fairness(
    "public",
    "GET /api/crash/chain/{currency}",
    "A currency's published hash chain commitment",
    {
      response: crashChainAnswerSchema,
      failures: ["input/invalid", starting],
    },
  ),
  tagged.fairness("public", "GET /api/crash/rounds/{currency}/{number}", "What verifies a finished round", {
    response: crashRoundAnswerSchema,
    failures: ["input/invalid", { code: "crash/round_not_found", status: 404 }],
  }),
];
