/** The player's account, cashier, provably-fair and single-player game routes (docs/API.md). */

import { placeBetBodySchema, validateBetBodySchema } from "@casino/protocol/schemas/crypto-bets";
import * as bodies from "@casino/protocol/schemas/game-bodies";
import { historyPageQuerySchema } from "@casino/protocol/schemas/history-query";
import {
  recoveryKeySchema,
  recoveryStatusSchema,
  restoreBodySchema,
} from "@casino/protocol/schemas/recovery";
import {
  cashierReceiptSchema,
  chainBalanceSchema,
  challengeSchema,
  cryptoStatusSchema,
  cryptoTransactionSchema,
  demoGrantReceiptSchema,
  gameSessionRecordSchema,
  seedInfoSchema,
  seedRotationSchema,
  sessionInfoSchema,
  userRecordSchema,
} from "@casino/protocol/schemas/rest-answers";
import { z } from "zod";
import { challengeBody } from "../routes/auth.ts";
import { depositBody, emptyBody, withdrawBody } from "../routes/crypto.ts";
import { clientSeedBody } from "../routes/seeds.ts";
import { connectBody } from "../routes/users.ts";
import { tagged } from "./route-entry.ts";
import type { ApiRoute } from "./route-table.ts";

const wager = { betAmount: 10, currency: "HC" };

/** A single-player game move: POST /api/games/{path}. */
function gameMove(path: string, summary: string, schema: z.ZodType, example: unknown): ApiRoute {
  return tagged.games("session", `POST /api/games/${path}`, summary, {
    body: { schema, example },
    failures: ["bet/insufficient_balance", "round/busy", "casino/maintenance"],
  });
}

/** Routes of the player's account, cashier, seeds, history and games. */
export const PLAYER_ROUTES: ApiRoute[] = [
  tagged.session("public", "GET /api/session", "The session's wallet, or nulls", {
    response: sessionInfoSchema,
  }),
  tagged.session("public", "DELETE /api/session", "End the session (logout)"),
  tagged.session("public", "POST /api/auth/challenge", "A one-time text for a real wallet to sign", {
    body: {
      schema: challengeBody,
      example: { walletAddress: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" },
    },
    response: challengeSchema,
    failures: ["auth/invalid_address", "auth/not_algorand"],
  }),
  tagged.session("public", "POST /api/users", "Connect a wallet (demo or signed) and open the session", {
    body: { schema: connectBody, example: { walletAddress: "DEMOEXAMPLE01" } },
    response: userRecordSchema,
    failures: [
      "auth/invalid_address",
      "auth/proof_required",
      "auth/bad_signature",
      "auth/challenge_invalid",
      "auth/demo_taken",
      "user/username_taken",
      "user/username_reserved",
      "user/username_generated",
    ],
  }),
  tagged.session("session", "GET /api/recovery", "Whether the session's demo identity has a recovery key", {
    response: recoveryStatusSchema,
  }),
  tagged.session(
    "session",
    "POST /api/recovery/key",
    "Issue a new recovery key (the previous one stops working)",
    {
      response: recoveryKeySchema,
      failures: ["recovery/not_demo"],
    },
  ),
  tagged.session(
    "public",
    "POST /api/recovery/restore",
    "Open a session on the demo identity of a recovery key",
    {
      body: { schema: restoreBodySchema, example: { recoveryKey: "7K2M-…" } },
      response: userRecordSchema,
      failures: ["recovery/invalid_key", "http/rate_limited"],
    },
  ),
  tagged.session("session", "GET /api/users/{walletOrUserId}", "The session's own user", {
    response: userRecordSchema,
    failures: ["auth/wallet_mismatch", "user/not_found"],
  }),
  tagged.cashier("public", "GET /api/crypto/status", "Network, token asset and exchanges", {
    response: cryptoStatusSchema,
  }),
  tagged.cashier("session", "GET /api/crypto/transactions/{wallet}", "The wallet's cashier transactions", {
    response: z.array(cryptoTransactionSchema),
    failures: ["auth/wallet_mismatch"],
  }),
  tagged.cashier(
    "session",
    "GET /api/crypto/chain-balance/{wallet}",
    "The wallet's simulated on-chain AMINA",
    {
      response: chainBalanceSchema,
      failures: ["auth/wallet_mismatch"],
    },
  ),
  tagged.cashier("session", "POST /api/crypto/deposit", "Deposit AMINA from the wallet", {
    body: { schema: depositBody, example: { amount: 1.5 } },
    response: cashierReceiptSchema,
    failures: [
      "deposit/invalid_amount",
      "deposit/insufficient_chain_balance",
      "deposit/unknown_transaction",
      "deposit/already_credited",
    ],
  }),
  tagged.cashier("session", "POST /api/crypto/withdraw", "Withdraw AMINA to the wallet", {
    body: { schema: withdrawBody, example: { amount: 1 } },
    response: cashierReceiptSchema,
    failures: ["withdraw/invalid_amount", "withdraw/insufficient_balance", "withdraw/custody_short"],
  }),
  tagged.cashier("session", "POST /api/crypto/daily-bonus", "Claim the daily bonus", {
    body: { schema: emptyBody, example: {} },
    failures: ["bonus/too_soon"],
  }),
  tagged.cashier("session", "POST /api/crypto/demo-grant", "Refill House Coins for demo play", {
    body: { schema: emptyBody, example: {} },
    response: demoGrantReceiptSchema,
    failures: ["grant/not_needed"],
  }),
  tagged.games("session", "POST /api/crypto/validate-bet", "Check a bet against the balance and limits", {
    body: { schema: validateBetBodySchema, example: wager },
    failures: ["bet/insufficient_balance"],
  }),
  tagged.games(
    "session",
    "POST /api/crypto/place-bet",
    "Record a client-claimed result (checked, never credited as claimed)",
    {
      body: {
        schema: placeBetBodySchema,
        example: { gameType: "dice", ...wager, gameResult: { isWin: false, winAmount: 0 } },
      },
      failures: ["bet/insufficient_balance", "game/unknown", "round/busy", "casino/maintenance"],
    },
  ),
  gameMove("slots", "Spin the slots", bodies.slotsSpinBodySchema, wager),
  gameMove("slots/buy-bonus", "Buy the slots bonus (100x betAmount)", bodies.slotsBuyBonusBodySchema, wager),
  gameMove("plinko", "Drop a plinko ball", bodies.plinkoBodySchema, { ...wager, risk: "low" }),
  gameMove("dice", "Roll the dice", bodies.diceBodySchema, { ...wager, betType: "high" }),
  gameMove("blackjack/deal", "Deal a blackjack hand", bodies.blackjackDealBodySchema, wager),
  gameMove("blackjack/hit", "Hit", bodies.blackjackMoveBodySchema, {}),
  gameMove("blackjack/stand", "Stand", bodies.blackjackStandBodySchema, {}),
  gameMove("blackjack/double", "Double down", bodies.blackjackMoveBodySchema, {}),
  gameMove("blackjack/split", "Split a pair", bodies.blackjackMoveBodySchema, {}),
  gameMove("blackjack/bust", "Settle a bust hand", bodies.blackjackBustBodySchema, {}),
  gameMove("hilo/start", "Start a hi-lo round", bodies.hiloStartBodySchema, { bet: 10, currency: "HC" }),
  gameMove("hilo/guess", "Guess higher or lower", bodies.hiloGuessBodySchema, { guess: "higher" }),
  gameMove("hilo/cashout", "Cash out the hi-lo streak", bodies.hiloCashoutBodySchema, {}),
  tagged.games("session", "GET /api/games/{gameType}/state", "The open round of a game, if any", {
    failures: ["game/unknown"],
  }),
  tagged.fairness(
    "session",
    "GET /api/game-seeds/current/{wallet}",
    "The committed seed pair and next nonce",
    {
      response: seedInfoSchema,
      failures: ["auth/wallet_mismatch"],
    },
  ),
  tagged.fairness("session", "POST /api/game-seeds/update-client-seed", "Set the client seed", {
    body: { schema: clientSeedBody, example: { clientSeed: "my-lucky-seed" } },
    failures: ["seed/invalid_client_seed", "seed/round_open"],
  }),
  tagged.fairness(
    "session",
    "POST /api/game-seeds/new-server-seed",
    "Reveal the server seed and commit a new one",
    {
      body: { schema: emptyBody, example: {} },
      response: seedRotationSchema,
      failures: ["seed/round_open"],
    },
  ),
  tagged.fairness(
    "session",
    "GET /api/game-sessions/{wallet}",
    "Settled rounds, newest first, with what re-verifies them",
    {
      query: historyPageQuerySchema,
      response: z.array(gameSessionRecordSchema),
      failures: ["auth/wallet_mismatch"],
    },
  ),
];
