/** The header wallet button's text (SPEC.md section 2). */
import { shortenAddress } from "../ui/format.ts";
import type { WalletStatus } from "./walletAtoms.ts";

/** First 4 + last 4 characters when connected, otherwise "Connect" or "Connecting...". */
export function describeWalletButton(status: WalletStatus, address: string | null): string {
  if (status === "connecting") return "Connecting...";
  if (status === "connected" && address) return shortenAddress(address, 4, 4);
  return "Connect";
}
