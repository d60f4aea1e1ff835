import algosdk from "algosdk";
import { describe, expect, it } from "vitest";
import {
  buildChallengeTransaction,
  encodeChallengeTransaction,
  isAlgorandAddress,
  pickNetwork,
} from "./challengeTransaction.ts";

/** A fixed test account: the same key on every run. */
const account = algosdk.mnemonicToSecretKey(
  algosdk.secretKeyToMnemonic(new Uint8Array(Array.from({ length: 64 }, (_, i) => (i * 7 + 3) & 0xff))),
);
const address = account.addr.toString();

describe("buildChallengeTransaction", () => {
  it("pays zero to itself with the challenge as note", () => {
    const txn = buildChallengeTransaction(address, "casino-login:abc123", "Algorand TestNet");
    expect(txn.sender.toString()).toBe(address);
    expect(txn.payment?.receiver.toString()).toBe(address);
    expect(txn.payment?.amount).toBe(0n);
    expect(new TextDecoder().decode(txn.note)).toBe("casino-login:abc123");
    expect(txn.lastValid).toBe(1000n);
  });

  it("round-trips through the bytes a wallet signs, and the signature verifies", () => {
    const bytes = encodeChallengeTransaction(address, "nonce-42", "mainnet");
    const decoded = algosdk.decodeUnsignedTransaction(bytes);
    const signed = algosdk.decodeSignedTransaction(decoded.signTxn(account.sk));
    expect(new TextDecoder().decode(signed.txn.note)).toBe("nonce-42");
    expect(signed.txn.genesisID).toBe("mainnet-v1.0");
    expect(signed.txn.txID()).toBe(decoded.txID());
    expect(signed.sig?.length).toBe(64);
  });
});

describe("pickNetwork", () => {
  it("reads the network from the status text", () => {
    expect(pickNetwork("Algorand MainNet")).toBe("mainnet");
    expect(pickNetwork("Algorand TestNet (simulated)")).toBe("testnet");
    expect(pickNetwork(undefined)).toBe("testnet");
  });
});

describe("isAlgorandAddress", () => {
  it("accepts a real address and refuses a bad checksum or length", () => {
    expect(isAlgorandAddress(address)).toBe(true);
    const flipped = `${address.slice(0, 20)}${address[20] === "A" ? "B" : "A"}${address.slice(21)}`;
    expect(isAlgorandAddress(flipped)).toBe(false);
    expect(isAlgorandAddress(address.slice(0, 57))).toBe(false);
    expect(isAlgorandAddress("DEMOABCDEFGHI")).toBe(false);
  });
});
