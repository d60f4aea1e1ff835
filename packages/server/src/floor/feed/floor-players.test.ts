/**
 * The feed's kept players. Invariants: a flush reads a player from the database once, then from
 * memory; a privacy change heard on the bus shows in the next flush without a read; a read that
 * overlapped a privacy change is not kept (it may be stale).
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../db/test-databases.ts";
import { createFloorPlayerCache } from "./floor-players.ts";
import { setHiddenFromFloor } from "./privacy.ts";

let database: TestDatabase;

beforeEach(async () => {
  database = await openTestDatabase("sqlite");
});
afterEach(() => database.cleanup());

/** A player row with a `cosmic_` name; returns its id. */
async function makePlayer(username: string): Promise<string> {
  const id = randomUUID();
  await database.handle.db
    .insertInto("users")
    .values({ id, wallet_address: `DEMO${id.slice(0, 8)}`, username, kind: "demo", created_at: 0 })
    .execute();
  return id;
}

describe("the feed's kept players", () => {
  it("reads a player once, then answers from memory and follows privacy changes", async () => {
    const cache = createFloorPlayerCache(database.handle.db);
    const id = await makePlayer("cosmic_one");
    expect((await cache.find([id])).get(id)).toEqual({ username: "cosmic_one", hidden: false });
    // Stored hidden without telling the cache: it still answers what it kept (no read).
    await setHiddenFromFloor(database.handle.db, id, true, 1);
    expect((await cache.find([id])).get(id)?.hidden).toBe(false);
    cache.setHidden(id, true); // the bus batch every process hears
    expect((await cache.find([id])).get(id)).toEqual({ username: "cosmic_one", hidden: true });
  });

  it("does not keep a read that overlapped a privacy change", async () => {
    const cache = createFloorPlayerCache(database.handle.db);
    const id = await makePlayer("cosmic_two");
    const reading = cache.find([id]);
    cache.setHidden(id, true);
    await setHiddenFromFloor(database.handle.db, id, true, 1);
    await reading;
    expect((await cache.find([id])).get(id)?.hidden).toBe(true);
  });

  it("drops the oldest players past its size", async () => {
    const cache = createFloorPlayerCache(database.handle.db, 1);
    const first = await makePlayer("cosmic_first");
    const second = await makePlayer("cosmic_second");
    await cache.find([first]);
    await cache.find([second]);
    await setHiddenFromFloor(database.handle.db, first, true, 1);
    expect((await cache.find([first])).get(first)?.hidden).toBe(true); // read again
  });
});
