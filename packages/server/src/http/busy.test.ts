/**
 * Another process holding the write lock of the live SQLite file (an operator's `sqlite3` shell in
 * a write transaction): money-moving requests get a fast 503 with Retry-After over REST
 * and in the game room, nothing changes, and the casino bets normally once the lock is gone.
 */
import { join } from "node:path";
import type { Room } from "@colyseus/sdk";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinAsPlayer, type TestPlayer } from "../games/test-helpers.ts";
import { checkLedgerInvariants } from "../ledger/invariants.ts";
import { BUSY_RETRY_AFTER_SECONDS } from "../replies.ts";
import { act, joinGameRoom, leaveAll } from "../rooms/games/test-room.ts";
import { snapshotMoney, startTestCasino, type TestCasino } from "./test-helpers.ts";

const BET = { betAmount: 1, currency: "HC", betType: "low" };
const BUSY_BODY = { code: "db/busy", message: "The casino is busy, please retry in a moment" };

describe("a busy database", () => {
  let casino: TestCasino;
  let player: TestPlayer;
  let room: Room;
  let other: SQLite.Database;
  beforeAll(async () => {
    casino = await startTestCasino();
    player = await joinAsPlayer(casino);
    room = await joinGameRoom(casino, player, "dice");
    other = new SQLite(join(casino.dataDir, "casino.sqlite"));
  });
  afterAll(async () => {
    if (other?.inTransaction) other.exec("rollback");
    other?.close();
    await leaveAll(room ? [room] : []);
    await casino?.stop();
  });

  it("refuses bets with a quick 503 and Retry-After while another process writes, and changes nothing", async () => {
    expect((await player.client.post("/api/games/dice", BET)).status).toBe(200);
    const before = await snapshotMoney(casino.handle.db);
    other.exec("begin immediate");
    try {
      const requests = [
        () => player.client.post("/api/games/dice", BET),
        () => player.client.post("/api/games/dice", BET, { "Idempotency-Key": "busy-1" }),
        () => player.client.post("/api/crypto/demo-grant", {}),
      ];
      for (const send of requests) {
        const started = performance.now();
        const answer = await send();
        expect(performance.now() - started).toBeLessThan(1000);
        expect(answer.status).toBe(503);
        expect(answer.headers.get("retry-after")).toBe(String(BUSY_RETRY_AFTER_SECONDS));
        expect(answer.body).toEqual(BUSY_BODY);
      }
      const reply = await act(room, "roll", BET);
      expect(reply).toEqual({ kind: "error", body: { ok: false, action: "roll", ...BUSY_BODY } });
    } finally {
      other.exec("rollback");
    }
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);

    // Nothing was stored under the Idempotency-Key: the same request now bets.
    expect((await player.client.post("/api/games/dice", BET, { "Idempotency-Key": "busy-1" })).status).toBe(
      200,
    );
    expect((await player.client.post("/api/games/dice", BET)).status).toBe(200);
    expect((await act(room, "roll", BET)).kind).toBe("result");
    expect((await checkLedgerInvariants(casino.handle.db)).ok).toBe(true);
  });
});
