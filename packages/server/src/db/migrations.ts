/**
 * The core schema's migrations: players, balances, the ledger, rounds and seeds, sessions and the
 * chain, and the changes made to them since. Each domain with tables of its own exports its own
 * migrations; src/migrations.ts composes them all in order.
 */
import { sql } from "kysely";
import type { MigrationList } from "./migrator.ts";
import { addColumns, dropIndex, index, schemaMigration, table } from "./tables.ts";
import { STALE_GUESS_CODE } from "./transaction-retry.ts";

/** The casino's first schema: players, balances and the ledger, rounds and seeds, sessions, the chain. */
const initialSchema = schemaMigration(
  table("users", {
    id: "text primary key",
    wallet_address: "text unique",
    username: "text",
    kind: "text",
    created_at: "bigint",
  }),
  table(
    "balances",
    { account_id: "text", currency: "text", balance: "bigint", updated_at: "bigint" },
    {
      primaryKey: ["account_id", "currency"],
      checks: { balances_non_negative: sql`balance >= 0 OR account_id LIKE 'system:%'` },
    },
  ),
  table("ledger_transactions", {
    id: "text primary key",
    kind: "text",
    user_id: "text null",
    round_id: "text null",
    created_at: "bigint",
  }),
  table(
    "ledger_entries",
    {
      id: "bigserial primary key",
      tx_id: "text",
      account_id: "text",
      currency: "text",
      delta: "bigint",
      reason: "text",
      round_id: "text null",
      created_at: "bigint",
    },
    { indexes: { ledger_entries_account: ["account_id", "currency"], ledger_entries_tx: ["tx_id"] } },
  ),
  table(
    "game_rounds",
    {
      id: "text primary key",
      user_id: "text",
      game_type: "text",
      currency: "text",
      bet_amount: "bigint",
      win_amount: "bigint",
      status: "text",
      seed_id: "text",
      server_seed_hash: "text",
      client_seed: "text",
      nonce: "integer",
      input: "text",
      state: "text null",
      outcome: "text null",
      created_at: "bigint",
      updated_at: "bigint",
      settled_at: "bigint null",
    },
    {
      indexes: {
        game_rounds_user_created: ["user_id", "created_at"],
        game_rounds_status: ["status", "updated_at"],
      },
    },
  ),
  table(
    "fair_seeds",
    {
      id: "text primary key",
      user_id: "text",
      server_seed: "text",
      server_seed_hash: "text",
      client_seed: "text",
      next_nonce: "integer",
      is_active: "integer",
      created_at: "bigint",
      revealed_at: "bigint null",
    },
    { indexes: { fair_seeds_user: ["user_id", "is_active"] } },
  ),
  table("sessions", {
    token_hash: "text primary key",
    user_id: "text null",
    created_at: "bigint",
    expires_at: "bigint",
    last_seen_at: "bigint",
  }),
  table("demo_owners", { user_id: "text primary key", owner_token_hash: "text" }),
  table("auth_challenges", {
    id: "text primary key",
    wallet_address: "text",
    challenge: "text",
    expires_at: "bigint",
    used_at: "bigint null",
  }),
  table(
    "idempotency_keys",
    { scope: "text", key: "text", status_code: "integer", body: "text", created_at: "bigint" },
    { primaryKey: ["scope", "key"] },
  ),
  table(
    "crypto_transactions",
    {
      id: "text primary key",
      user_id: "text",
      type: "text",
      currency: "text",
      amount: "bigint",
      txn_hash: "text null unique",
      status: "text",
      created_at: "bigint",
    },
    { indexes: { crypto_transactions_user: ["user_id", "created_at"] } },
  ),
  table(
    "chain_accounts",
    { address: "text primary key", amina: "bigint" },
    { checks: { chain_accounts_non_negative: sql`amina >= 0` } },
  ),
  table("chain_transfers", {
    id: "text primary key",
    from_address: "text",
    to_address: "text",
    amount: "bigint",
    note: "text",
    created_at: "bigint",
  }),
  table(
    "security_events",
    {
      id: "bigserial primary key",
      type: "text",
      severity: "text",
      location: "text",
      details: "text",
      risk_score: "integer",
      source: "text",
      blocked: "integer",
      rule: "text null",
      resolved: "integer",
      created_at: "bigint",
    },
    { indexes: { security_events_created: ["created_at"] } },
  ),
  table("settings", { key: "text primary key", value: "text", updated_at: "bigint" }),
);

/**
 * One active seed per user and one open round per user and game, enforced by the database under
 * concurrency; the index of open rounds by age covers only open rounds, so settled bets skip it.
 */
const uniqueActiveRows = schemaMigration(
  index("fair_seeds_one_active", "fair_seeds", ["user_id"], { unique: true, where: { is_active: 1 } }),
  index("game_rounds_one_open", "game_rounds", ["user_id", "game_type"], {
    unique: true,
    where: { status: "open" },
  }),
  dropIndex("game_rounds_status"),
  index("game_rounds_open_by_age", "game_rounds", ["updated_at"], { where: { status: "open" } }),
);

/** Free spins the server holds for a player (slots bonus), one bonus per user and currency. */
const freeSpins = schemaMigration(
  table(
    "free_spins",
    {
      user_id: "text",
      currency: "text",
      remaining: "integer",
      multiplier: "integer",
      bet_amount: "bigint",
      won: "bigint",
      created_at: "bigint",
      updated_at: "bigint",
    },
    {
      primaryKey: ["user_id", "currency"],
      checks: { free_spins_remaining_non_negative: sql`remaining >= 0` },
    },
  ),
);

/** Idempotency keys remember the hash of the request they answered (a reused key with another body: 422). */
const idempotencyRequestHash = schemaMigration(addColumns("idempotency_keys", { request_hash: "text null" }));

/** Security events aggregate repeated like events into one row: how many, and when the last was. */
const securityEventCounts = schemaMigration(
  addColumns("security_events", {
    count: ["integer", (c) => c.notNull().defaultTo(1)],
    last_seen: "bigint null",
  }),
);

/**
 * Look-ups by a column other than the key, which read every row without an index: a player by
 * username (operator chat sanctions) and demo identities by their owner's session (every sign-in
 * that replaces a session).
 */
const lookupIndexes = schemaMigration(
  index("users_username", "users", ["username"]),
  index("demo_owners_token", "demo_owners", ["owner_token_hash"]),
);

/**
 * PostgreSQL: `require_unchanged(ok)` fails its statement with STALE_GUESS_CODE unless `ok`, so a
 * statement whose writes rest on something the process remembered commits none of them when it
 * no longer holds (store/postgres/one-trip-bet.ts).
 */
const requireUnchanged = schemaMigration(async (db, dialect) => {
  if (dialect !== "postgres") return;
  await sql
    .raw(`create or replace function require_unchanged(ok boolean) returns boolean
language plpgsql volatile as $$
begin
  if ok is not true then
    raise exception 'what this statement was built on has changed' using errcode = '${STALE_GUESS_CODE}';
  end if;
  return true;
end
$$`)
    .execute(db);
});

/**
 * The ledger entries' index by account, which no query reads: the bookkeeper and the invariant
 * checks read entries by id range, and balances come from their own table. Every entry still paid
 * for it, in an index page per account (per player, and per house sub-account) that each bet
 * dirtied: about half of the pages a bet's commit writes on SQLite.
 */
const dropUnreadLedgerIndex = schemaMigration(dropIndex("ledger_entries_account"));

/** The core schema's migrations by id; append new ones, never edit a released one. */
export const DB_MIGRATIONS: MigrationList = {
  "0001_initial": initialSchema,
  "0002_unique_active_rows": uniqueActiveRows,
  "0003_free_spins": freeSpins,
  "0410_idempotency_request_hash": idempotencyRequestHash,
  "0420_security_event_counts": securityEventCounts,
  "0710_lookup_indexes": lookupIndexes,
  "0720_require_unchanged": requireUnchanged,
  "0810_drop_unread_ledger_index": dropUnreadLedgerIndex,
};
