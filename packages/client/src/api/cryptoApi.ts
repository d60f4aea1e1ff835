/** Token and cashier calls of docs/API.md ("Crypto"). */
import { type ApiResult, createIdempotencyKey, requestApi } from "./http.ts";
import { lazySchema } from "./lazySchema.ts";
import type { CashierReceipt, DemoGrantReceipt } from "./types.ts";

/** Path of the token status (network, asset, exchanges). */
export const CRYPTO_STATUS_PATH = "/api/crypto/status";

/** Path of a wallet's cashier transactions, newest first. */
export function transactionsPath(walletAddress: string): string {
  return `/api/crypto/transactions/${encodeURIComponent(walletAddress)}`;
}

/** Path of a wallet's simulated on-chain AMINA. */
export function chainBalancePath(walletAddress: string): string {
  return `/api/crypto/chain-balance/${encodeURIComponent(walletAddress)}`;
}

/** Moves AMINA from the wallet's (simulated) chain balance into the casino. */
export function depositAmina(amount: string): Promise<ApiResult<CashierReceipt>> {
  const options = { body: { amount }, idempotencyKey: createIdempotencyKey() };
  return requestApi("POST", "/api/crypto/deposit", options, lazySchema("cashierReceiptSchema"));
}

/** Moves AMINA from the casino back to the wallet's (simulated) chain balance. */
export function withdrawAmina(amount: string): Promise<ApiResult<CashierReceipt>> {
  const options = { body: { amount }, idempotencyKey: createIdempotencyKey() };
  return requestApi("POST", "/api/crypto/withdraw", options, lazySchema("cashierReceiptSchema"));
}

/** Refills House Coins for demo play (the server allows it while HC is below 1000). */
export function claimDemoGrant(): Promise<ApiResult<DemoGrantReceipt>> {
  const options = { body: {}, idempotencyKey: createIdempotencyKey() };
  return requestApi("POST", "/api/crypto/demo-grant", options, lazySchema("demoGrantReceiptSchema"));
}
