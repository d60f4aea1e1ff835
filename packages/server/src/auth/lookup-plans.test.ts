/**
 * Look-ups that run on the main connection by a column other than the key read an index on SQLite,
 * not every row: a player by folded username key (every new player's name) and demo identities by the session
 * that owns them (every sign-in that replaces a session).
 */
import { describe, expect, it } from "vitest";
import { fullTableScans, recordStatements } from "../db/query-plans.test-helpers.ts";
import { useTestDatabase } from "../db/test-databases.ts";
import { findUserByUsernameKey } from "../users/users.ts";
import { createSessionToken, openSession } from "./sessions.ts";

describe("look-ups by username key and by owner session", () => {
  const test = useTestDatabase("sqlite");

  it("read through an index and find the right rows", async () => {
    const { db, sqlite } = test.handle;
    const now = Date.now();
    for (let i = 0; i < 3; i++) {
      await db
        .insertInto("users")
        .values({
          id: `u${i}`,
          wallet_address: `W${i}`,
          username: `cosmic_${i}`,
          username_key: `cosrnic_${i}`,
          kind: "demo",
          created_at: now,
        })
        .execute();
    }
    const first = await openSession(db, "u1", now);
    await db.insertInto("demo_owners").values({ user_id: "u1", owner_token_hash: first.tokenHash }).execute();

    let found: Awaited<ReturnType<typeof findUserByUsernameKey>>;
    let second: { tokenHash: string } | undefined;
    const statements = await recordStatements(sqlite!, async () => {
      found = await findUserByUsernameKey(db, "cosrnic_2");
      second = await openSession(db, "u1", now, createSessionToken(), first.tokenHash);
    });
    expect(found!).toEqual({ id: "u2", username: "cosmic_2" });
    const owner = await db
      .selectFrom("demo_owners")
      .selectAll()
      .where("user_id", "=", "u1")
      .executeTakeFirst();
    expect(owner?.owner_token_hash).toBe(second!.tokenHash);

    const lookups = statements.filter((text) => /"users"|"demo_owners"/.test(text) && !/^insert/i.test(text));
    expect(lookups.length).toBeGreaterThanOrEqual(2);
    for (const text of lookups)
      expect(fullTableScans(sqlite!, text, ["users", "demo_owners"]), text).toEqual([]);
  });
});
