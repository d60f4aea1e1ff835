/** The zero-amount self-payment whose note is the server's challenge: what every wallet can sign. */
import algosdk from "algosdk";

/** Genesis of the networks a wallet may be on; the transaction is verified, never submitted. */
const GENESIS = {
  mainnet: { id: "mainnet-v1.0", hash: "wGHE2Pwdvd7S12BL5FaOP20EGYesN73ktiC1qzkkit8=" },
  testnet: { id: "testnet-v1.0", hash: "SGO1GKSzyE7IEPItTxCByw9x8FmnrCDexi9/cOUJOiI=" },
} as const;

/** Which network's genesis a status text like "Algorand TestNet (simulated)" means. */
export function pickNetwork(networkName: string | undefined): keyof typeof GENESIS {
  return networkName && /main/i.test(networkName) ? "mainnet" : "testnet";
}

/**
 * Builds the unsigned proof transaction. Its validity rounds (1..1000) lie long in the past, so even
 * if a signed copy leaked it could never be confirmed on chain.
 */
export function buildChallengeTransaction(address: string, challenge: string, network: string | undefined) {
  const genesis = GENESIS[pickNetwork(network)];
  return algosdk.makePaymentTxnWithSuggestedParamsFromObject({
    sender: address,
    receiver: address,
    amount: 0,
    note: new TextEncoder().encode(challenge),
    suggestedParams: {
      flatFee: true,
      fee: 1000,
      minFee: 1000,
      firstValid: 1,
      lastValid: 1000,
      genesisID: genesis.id,
      genesisHash: algosdk.base64ToBytes(genesis.hash),
    },
  });
}

/** The unsigned transaction's msgpack bytes, which wallets and the test signer sign. */
export function encodeChallengeTransaction(address: string, challenge: string, network: string | undefined) {
  return algosdk.encodeUnsignedTransaction(buildChallengeTransaction(address, challenge, network));
}

/** Checks a typed address: 58 characters of Algorand base32 with a valid checksum. */
export function isAlgorandAddress(address: string): boolean {
  return address.length === 58 && algosdk.isValidAddress(address);
}

/** Base64 text of signed transaction bytes, as POST /api/users expects `signedTransaction`. */
export function toBase64(bytes: Uint8Array): string {
  return algosdk.bytesToBase64(bytes);
}
