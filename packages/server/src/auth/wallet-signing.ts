/** How an Algorand wallet answers a sign-in challenge, for tests and scripted clients (the browser uses its wallet). */
import { type generateAccount, makePaymentTxnWithSuggestedParamsFromObject, signBytes } from "algosdk";

/** A throwaway Algorand account: address and secret key. */
export type TestAccount = ReturnType<typeof generateAccount>;

/** Signs the challenge text with signBytes ("MX" prefix) and returns it base64-encoded. */
export function signChallenge(account: TestAccount, challenge: string): string {
  return Buffer.from(signBytes(new TextEncoder().encode(challenge), account.sk)).toString("base64");
}

/** Builds and signs a zero-amount self-payment whose note is the challenge; returns the blob in base64. */
export function signChallengeTransaction(
  account: TestAccount,
  challenge: string,
  overrides: { amount?: number; receiver?: string; note?: Uint8Array } = {},
): string {
  const txn = makePaymentTxnWithSuggestedParamsFromObject({
    sender: account.addr,
    receiver: overrides.receiver ?? account.addr,
    amount: overrides.amount ?? 0,
    note: overrides.note ?? new TextEncoder().encode(challenge),
    suggestedParams: {
      fee: 1000,
      minFee: 1000,
      flatFee: true,
      firstValid: 1000,
      lastValid: 2000,
      genesisID: "mainnet-v1.0",
      genesisHash: new Uint8Array(Buffer.from("wGHE2Pwdvd7S12BL5FaOP20EGYesN73ktiC1qzkkit8=", "base64")),
    },
  });
  return Buffer.from(txn.signTxn(account.sk)).toString("base64");
}
