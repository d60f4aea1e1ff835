/**
 * Verifies that a visitor holds an Algorand address's key: either a signature over the challenge
 * bytes (algosdk signBytes, "MX" prefix) or a signed zero-amount self-payment whose note is the
 * challenge, which every wallet can sign. The transaction is only verified, never submitted.
 */
import { verify as verifyEd25519 } from "node:crypto";
import { Address, decodeSignedTransaction, verifyBytes } from "algosdk";

/** What POST /api/users may carry as proof. */
export interface WalletProof {
  signature?: string | undefined;
  signedTransaction?: string | undefined;
}

export type ProofCheck =
  | { ok: true }
  | { ok: false; code: "auth/proof_required" | "auth/bad_signature"; details: string };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Strict base64 decoding (plain or URL alphabet); undefined for anything that is not. */
function decodeBase64(text: string): Uint8Array | undefined {
  const normal = text.trim().replace(/-/g, "+").replace(/_/g, "/");
  if (normal.length === 0 || !BASE64.test(normal)) return undefined;
  return new Uint8Array(Buffer.from(normal, "base64"));
}

/** Checks an Ed25519 signature against a raw 32-byte public key. */
function verifyRaw(message: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean {
  if (signature.length !== 64 || publicKey.length !== 32) return false;
  const key = { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKey).toString("base64url") };
  return verifyEd25519(null, message, { key, format: "jwk" }, signature);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** Verifies a signBytes signature of the challenge by the address's key. */
function checkSignature(address: string, challenge: Uint8Array, signatureText: string): ProofCheck {
  const signature = decodeBase64(signatureText);
  if (signature?.length !== 64) {
    return { ok: false, code: "auth/bad_signature", details: "signature is not 64 bytes of base64" };
  }
  try {
    if (verifyBytes(challenge, signature, address)) return { ok: true };
  } catch {
    // A malformed signature or address fails like a wrong one.
  }
  return { ok: false, code: "auth/bad_signature", details: "signature does not verify for the address" };
}

/** Verifies a signed 0-amount self-payment whose note is the challenge, signed by the address itself. */
function checkSignedTransaction(address: string, challenge: Uint8Array, blobText: string): ProofCheck {
  const fail = (details: string): ProofCheck => ({ ok: false, code: "auth/bad_signature", details });
  const blob = decodeBase64(blobText);
  if (!blob) return fail("signedTransaction is not base64");
  let signed: ReturnType<typeof decodeSignedTransaction>;
  try {
    signed = decodeSignedTransaction(blob);
  } catch {
    return fail("signedTransaction is not a signed Algorand transaction");
  }
  const txn = signed.txn;
  const expected = Address.fromString(address);
  if (txn.type !== "pay" || !txn.payment) return fail("transaction is not a payment");
  if (!txn.sender.equals(expected)) return fail("transaction sender is not the address");
  if (!txn.payment.receiver.equals(expected)) return fail("payment is not to the address itself");
  if (txn.payment.amount !== 0n) return fail("payment amount is not zero");
  if (txn.payment.closeRemainderTo || txn.rekeyTo) return fail("transaction closes or rekeys the account");
  if (!sameBytes(txn.note, challenge)) return fail("transaction note is not the challenge");
  if (!signed.sig || signed.msig || signed.lsig) return fail("transaction is not signed by a single key");
  if (signed.sgnr && !signed.sgnr.equals(expected)) return fail("transaction is signed by another key");
  if (!verifyRaw(txn.bytesToSign(), signed.sig, expected.publicKey))
    return fail("transaction signature is invalid");
  return { ok: true };
}

/** Verifies the proof for an address over the challenge text; a signature is tried before a transaction. */
export function verifyWalletProof(address: string, challengeText: string, proof: WalletProof): ProofCheck {
  const challenge = new TextEncoder().encode(challengeText);
  if (proof.signature) return checkSignature(address, challenge, proof.signature);
  if (proof.signedTransaction) return checkSignedTransaction(address, challenge, proof.signedTransaction);
  return { ok: false, code: "auth/proof_required", details: "no signature or signedTransaction" };
}
