import { coins, hashServerSeed } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "../db/test-databases.ts";
import { runInTransaction } from "../db/transaction.ts";
import { grant } from "../ledger/ledger.ts";
import { actOnRound, openRound, playRound } from "../rounds/rounds.ts";
import { testBet, testRound } from "../rounds/test-helpers.ts";
import {
  checkClientSeed,
  publicSeedInfo,
  reserveNonce,
  rotateServerSeed,
  updateClientSeed,
} from "./seeds.ts";

describe.each(testDialects())("provably-fair seeds on %s", (dialect) => {
  const test = useTestDatabase(dialect);

  it("commits to a seed pair on first sight: hash of a 64-hex secret, 16-hex client seed, nonce 0", async () => {
    const info = await publicSeedInfo(test.handle.db, "u1");
    expect(info).toMatchObject({ nonce: 0, isActive: true });
    expect(info.clientSeed).toMatch(/^[0-9a-f]{16}$/);
    const row = await test.handle.db
      .selectFrom("fair_seeds")
      .selectAll()
      .where("user_id", "=", "u1")
      .executeTakeFirstOrThrow();
    expect(row.server_seed).toMatch(/^[0-9a-f]{64}$/);
    expect(info.serverSeedHash).toBe(hashServerSeed(row.server_seed));
    expect(await publicSeedInfo(test.handle.db, "u1")).toEqual(info);
  });

  it("never hands out one nonce twice, even to concurrent reservations", async () => {
    const reservations = await Promise.all(
      Array.from({ length: 60 }, () => runInTransaction(test.handle, (trx) => reserveNonce(trx, "u1"))),
    );
    const nonces = reservations.map((r) => r.nonce).sort((a, b) => a - b);
    expect(nonces).toEqual(Array.from({ length: 60 }, (_, i) => i));
    expect(new Set(reservations.map((r) => r.seedId)).size).toBe(1);
    expect((await publicSeedInfo(test.handle.db, "u1")).nonce).toBe(60);
  });

  it("does not consume a nonce for a refused bet", async () => {
    const refused = await playRound(
      test.handle,
      testBet({
        userId: "broke",
        decide: () => ({ win: 0, outcome: null }),
      }),
    );
    expect(refused).toMatchObject({ ok: false, code: "bet/insufficient_balance" });
    expect((await publicSeedInfo(test.handle.db, "broke")).nonce).toBe(0);
  });

  it("updates the client seed for later rounds and refuses an empty one", async () => {
    expect(await updateClientSeed(test.handle, "u1", "   ")).toMatchObject({
      ok: false,
      code: "seed/invalid_client_seed",
    });
    const updated = await updateClientSeed(test.handle, "u1", "  lucky star ");
    expect(updated).toMatchObject({ ok: true, clientSeed: "lucky star", nonce: 0, isActive: true });
    const fair = await runInTransaction(test.handle, (trx) => reserveNonce(trx, "u1"));
    expect(fair.clientSeed).toBe("lucky star");
  });

  it("rotates: reveals the old secret (matching its hash), keeps the client seed, restarts at nonce 0", async () => {
    await updateClientSeed(test.handle, "u1", "mine");
    const before = await publicSeedInfo(test.handle.db, "u1");
    await runInTransaction(test.handle, (trx) => reserveNonce(trx, "u1"));
    const rotated = await rotateServerSeed(test.handle, "u1");
    if (!rotated.ok) throw new Error("rotation refused");
    expect(hashServerSeed(rotated.previousServerSeed)).toBe(before.serverSeedHash);
    expect(rotated).toMatchObject({
      previousClientSeed: "mine",
      previousNonce: 1,
      clientSeed: "mine",
      nonce: 0,
    });
    expect(rotated.serverSeedHash).not.toBe(before.serverSeedHash);
    expect(await publicSeedInfo(test.handle.db, "u1")).toEqual({
      serverSeedHash: rotated.serverSeedHash,
      clientSeed: "mine",
      nonce: 0,
      isActive: true,
    });
  });

  it("refuses to rotate while a round is open, and allows it once the round is settled", async () => {
    await grant(test.handle, { userId: "u1", currency: "HC", amount: coins(10), reason: "adjustment" });
    const before = await publicSeedInfo(test.handle.db, "u1");
    await openRound(
      test.handle,
      testRound({
        gameType: "hilo",
        start: () => ({ state: { streak: 0 } }),
      }),
    );
    expect(await rotateServerSeed(test.handle, "u1")).toMatchObject({ ok: false, code: "seed/round_open" });
    expect(await publicSeedInfo(test.handle.db, "u1")).toMatchObject({
      serverSeedHash: before.serverSeedHash,
      nonce: 1,
    });
    await actOnRound(test.handle, {
      userId: "u1",
      gameType: "hilo",
      act: (round) => ({ state: round.state, input: {}, settled: { win: 0, outcome: "lost" } }),
    });
    expect(await rotateServerSeed(test.handle, "u1")).toMatchObject({ ok: true, previousNonce: 1 });
  });

  it("checks client seeds: trimmed, 1 to 64 printable characters", () => {
    expect(checkClientSeed("abc")).toEqual({ ok: true, clientSeed: "abc" });
    expect(checkClientSeed("")).toMatchObject({ ok: false });
    expect(checkClientSeed(42)).toMatchObject({ ok: false });
    expect(checkClientSeed("x".repeat(65))).toMatchObject({ ok: false });
    expect(checkClientSeed("tab\there")).toMatchObject({ ok: false });
    expect(checkClientSeed("x".repeat(64))).toMatchObject({ ok: true });
  });
});
