/** The cashier and token endpoints under /api/crypto (docs/API.md "Crypto"). */
import { AMINA_TOTAL_SUPPLY, checkBetLimits, formatUnits } from "@casino/protocol";
import { validateBetBodySchema } from "@casino/protocol/schemas/crypto-bets";
import express, { type Router } from "express";
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
import { amountField, parseBody, walletFields } from "../validate.ts";
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

/** Routes under /api/crypto. */
export function createCryptoRoutes(services: CasinoServices): Router {
  const router = express.Router();
  const signedIn = requireSession(services);
  const ownBody = guardWallet(services);
  const ownPath = guardWallet(services, "wallet");
  const { chain } = services;

  router.get("/status", async (_req, res) => {
    const figures = await chain.figures(services.handle.db);
    res.json({
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
    });
  });

  router.get("/transactions/:wallet", signedIn, ownPath, async (req, res) => {
    const session = userSessionOf(res);
    const rows = await services.handle.db
      .selectFrom("crypto_transactions")
      .selectAll()
      .where("user_id", "=", session.userId)
      .orderBy("created_at", "desc")
      .limit(historyLimit.parse(req.query.limit))
      .execute();
    res.json(
      rows.map((row) => ({
        id: row.id,
        type: row.type,
        currency: row.currency,
        amount: formatUnits(Number(row.amount)),
        txnHash: row.txn_hash,
        status: row.status,
        createdAt: new Date(Number(row.created_at)).toISOString(),
      })),
    );
  });

  router.get("/chain-balance/:wallet", signedIn, ownPath, async (_req, res) => {
    const session = userSessionOf(res);
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
    res.json({ walletAddress: session.walletAddress, amina: formatUnits(amina), faucet });
  });

  router.post("/deposit", signedIn, ownBody, async (req, res) => {
    const body = parseBody(services, depositBody, req, res);
    if (!body) return;
    const session = userSessionOf(res);
    await runMoneyMove(services, req, res, (trx) => depositAmina(services, trx, session, body));
  });

  router.post("/withdraw", signedIn, ownBody, async (req, res) => {
    const body = parseBody(services, withdrawBody, req, res);
    if (!body) return;
    const session = userSessionOf(res);
    await runMoneyMove(services, req, res, (trx) => withdrawAmina(services, trx, session, body.amount));
  });

  router.post("/daily-bonus", signedIn, ownBody, async (req, res) => {
    if (!parseBody(services, emptyBody, req, res)) return;
    const session = userSessionOf(res);
    await runMoneyMove(services, req, res, (trx) => claimDailyBonus(services, trx, session));
  });

  router.post("/demo-grant", signedIn, ownBody, async (req, res) => {
    if (!parseBody(services, emptyBody, req, res)) return;
    const session = userSessionOf(res);
    await runMoneyMove(services, req, res, (trx) => claimDemoGrant(services, trx, session));
  });

  router.post("/validate-bet", signedIn, ownBody, async (req, res) => {
    const body = parseBody(services, validateBetBodySchema, req, res);
    if (!body) return;
    const limits = checkBetLimits(body.betAmount, body.currency);
    if (!limits.ok) return res.json({ valid: false, reason: limits.error });
    const balances = await getBalances(services.handle.db, userSessionOf(res).userId);
    if (body.betAmount > balances[body.currency])
      return res.json({ valid: false, reason: "Insufficient balance!" });
    res.json({ valid: true });
  });

  return router;
}
