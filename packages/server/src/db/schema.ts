/**
 * The database as kysely sees it. Money columns hold integer micro-units (bigint on PostgreSQL,
 * INTEGER on SQLite) and are read as JS numbers; times are epoch milliseconds.
 */
import type { ColumnType, Generated } from "kysely";

/** A player: a wallet address (Algorand or demo identity). */
export interface UsersTable {
  id: string;
  wallet_address: string;
  username: string;
  /** The username's folded key (users/usernames.ts), unique: one player per name that reads alike. */
  username_key: ColumnType<string | null, string | null | undefined, string | null>;
  kind: "demo" | "algorand";
  created_at: number;
}

/** Current balance per account and currency; always equal to the sum of its ledger entries. */
export interface BalancesTable {
  account_id: string; // a user id, "system:house:<n>" (or the older "system:house"), "system:external" or "escrow:<kind>:<id>"
  currency: "HC" | "AMINA";
  balance: number;
  updated_at: number;
}

/** One money movement: a group of entries whose deltas sum to zero (double entry). */
export interface LedgerTransactionsTable {
  id: string;
  kind: string; // bet, settle, grant, deposit, withdraw, buy_in, cash_out, rake, ...
  user_id: string | null;
  round_id: string | null;
  created_at: number;
}

/** Append-only ledger row: never updated, never deleted. */
export interface LedgerEntriesTable {
  id: Generated<number>;
  tx_id: string;
  account_id: string;
  currency: "HC" | "AMINA";
  delta: number;
  reason: string;
  round_id: string | null;
  created_at: number;
}

/** A game round: the history row of SPEC.md section 3 plus what is needed to verify it. */
export interface GameRoundsTable {
  id: string;
  user_id: string;
  game_type: string;
  currency: "HC" | "AMINA";
  bet_amount: number; // total stake in micro-units (grows on double/split)
  win_amount: number; // gross amount credited, 0 on a loss
  status: "open" | "settled";
  seed_id: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  input: string; // JSON RoundInput: what the player chose (bet type, risk, actions)
  state: string | null; // JSON rule state while open (blackjack, hi-lo)
  outcome: string | null; // JSON outcome once settled
  created_at: number;
  updated_at: number;
  settled_at: number | null;
}

/** Provably-fair seed pair per user; the active one's server seed stays secret until rotated. */
export interface FairSeedsTable {
  id: string;
  user_id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: number;
  is_active: number; // 1 active, 0 revealed
  created_at: number;
  revealed_at: number | null;
}

/** Server-side session behind the HttpOnly cookie; only the token's SHA-256 is stored. */
export interface SessionsTable {
  token_hash: string;
  user_id: string | null;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
}

/** Demo identities belong to the session that created them. */
export interface DemoOwnersTable {
  user_id: string;
  owner_token_hash: string;
}

/** One-time challenges a real wallet signs to prove it holds its key. */
export interface AuthChallengesTable {
  id: string;
  wallet_address: string;
  challenge: string;
  expires_at: number;
  used_at: number | null;
}

/** First answer of a money-moving request, replayed for retries with the same key. */
export interface IdempotencyKeysTable {
  scope: string; // session user id
  key: string;
  status_code: number;
  body: string;
  /** Hash of the method, path and body the first answer answered (null on rows stored before it was kept). */
  request_hash: string | null;
  created_at: number;
}

/** Deposits, withdrawals, bonuses and grants as the cashier lists them. */
export interface CryptoTransactionsTable {
  id: string;
  user_id: string;
  type: "deposit" | "withdraw" | "daily_bonus" | "demo_grant" | "faucet";
  currency: "HC" | "AMINA";
  amount: number;
  txn_hash: string | null;
  status: "confirmed" | "failed";
  created_at: number;
}

/** The simulated chain's AMINA holdings (demo mode); the total never exceeds the supply. */
export interface ChainAccountsTable {
  address: string;
  amina: number;
}

/** Transfers on the simulated chain. */
export interface ChainTransfersTable {
  id: string;
  from_address: string;
  to_address: string;
  amount: number;
  note: string;
  created_at: number;
}

/** Security events recorded by the sentinel. */
export interface SecurityEventsTable {
  id: Generated<number>;
  type: string;
  severity: "critical" | "high" | "medium" | "low";
  location: string;
  details: string;
  risk_score: number;
  source: string; // hashed IP or session
  blocked: number;
  rule: string | null;
  resolved: number;
  created_at: number;
  /** How many like events (same type, source, place and rule) this row stands for; 1 on rows stored before. */
  count: ColumnType<number, number | undefined, number>;
  /** When the last of them happened (created_at: the first). */
  last_seen: ColumnType<number | null, number | undefined, number>;
}

/** Small shared switches (maintenance mode, ...). */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

/** Free spins the server holds for a player: remaining spins of one slots bonus per currency. */
export interface FreeSpinsTable {
  user_id: string;
  currency: "HC" | "AMINA";
  remaining: number;
  multiplier: number;
  bet_amount: number; // the bet the bonus was won or bought with, micro-units
  won: number; // what the bonus has paid so far, micro-units (for the 1000x bonus cap)
  created_at: number;
  updated_at: number;
}

/** Every table of the casino. */
export interface Database {
  users: UsersTable;
  balances: BalancesTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  game_rounds: GameRoundsTable;
  fair_seeds: FairSeedsTable;
  sessions: SessionsTable;
  demo_owners: DemoOwnersTable;
  auth_challenges: AuthChallengesTable;
  idempotency_keys: IdempotencyKeysTable;
  crypto_transactions: CryptoTransactionsTable;
  chain_accounts: ChainAccountsTable;
  chain_transfers: ChainTransfersTable;
  security_events: SecurityEventsTable;
  settings: SettingsTable;
  free_spins: FreeSpinsTable;
}
