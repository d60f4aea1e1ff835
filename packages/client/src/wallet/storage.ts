/** The browser storage keys of SPEC.md section 3: set on connect, removed on disconnect. */

/** localStorage keys the product has always used for the connected wallet. */
export const STORAGE_KEYS = { connected: "walletConnected", address: "walletAddress" } as const;

/** Records the connected wallet (not used to reconnect: the server session decides that). */
export function rememberWallet(address: string): void {
  try {
    localStorage.setItem(STORAGE_KEYS.connected, "true");
    localStorage.setItem(STORAGE_KEYS.address, address);
  } catch {
    // Storage may be unavailable (private mode); the session cookie still carries the wallet.
  }
}

/** Removes the stored wallet on disconnect. */
export function forgetWallet(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.connected);
    localStorage.removeItem(STORAGE_KEYS.address);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
