/** Ledger account ids: users, the house (split into sub-accounts), the outside world and escrow (double entry, DESIGN.md section 2). */

/** The house bankroll: stakes in, wins out; may go negative (it is the casino's P&L). */
export const HOUSE_ACCOUNT = "system:house";

/**
 * How many sub-accounts the house is split into. Every bet and every hand's rake updates a house
 * balance row and holds its lock until commit; with one row, concurrent transactions on PostgreSQL
 * queue on it. With 128, a transaction finds its row held by one of k others about k times in 128
 * (k is about 3 under the scale load test's 200 bets/s and 100 hands/s), and reports stay a sum of
 * a few hundred rows. Changing it is safe: old sub-accounts keep their balances and are still
 * summed as the house.
 */
export const HOUSE_SHARDS = 128;

/**
 * The house sub-account (`system:house:<n>`) for a key: the round id of a bet, the table id of a
 * poker transfer. Stable (FNV-1a of the key, modulo HOUSE_SHARDS), so one round or one table always
 * books to one sub-account, and a transaction touches at most one house row.
 */
export function houseAccount(key: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${HOUSE_ACCOUNT}:${(hash >>> 0) % HOUSE_SHARDS}`;
}

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
