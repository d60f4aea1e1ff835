/** Which wallet identities the casino accepts (DESIGN.md section 3): demo identities and Algorand addresses. */
import { isValidAddress } from "algosdk";

/** A demo identity: DEMO + 9 uppercase letters or digits, issued per browser. */
export const DEMO_ADDRESS = /^DEMO[A-Z0-9]{9}$/;

/** The two kinds of player identity. */
export type WalletKind = "demo" | "algorand";

export type WalletClass = { ok: true; kind: WalletKind } | { ok: false; code: "auth/invalid_address" };

/** Tells a demo identity from a checksummed Algorand address; anything else is malformed. */
export function classifyWallet(address: string): WalletClass {
  if (DEMO_ADDRESS.test(address)) return { ok: true, kind: "demo" };
  if (address.length === 58 && isValidAddress(address)) return { ok: true, kind: "algorand" };
  return { ok: false, code: "auth/invalid_address" };
}

/** The username a new player gets unless they choose one: cosmic_ + the address's last 8 characters. */
export function defaultUsername(address: string): string {
  return `cosmic_${address.slice(-8)}`;
}
