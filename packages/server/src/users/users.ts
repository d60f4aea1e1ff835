/** Reading players: by wallet address or user id, with their balances as the API shows them. */
import { formatUnits } from "@casino/protocol";
import type { Kysely, Selectable } from "kysely";
import type { Database, UsersTable } from "../db/schema.ts";
import { getBalances } from "../ledger/ledger.ts";

/** A player as every wallet endpoint answers it (balances as exact decimal strings in coins). */
export interface UserView {
  id: string;
  walletAddress: string;
  username: string;
  aminaBalance: string;
  houseBalance: string;
}

/** Finds a user by wallet address or by id. */
export function findUser(
  db: Kysely<Database>,
  walletOrId: string,
): Promise<Selectable<UsersTable> | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where((eb) => eb.or([eb("wallet_address", "=", walletOrId), eb("id", "=", walletOrId)]))
    .executeTakeFirst();
}

/** The user holding a folded username key (users/usernames.ts), if any; read through the unique index. */
export async function findUserByUsernameKey(
  db: Kysely<Database>,
  key: string,
): Promise<{ id: string; username: string } | undefined> {
  return db.selectFrom("users").select(["id", "username"]).where("username_key", "=", key).executeTakeFirst();
}

/** A text column of the listed users by user id, in one query (ids of no user are absent). */
export async function userColumnByIds(
  db: Kysely<Database>,
  ids: readonly string[],
  column: "username" | "wallet_address",
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("users").select(["id", column]).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, (row as Record<string, string>)[column]!]));
}

/** The API view of a user with current balances (read through `db`, which may be a transaction). */
export async function viewUser(
  db: Kysely<Database>,
  user: Pick<UsersTable, "id" | "wallet_address" | "username">,
) {
  const balances = await getBalances(db, user.id);
  const view: UserView = {
    id: user.id,
    walletAddress: user.wallet_address,
    username: user.username,
    aminaBalance: formatUnits(balances.AMINA),
    houseBalance: formatUnits(balances.HC),
  };
  return view;
}

/**
 * Locks a user's row for the rest of the transaction on PostgreSQL, so checks like "once per day"
 * cannot race; SQLite's BEGIN IMMEDIATE already serialises writers.
 */
export async function lockUser(trx: Kysely<Database>, dialect: "sqlite" | "postgres", userId: string) {
  if (dialect !== "postgres") return;
  await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
}
