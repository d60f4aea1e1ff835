/**
 * The answers of the player's REST API (docs/API.md) as the client reads them: session, user,
 * cashier, seeds and settled rounds. Amounts are decimal strings or numbers; database ids may be
 * numbers or strings.
 */
import { z } from "zod";

/** An identifier as the server sends it. */
export const idSchema = z.union([z.string(), z.number()]);

/** A coin amount on the wire: a decimal string or a number. */
const wireAmountSchema = z.union([z.string(), z.number()]);

/** Both balances of a player as decimal strings in coins. */
const balancesShape = { aminaBalance: z.string(), houseBalance: z.string() };

/** The public side of a seed pair: the committed server seed's hash, the client seed and the nonce. */
const seedCommitmentShape = { serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number() };

/** GET /api/session: the cookie's wallet, or nulls when no session exists. */
export const sessionInfoSchema = z.object({
  walletAddress: z.string().nullable(),
  userId: idSchema.nullable(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** A user record with both balances as decimal strings in coins. */
export const userRecordSchema = z.object({
  id: idSchema,
  walletAddress: z.string(),
  username: z.string(),
  ...balancesShape,
});
export type UserRecord = z.infer<typeof userRecordSchema>;

/** POST /api/auth/challenge: the one-time text a wallet signs to prove it holds the address's key. */
export const challengeSchema = z.object({
  challengeId: z.string(),
  challenge: z.string(),
  expiresAt: wireAmountSchema,
});
export type Challenge = z.infer<typeof challengeSchema>;

/** An exchange where AMINA is bought; opened in a new tab. */
export const exchangeSchema = z.object({ name: z.string(), url: z.string() });
export type Exchange = z.infer<typeof exchangeSchema>;

/** GET /api/crypto/status: network, token asset and the exchanges. */
export const cryptoStatusSchema = z.object({
  network: z.string(),
  mode: z.string(),
  asset: z.object({
    id: idSchema,
    name: z.string(),
    unitName: z.string(),
    decimals: z.number(),
    totalSupply: wireAmountSchema,
    creator: z.string(),
  }),
  exchanges: z.array(exchangeSchema),
  chain: z
    .object({ circulatingInCasino: wireAmountSchema.optional(), heldOnChain: wireAmountSchema.optional() })
    .optional(),
});
export type CryptoStatus = z.infer<typeof cryptoStatusSchema>;

/** One row of GET /api/crypto/transactions/{wallet}. */
export const cryptoTransactionSchema = z.object({
  id: idSchema,
  type: z.string(),
  currency: z.string(),
  amount: wireAmountSchema,
  txnHash: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
});
export type CryptoTransaction = z.infer<typeof cryptoTransactionSchema>;

/** The demo faucet as the chain balance reports it: whether it funded this wallet, and its release. */
export const faucetInfoSchema = z.object({
  received: z.boolean(),
  perAddressPerHour: z.string(),
  casinoPerHour: z.string(),
});
export type FaucetInfo = z.infer<typeof faucetInfoSchema>;

/** GET /api/crypto/chain-balance/{wallet}: the wallet's simulated on-chain AMINA (and the faucet in demo mode). */
export const chainBalanceSchema = z.object({
  walletAddress: z.string(),
  amina: wireAmountSchema,
  faucet: faucetInfoSchema.nullable().optional(),
});
export type ChainBalance = z.infer<typeof chainBalanceSchema>;

/** POST /api/crypto/deposit and /withdraw: the transfer and the new balances. */
export const cashierReceiptSchema = z.object({
  success: z.literal(true),
  txnHash: z.string(),
  amount: wireAmountSchema,
  ...balancesShape,
});
export type CashierReceipt = z.infer<typeof cashierReceiptSchema>;

/** POST /api/crypto/demo-grant: the refill and the new HC balance. */
export const demoGrantReceiptSchema = cashierReceiptSchema.pick({
  success: true,
  amount: true,
  houseBalance: true,
});
export type DemoGrantReceipt = z.infer<typeof demoGrantReceiptSchema>;

/** GET /api/game-seeds/current/{wallet}: the committed seed pair and the next nonce. */
export const seedInfoSchema = z.object({ ...seedCommitmentShape, isActive: z.boolean() });
export type SeedInfo = z.infer<typeof seedInfoSchema>;

/** POST /api/game-seeds/new-server-seed: the revealed previous seed and the new commitment. */
export const seedRotationSchema = z.object({
  ok: z.literal(true),
  previousServerSeed: z.string(),
  previousServerSeedHash: z.string(),
  serverSeedHash: z.string(),
  nonce: z.number(),
});
export type SeedRotation = z.infer<typeof seedRotationSchema>;

/** One settled round of GET /api/game-sessions/{wallet}, with what is needed to re-verify it. */
export const gameSessionRecordSchema = z.object({
  id: idSchema,
  gameType: z.string(),
  betAmount: wireAmountSchema,
  winAmount: wireAmountSchema,
  currency: z.string(),
  /** "open" while the round waits for the player (a blackjack hand, a hi-lo streak), else settled. */
  status: z.string().optional(),
  createdAt: z.string(),
  ...seedCommitmentShape,
  /** Revealed once the seed pair is rotated; null while it is still in use. */
  serverSeed: z.string().nullable(),
  input: z.unknown(),
  outcome: z.unknown(),
  /** The server settled the round on its own after the player left it (blackjack, hi-lo). */
  settledAutomatically: z.boolean().optional(),
});
export type GameSessionRecord = z.infer<typeof gameSessionRecordSchema>;
