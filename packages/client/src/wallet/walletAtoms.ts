/** Client state of the wallet session (SPEC.md section 3 "Wallet session"). */
import { atom } from "jotai";

/** The wallet lifecycle of SPEC.md section 4: disconnected -> connecting -> connected. */
export type WalletStatus = "disconnected" | "connecting" | "connected";

/** Which wallet the session acts for; the server session is the source of truth. */
export type WalletState = { status: WalletStatus; address: string | null; userId: string | null };

/** Starts as connecting: the first load asks the server for the cookie's session at once. */
export const walletAtom = atom<WalletState>({ status: "connecting", address: null, userId: null });

/** The connected address, or null: every wallet-scoped query keys on it. */
export const walletAddressAtom = atom((get) => {
  const wallet = get(walletAtom);
  return wallet.status === "connected" ? wallet.address : null;
});
