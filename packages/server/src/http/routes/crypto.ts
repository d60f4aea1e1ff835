/** The cashier and token endpoints under /api/crypto (docs/API.md "Crypto"). */
import { AMINA_TOTAL_SUPPLY, checkBetLimits, formatUnits } from "@casino/protocol";
import { validateBetBodySchema } from "@casino/protocol/schemas/crypto-bets";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { depositAmina, withdrawAmina } from "../../chain/cashier.ts";
import { exchangesFor } from "../../chain/exchanges.ts";
import { faucetPolicy } from "../../chain/faucet.ts";
import { getBalances } from "../../ledger/ledger.ts";
import type { CasinoServices } from "../../services.ts";
import { claimDailyBonus, claimDemoGrant } from "../../users/grants.ts";
import { runMoneyMove } from "../idempotency.ts";
import { userSessionOf } from "../respond.ts";
import { requireSession } from "../session.ts";
import { amountField, walletFields } from "../validate.ts";
import { guardWallet } from "../wallet-guard.ts";

/** POST /api/crypto/deposit body (also read by the OpenAPI document). */
export const depositBody = z
  .object({
    ...walletFields,
    amount: amountField.optional(),
    txnHash: z
      .string()
      .regex(/^[A-Z2-7]{52}$/, "txnHash must be a 52-character Algorand transaction id")
      .optional(),
  })
  .refine((body) => body.amount !== undefined || body.txnHash !== undefined, {
    message: "amount is required",
    path: ["amount"],
  });

/** POST /api/crypto/withdraw body. */
export const withdrawBody = z.object({ ...walletFields, amount: amountField });

/** A body with only the optional wallet fields. */
export const emptyBody = z.object({ ...walletFields });

const historyLimit = z.coerce.number().int().min(1).max(100).catch(50);

const byWallet = z.object({ wallet: z.string() });

/** Routes under /api/crypto. */
export function registerCryptoRoutes(scope: FastifyInstance, services: CasinoServices): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireSession(services);
  const ownBody = { preValidation: [signedIn, guardWallet(services)] };
  const ownPath = { preValidation: [signedIn, guardWallet(services, "wallet")] };
  const { chain } = services;

  app.get("/status", { schema: { summary: "The AMINA token and the chain's figures" } }, async () => {
    const figures = await chain.figures(services.handle.db);
    return {
      network: chain.network,
      mode: chain.mode,
      asset: { ...chain.asset, totalSupply: formatUnits(chain.asset.totalSupply) },
      exchanges: exchangesFor(chain.asset.id),
      chain: {
        circulatingInCasino: formatUnits(figures.custody),
        heldOnChain: formatUnits(figures.wallets + figures.creatorReserve),
        inPlayerWallets: formatUnits(figures.wallets),
        creatorReserve: formatUnits(figures.creatorReserve),
        totalOnChain: formatUnits(figures.total),
        supplyConserved: figures.total === AMINA_TOTAL_SUPPLY,
        custodyAddress: chain.custodyAddress,
      },
    };
  });

  app.get(
    "/transactions/:wallet",
    {
      ...ownPath,
      schema: {
        summary: "The player's deposits and withdrawals",
        params: byWallet,
        querystring: z.object({ limit: historyLimit }),
      },
    },
    async (request) => {
      const session = userSessionOf(request);
      const rows = await services.handle.db
        .selectFrom("crypto_transactions")
        .selectAll()
        .where("user_id", "=", session.userId)
        .orderBy("created_at", "desc")
        .limit(request.query.limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        currency: row.currency,
        amount: formatUnits(Number(row.amount)),
        txnHash: row.txn_hash,
        status: row.status,
        createdAt: new Date(Number(row.created_at)).toISOString(),
      }));
    },
  );

  app.get(
    "/chain-balance/:wallet",
    { ...ownPath, schema: { summary: "The wallet's AMINA on chain", params: byWallet } },
    async (request) => {
      const session = userSessionOf(request);
      const amina = await chain.balanceOf(services.handle.db, session.walletAddress);
      // Demo mode: whether the faucet funded this wallet, and its release (the cashier explains a refusal).
      const funded = await services.handle.db
        .selectFrom("crypto_transactions")
        .select("id")
        .where("user_id", "=", session.userId)
        .where("type", "=", "faucet")
        .executeTakeFirst();
      const faucet =
        chain.mode === "demo" ? { received: funded !== undefined, ...faucetPolicy(services) } : null;
      return { walletAddress: session.walletAddress, amina: formatUnits(amina), faucet };
    },
  );

  app.post(
    "/deposit",
    { ...ownBody, schema: { summary: "Deposit AMINA", body: depositBody } },
    async (request, reply) => {
      const session = userSessionOf(request);
      const body = request.body;
      return runMoneyMove(services, request, reply, (trx) => depositAmina(services, trx, session, body));
    },
  );

  app.post(
    "/withdraw",
    { ...ownBody, schema: { summary: "Withdraw AMINA", body: withdrawBody } },
    async (request, reply) => {
      const session = userSessionOf(request);
      const amount = request.body.amount;
      return runMoneyMove(services, request, reply, (trx) => withdrawAmina(services, trx, session, amount));
    },
  );

  // The grants a player claims with an empty body: each one money move on the session's account.
  for (const [path, summary, claim] of [
    ["/daily-bonus", "Claim the daily bonus", claimDailyBonus],
    ["/demo-grant", "Claim the demo grant", claimDemoGrant],
  ] as const) {
    app.post(path, { ...ownBody, schema: { summary, body: emptyBody } }, async (request, reply) => {
      const session = userSessionOf(request);
      return runMoneyMove(services, request, reply, (trx) => claim(services, trx, session));
    });
  }

  app.post(
    "/validate-bet",
    {
      ...ownBody,
      schema: { summary: "Check a bet against the limits and balance", body: validateBetBodySchema },
    },
    async (request) => {
      const body = request.body;
      const limits = checkBetLimits(body.betAmount, body.currency);
      if (!limits.ok) return { valid: false, reason: limits.error };
      const balances = await getBalances(services.handle.db, userSessionOf(request).userId);
      if (body.betAmount > balances[body.currency]) return { valid: false, reason: "Insufficient balance!" };
      return { valid: true };
    },
  );
}
