/**
 * The cashier's money movements, each run inside one database transaction by the caller: AMINA
 * deposits and withdrawals against the chain adapter, recorded in the ledger (external <-> user)
 * and in crypto_transactions, so the chain's custody always equals the AMINA inside the casino.
 */
import { randomUUID } from "node:crypto";
import { CASHIER_MIN_AMINA, failure, formatUnits } from "@casino/protocol";
import type { Kysely } from "kysely";
import type { UserSession } from "../auth/sessions.ts";
import type { CryptoTransactionsTable, Database } from "../db/schema.ts";
import { getBalances, grant, withdraw } from "../ledger/ledger.ts";
import { ok, PERMANENT_SCOPE_PREFIX, type Reply } from "../replies.ts";
import { chargeDeposit } from "../responsible/hooks.ts";
import type { CasinoServices } from "../services.ts";
import { lockUser } from "../users/users.ts";

/** A deposit: an amount to move in (demo chain makes the transfer) or the id of a transfer already made. */
export interface DepositRequest {
  amount?: number | undefined;
  txnHash?: string | undefined;
}

async function recordTransaction(
  trx: Kysely<Database>,
  row: Omit<CryptoTransactionsTable, "id" | "status">,
): Promise<void> {
  await trx
    .insertInto("crypto_transactions")
    .values({ id: randomUUID(), status: "confirmed", ...row })
    .execute();
}

/** The scope under which a deposit's first answer is kept for its transaction id. */
function depositScope(userId: string): string {
  return `${PERMANENT_SCOPE_PREFIX}deposit:${userId}`;
}

/** Credits a verified chain transfer to the player and keeps the answer for repeats of the same txnHash. */
async function creditDeposit(
  services: CasinoServices,
  trx: Kysely<Database>,
  session: UserSession,
  txnHash: string,
  amount: number,
): Promise<Reply> {
  const refused = await chargeDeposit(trx, session.userId, "AMINA", amount, services.now());
  if (refused) return refused;
  const credited = await grant(services.handle, {
    userId: session.userId,
    currency: "AMINA",
    amount,
    reason: "deposit",
    trx,
  });
  await recordTransaction(trx, {
    user_id: session.userId,
    type: "deposit",
    currency: "AMINA",
    amount,
    txn_hash: txnHash,
    created_at: services.now(),
  });
  const body = {
    success: true,
    txnHash,
    amount: formatUnits(amount),
    aminaBalance: formatUnits(credited.balances.AMINA),
    houseBalance: formatUnits(credited.balances.HC),
  };
  await trx
    .insertInto("idempotency_keys")
    .values({
      scope: depositScope(session.userId),
      key: txnHash,
      status_code: 200,
      body: JSON.stringify(body),
      created_at: services.now(),
    })
    .execute();
  return ok(body);
}

/** Deposits AMINA: idempotent by txnHash (the same transfer credits once and answers as it did first). */
export async function depositAmina(
  services: CasinoServices,
  trx: Kysely<Database>,
  session: UserSession,
  request: DepositRequest,
): Promise<Reply> {
  const { chain } = services;
  await lockUser(trx, services.handle.dialect, session.userId);
  if (request.txnHash === undefined) {
    if (request.amount === undefined || request.amount < CASHIER_MIN_AMINA)
      return failure("deposit/invalid_amount");
    const moved = await chain.transferToCustody(trx, session.walletAddress, request.amount);
    if (!moved.ok) return failure("deposit/insufficient_chain_balance");
    return creditDeposit(services, trx, session, moved.transfer.id, request.amount);
  }
  const first = await trx
    .selectFrom("idempotency_keys")
    .select(["status_code", "body"])
    .where("scope", "=", depositScope(session.userId))
    .where("key", "=", request.txnHash)
    .executeTakeFirst();
  if (first) return { ok: true, status: Number(first.status_code), body: JSON.parse(first.body) };
  const taken = await trx
    .selectFrom("crypto_transactions")
    .select("id")
    .where("txn_hash", "=", request.txnHash)
    .executeTakeFirst();
  if (taken) return failure("deposit/already_credited");
  const transfer = await chain.findTransfer(trx, request.txnHash);
  if (!transfer) return failure("deposit/unknown_transaction");
  if (transfer.from !== session.walletAddress || transfer.to !== chain.custodyAddress) {
    return failure("deposit/not_a_deposit");
  }
  if (request.amount !== undefined && request.amount !== transfer.amount)
    return failure("deposit/amount_mismatch");
  return creditDeposit(services, trx, session, transfer.id, transfer.amount);
}

/** Withdraws AMINA to the player's wallet: never above the balance (the whole balance is always allowed). */
export async function withdrawAmina(
  services: CasinoServices,
  trx: Kysely<Database>,
  session: UserSession,
  amount: number,
): Promise<Reply> {
  await lockUser(trx, services.handle.dialect, session.userId);
  const before = await getBalances(trx, session.userId);
  if (amount <= 0 || (amount < CASHIER_MIN_AMINA && amount !== before.AMINA))
    return failure("withdraw/invalid_amount");
  if (amount > before.AMINA) return failure("withdraw/insufficient_balance");
  const debited = await withdraw(services.handle, { userId: session.userId, currency: "AMINA", amount, trx });
  if (!debited.ok) return failure("withdraw/insufficient_balance");
  const sent = await services.chain.sendWithdrawal(trx, session.walletAddress, amount);
  if (!sent.ok) {
    services.log.error({ amount, wallet: session.walletAddress }, "custody cannot cover a withdrawal");
    return failure("withdraw/custody_short");
  }
  await recordTransaction(trx, {
    user_id: session.userId,
    type: "withdraw",
    currency: "AMINA",
    amount,
    txn_hash: sent.transfer.id,
    created_at: services.now(),
  });
  return ok({
    success: true,
    txnHash: sent.transfer.id,
    amount: formatUnits(amount),
    aminaBalance: formatUnits(debited.balances.AMINA),
    houseBalance: formatUnits(debited.balances.HC),
  });
}
