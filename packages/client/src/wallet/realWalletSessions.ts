/** Open real-wallet sessions (Pera, Defly, Lute), so a casino disconnect also ends them. */

const closers = new Set<() => Promise<void>>();

/** Records how to end a wallet session that the Connect dialog opened. */
export function trackRealWalletSession(close: () => Promise<void>): void {
  closers.add(close);
}

/** Ends every tracked wallet session; failures are ignored (the casino session is already closed). */
export async function closeRealWalletSessions(): Promise<void> {
  const pending = [...closers];
  closers.clear();
  await Promise.allSettled(pending.map((close) => close()));
}
