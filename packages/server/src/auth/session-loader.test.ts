/**
 * A room re-checking many players' sessions at once reads them in one query: due sessions are
 * slid forward by one statement, expired ones deleted by one, and ended ones stay refused.
 */
import { describe, expect, it } from "vitest";
import { fullTableScans, recordStatements } from "../db/query-plans.test-helpers.ts";
import { useTestDatabase } from "../db/test-databases.ts";
import { SESSION_TTL_MS } from "./session-loader.ts";
import { findSessionByHash, markSessionEnded, openSession } from "./sessions.ts";

const PLAYERS = 300;

describe("session re-checks in batches", () => {
  const test = useTestDatabase("sqlite");

  it("reads every session looked up together with one query and answers each its own", async () => {
    const { db, sqlite } = test.handle;
    const opened = Date.now();
    const tokens: string[] = [];
    const user = (i: number) => ({
      id: `u${i}`,
      wallet_address: `W${i}`,
      username: `p_${i}`,
      created_at: opened,
    });
    const users = Array.from({ length: PLAYERS }, (_, i) => ({
      ...user(i),
      username_key: `p_${i}`,
      kind: "demo" as const,
    }));
    await db.insertInto("users").values(users).execute();
    for (const { id } of users) tokens.push((await openSession(db, id, opened)).tokenHash);
    // The last one has expired; one ended in this process.
    const expired = tokens[PLAYERS - 1] as string;
    await db.updateTable("sessions").set({ expires_at: opened }).where("token_hash", "=", expired).execute();
    markSessionEnded(tokens[0] as string);
    // Two minutes on: no cached session is trusted and every live one is due to slide forward.
    const now = opened + 120_000;
    let found: Awaited<ReturnType<typeof findSessionByHash>>[] = [];
    const statements = await recordStatements(sqlite!, async () => {
      found = await Promise.all(tokens.map((hash) => findSessionByHash(db, hash, now)));
    });
    expect(found[0]).toBeUndefined();
    expect(found[PLAYERS - 1]).toBeUndefined();
    expect(found.slice(1, -1).map((s) => s?.userId)).toEqual(tokens.slice(1, -1).map((_, i) => `u${i + 1}`));
    // One read names every token hash looked up; one update and one delete name theirs.
    const onSessions = statements.filter((text) => /"sessions"/.test(text));
    const parametersOf = (text: string) => (text.match(/\?/g) ?? []).length;
    const reads = onSessions.filter((text) => /^select/i.test(text));
    expect(reads.map(parametersOf)).toEqual([PLAYERS - 1]); // the ended one is refused unread
    const updates = onSessions.filter((text) => /^update/i.test(text));
    expect(updates.map(parametersOf)).toEqual([2 + (PLAYERS - 2)]); // the two new values, then the live hashes
    const deletes = onSessions.filter((text) => /^delete/i.test(text));
    expect(deletes.map(parametersOf)).toEqual([1]);
    for (const text of onSessions.filter((t) => /^select/i.test(t)))
      expect(fullTableScans(sqlite!, text, ["sessions"]), text).toEqual([]);
    const slid = await db
      .selectFrom("sessions")
      .select(["expires_at"])
      .where("token_hash", "=", tokens[1] as string)
      .executeTakeFirst();
    expect(Number(slid?.expires_at)).toBe(now + SESSION_TTL_MS);
    expect(
      await db
        .selectFrom("sessions")
        .select("token_hash")
        .where("token_hash", "=", expired)
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});
