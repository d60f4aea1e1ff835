/** Connects a real Algorand address with proof of its key: challenge -> signed self-payment -> session. */
import type { ApiResult } from "../api/http.ts";
import type { UserRecord } from "../api/types.ts";
import { registerUser, requestChallenge } from "../api/walletApi.ts";
import { encodeChallengeTransaction, toBase64 } from "./challengeTransaction.ts";

/** Signs one unsigned transaction's bytes and returns the signed transaction's bytes. */
export type TransactionSigner = (unsigned: Uint8Array) => Promise<Uint8Array>;

declare global {
  interface Window {
    /** Installed only by browser tests: an algosdk account that signs the challenge like a wallet. */
    __casinoTestSigner?: TransactionSigner;
  }
}

/** The browser tests' signer when one is installed, so the dialog can offer it as a wallet. */
export function findTestSigner(): TransactionSigner | undefined {
  return typeof window === "undefined" ? undefined : window.__casinoTestSigner;
}

/** Asks for a challenge, has the wallet sign it and opens the session with the signature. */
export async function connectWithProof(
  address: string,
  sign: TransactionSigner,
  network: string | undefined,
): Promise<ApiResult<UserRecord>> {
  const challenge = await requestChallenge(address);
  if (!challenge.ok) return challenge;
  const unsigned = encodeChallengeTransaction(address, challenge.data.challenge, network);
  const signed = await sign(unsigned);
  return registerUser(address, {
    challengeId: challenge.data.challengeId,
    signedTransaction: toBase64(signed),
  });
}
