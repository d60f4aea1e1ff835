/** Ledger account ids: users, the two system accounts and escrow (double entry, DESIGN.md section 2). */

/** The house bankroll: stakes in, wins out; may go negative (it is the casino's P&L). */
export const HOUSE_ACCOUNT = "system:house";

/** True for the house account and any of its sub-accounts (`system:house:<n>`); reports sum them as one house. */
export function isHouseAccount(accountId: string): boolean {
  return accountId === HOUSE_ACCOUNT || accountId.startsWith(`${HOUSE_ACCOUNT}:`);
}

/** The outside world: grants, deposits and withdrawals come from and go to it; may go negative. */
export const EXTERNAL_ACCOUNT = "system:external";

/** Money held for a purpose outside a wallet, such as chips on a poker table; never negative. */
export function escrowAccount(kind: string, id: string): string {
  return `escrow:${kind}:${id}`;
}

/** System accounts may go negative; every other account (users, escrow) is guarded at zero. */
export function isSystemAccount(accountId: string): boolean {
  return accountId.startsWith("system:");
}

/** Escrow accounts are not wallets: the invariant report totals them apart. */
export function isEscrowAccount(accountId: string): boolean {
  return accountId.startsWith("escrow:");
}
