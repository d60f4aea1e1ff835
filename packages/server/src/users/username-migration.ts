/**
 * Migration: every user gets the folded key of their username (users/usernames.ts), unique in the
 * database. Existing clashes are settled deterministically: walking the users oldest first (ties by
 * id), the first holder of a key keeps the name; a later one, and any picked name that reads as a
 * staff word, gets its generated name (`cosmic_` + the address's last 8 characters) or, if that is
 * taken as well, `cosmic_` + 8 characters of its user id.
 */
import { sql } from "kysely";
import type { MigrationList } from "../db/migrator.ts";
import { addColumns, index, type SchemaStep, schemaMigration } from "../db/tables.ts";
import { foldUsername, refusePickedUsername } from "./usernames.ts";

/** A user row as the migration reads it. */
interface NamedUser {
  id: string;
  wallet_address: string;
  username: string;
}

/** The names a clashing user may fall back to, in order. */
function fallbackNames(user: NamedUser): string[] {
  const compactId = user.id.replace(/-/g, "");
  return [
    `cosmic_${user.wallet_address.slice(-8)}`,
    `cosmic_${compactId.slice(0, 8)}`,
    `cosmic_${compactId.slice(-8)}`,
    `cosmic_${compactId}`,
  ];
}

/** The name a user keeps given the keys already held (generated names are exempt from the staff-word rule). */
export function settleUsername(user: NamedUser, held: Set<string>): string {
  const generated = user.username === `cosmic_${user.wallet_address.slice(-8)}`;
  const allowed = generated || refusePickedUsername(user.username) === null;
  if (allowed && !held.has(foldUsername(user.username))) return user.username;
  const free = fallbackNames(user).find((name) => !held.has(foldUsername(name)));
  if (!free) throw new Error(`no free name for user ${user.id}`);
  return free;
}

/** Fills `username_key` for every user, renaming the later holders of a shared key. */
const fillUsernameKeys: SchemaStep = async (db) => {
  const users =
    await sql<NamedUser>`select id, wallet_address, username from users order by created_at, id`.execute(db);
  const held = new Set<string>();
  for (const user of users.rows) {
    const name = settleUsername(user, held);
    const key = foldUsername(name);
    held.add(key);
    await sql`update users set username = ${name}, username_key = ${key} where id = ${user.id}`.execute(db);
  }
};

/** The folded username key of every user, unique in the database. */
export const usernameKeyMigration = schemaMigration(
  addColumns("users", { username_key: "text null" }),
  fillUsernameKeys,
  index("users_username_key", "users", ["username_key"], { unique: true }),
);

/** The players' migrations by id (the users table is in db/migrations.ts's first schema). */
export const USERS_MIGRATIONS: MigrationList = {
  "0800_username_keys": usernameKeyMigration,
};
