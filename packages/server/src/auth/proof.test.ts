import { generateAccount } from "algosdk";
import { describe, expect, it } from "vitest";
import { composeChallengeText } from "./challenges.ts";
import { verifyWalletProof } from "./proof.ts";
import { signChallenge, signChallengeTransaction } from "./wallet-signing.ts";

describe("verifyWalletProof", () => {
  const account = generateAccount();
  const address = account.addr.toString();
  const other = generateAccount();
  const challenge = composeChallengeText(address, "00ff", 1_700_000_000_000);

  it("accepts a signBytes signature of the challenge by the address's key", () => {
    expect(verifyWalletProof(address, challenge, { signature: signChallenge(account, challenge) })).toEqual({
      ok: true,
    });
  });

  it("accepts a signed zero-amount self-payment whose note is the challenge", () => {
    const signedTransaction = signChallengeTransaction(account, challenge);
    expect(verifyWalletProof(address, challenge, { signedTransaction })).toEqual({ ok: true });
  });

  it.each([
    ["another key's signature", () => ({ signature: signChallenge(other, challenge) })],
    ["a signature of other text", () => ({ signature: signChallenge(account, `${challenge}!`) })],
    ["garbage signature", () => ({ signature: "not base64 at all!" })],
    ["short signature", () => ({ signature: Buffer.from("abc").toString("base64") })],
    ["another key's transaction", () => ({ signedTransaction: signChallengeTransaction(other, challenge) })],
    [
      "a non-zero payment",
      () => ({ signedTransaction: signChallengeTransaction(account, challenge, { amount: 1 }) }),
    ],
    [
      "a payment to someone else",
      () => ({
        signedTransaction: signChallengeTransaction(account, challenge, { receiver: other.addr.toString() }),
      }),
    ],
    [
      "a note that is not the challenge",
      () => ({
        signedTransaction: signChallengeTransaction(account, challenge, { note: new Uint8Array([1]) }),
      }),
    ],
    ["bytes that are no transaction", () => ({ signedTransaction: Buffer.from("hello").toString("base64") })],
  ])("refuses %s", (_label, makeProof) => {
    const result = verifyWalletProof(address, challenge, makeProof());
    expect(result).toMatchObject({ ok: false, code: "auth/bad_signature" });
  });

  it("refuses a transaction whose signature was tampered with", () => {
    const blob = Buffer.from(signChallengeTransaction(account, challenge), "base64");
    // The signature sits right after the "sig" key near the start of the msgpack map.
    const at = blob.indexOf(Buffer.from("sig")) + 6;
    blob[at] = (blob[at] ?? 0) ^ 0xff;
    const result = verifyWalletProof(address, challenge, { signedTransaction: blob.toString("base64") });
    expect(result).toMatchObject({ ok: false, code: "auth/bad_signature" });
  });

  it("asks for a proof when none is given", () => {
    expect(verifyWalletProof(address, challenge, {})).toMatchObject({
      ok: false,
      code: "auth/proof_required",
    });
  });
});
