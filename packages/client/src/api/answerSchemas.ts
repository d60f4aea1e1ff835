/**
 * The schemas of the answers a first screen may read (the session, the user, the feed...), in their
 * own chunk with zod: lazySchema.ts loads it with the first answer to check, after the page is drawn.
 */
import { feedAnswerSchema } from "@casino/protocol/schemas/live-feed";
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

export {
  cashierReceiptSchema,
  chainBalanceSchema,
  challengeSchema,
  cryptoStatusSchema,
  demoGrantReceiptSchema,
  feedAnswerSchema,
  seedInfoSchema,
  seedRotationSchema,
  sessionInfoSchema,
  userRecordSchema,
};

/** GET /api/crypto/transactions/:wallet. */
export const cryptoTransactionsSchema = z.array(cryptoTransactionSchema);

/** GET /api/game-sessions/:wallet. */
export const gameSessionRecordsSchema = z.array(gameSessionRecordSchema);
