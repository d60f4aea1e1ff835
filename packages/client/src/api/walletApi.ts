/** Session and user calls of docs/API.md ("Wallet and session"). */
import { type ApiResult, requestApi } from "./http.ts";
import { lazySchema } from "./lazySchema.ts";
import type { Challenge, SessionInfo, UserRecord } from "./types.ts";

/** Proof that the visitor holds an Algorand address's key, as POST /api/users accepts it. */
export type WalletProof = { challengeId: string; signedTransaction: string };

/** Reads the cookie's session so a reload keeps the wallet it already had. */
export function getSession(): Promise<ApiResult<SessionInfo>> {
  return requestApi("GET", "/api/session", {}, lazySchema("sessionInfoSchema"));
}

/** Ends the server-side session (wallet disconnect). */
export function endSession(): Promise<ApiResult<void>> {
  return requestApi<void>("DELETE", "/api/session");
}

/** Asks the server for a one-time challenge that the wallet of `walletAddress` must sign. */
export function requestChallenge(walletAddress: string): Promise<ApiResult<Challenge>> {
  return requestApi(
    "POST",
    "/api/auth/challenge",
    { body: { walletAddress } },
    lazySchema("challengeSchema"),
  );
}

/** Registers or reconnects a wallet and opens the session; real addresses need a proof. */
export function registerUser(walletAddress: string, proof?: WalletProof): Promise<ApiResult<UserRecord>> {
  return requestApi(
    "POST",
    "/api/users",
    { body: { walletAddress, ...proof } },
    lazySchema("userRecordSchema"),
  );
}

/** Path of one user's record, which holds both balances. */
export function userPath(walletAddress: string): string {
  return `/api/users/${encodeURIComponent(walletAddress)}`;
}
