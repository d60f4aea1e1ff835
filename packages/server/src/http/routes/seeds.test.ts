import { coins, hashServerSeed } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { openRound, playRound } from "../../rounds/rounds.ts";
import { connectDemoClient, snapshotMoney, useCasino } from "../test-helpers.ts";

const casino = useCasino();

/** Settles one HC dice round for a user, recording the fair context it was given. */
async function playDice(userId: string, win = 0) {
  const result = await playRound(casino.handle, {
    userId,
    gameType: "dice",
    currency: "HC",
    stake: coins(1),
    input: { betType: "low" },
    decide: (fair) => ({ win, outcome: { nonce: fair.nonce } }),
  });
  if (!result.ok) throw new Error(result.message);
  return result.round;
}

describe("provably-fair seeds", () => {
  it("shows the committed hash, client seed and next nonce", async () => {
    const { client, address } = await connectDemoClient(casino.url);
    const seeds = await client.get(`/api/game-seeds/current/${address}`);
    expect(seeds.status).toBe(200);
    expect(seeds.body).toEqual({
      serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      clientSeed: expect.any(String),
      nonce: 0,
      isActive: true,
    });
  });

  it("updates the client seed and refuses empty, long or foreign ones", async () => {
    const { client, address } = await connectDemoClient(casino.url);
    const updated = await client.post("/api/game-seeds/update-client-seed", {
      walletAddress: address,
      clientSeed: "lucky-7",
    });
    expect(updated.body).toEqual({ ok: true, clientSeed: "lucky-7" });
    expect((await client.get(`/api/game-seeds/current/${address}`)).body.clientSeed).toBe("lucky-7");
    for (const clientSeed of ["", "   ", "x".repeat(65), 7, null, "tab\tinside"]) {
      const answer = await client.post("/api/game-seeds/update-client-seed", { clientSeed });
      expect(answer.status, JSON.stringify(clientSeed)).toBe(400);
    }
    expect((await client.post("/api/game-seeds/update-client-seed", { clientSeed: "" })).body.message).toBe(
      "Please enter a client seed",
    );
    const foreign = await client.post("/api/game-seeds/update-client-seed", {
      walletAddress: "DEMOOTHER0000",
      clientSeed: "x",
    });
    expect(foreign.status).toBe(403);
    expect((await client.get("/api/game-seeds/current/DEMOOTHER0000")).status).toBe(403);
    expect((await client.get(`/api/game-seeds/current/${address}`)).body.clientSeed).toBe("lucky-7");
  });

  it("rotates the server seed, revealing the old one, and refuses while a round is open", async () => {
    const { client, user, address } = await connectDemoClient(casino.url);
    const committed = (await client.get(`/api/game-seeds/current/${address}`)).body;
    await playDice(user.id);
    expect((await client.get(`/api/game-seeds/current/${address}`)).body.nonce).toBe(1);
    const rotated = await client.post("/api/game-seeds/new-server-seed", {});
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({
      ok: true,
      previousServerSeedHash: committed.serverSeedHash,
      previousNonce: 1,
      nonce: 0,
    });
    expect(hashServerSeed(rotated.body.previousServerSeed)).toBe(committed.serverSeedHash);
    expect(rotated.body.serverSeedHash).not.toBe(committed.serverSeedHash);
    const opened = await openRound(casino.handle, {
      userId: user.id,
      gameType: "blackjack",
      currency: "HC",
      stake: coins(1),
      input: {},
      start: () => ({ state: { cards: [] } }),
    });
    expect(opened.ok).toBe(true);
    const refused = await client.post("/api/game-seeds/new-server-seed", {});
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("seed/round_open");
    expect((await client.get(`/api/game-seeds/current/${address}`)).body.serverSeedHash).toBe(
      rotated.body.serverSeedHash,
    );
  });
});

describe("GET /api/game-sessions/{wallet}", () => {
  it("lists the latest rounds first, 10 by default, revealing seeds only after rotation", async () => {
    const { client, user, address } = await connectDemoClient(casino.url);
    const played = [];
    for (let i = 0; i < 12; i++) played.push(await playDice(user.id, i === 11 ? coins(2.3328) : 0));
    const history = await client.get(`/api/game-sessions/${address}`);
    expect(history.status).toBe(200);
    expect(history.body).toHaveLength(10);
    expect(history.body[0]).toMatchObject({
      id: played[11]?.id,
      gameType: "dice",
      currency: "HC",
      betAmount: 1,
      winAmount: 2.3328,
      nonce: 11,
      serverSeed: null,
      serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      createdAt: expect.stringMatching(/^\d{4}-/),
    });
    expect(history.body.map((row: { nonce: number }) => row.nonce)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect((await client.get(`/api/game-sessions/${address}?limit=12`)).body).toHaveLength(12);
    expect((await client.get(`/api/game-sessions/${address}?limit=3`)).body).toHaveLength(3);
    expect((await client.get(`/api/game-sessions/${address}?limit=abc`)).body).toHaveLength(10);
    const rotated = await client.post("/api/game-seeds/new-server-seed", {});
    const revealed = (await client.get(`/api/game-sessions/${address}`)).body;
    expect(revealed[0].serverSeed).toBe(rotated.body.previousServerSeed);
  });

  it("is 401 without a session and 403 for another wallet", async () => {
    const { client } = await connectDemoClient(casino.url);
    const { address: other } = await connectDemoClient(casino.url);
    expect((await client.get(`/api/game-sessions/${other}`)).status).toBe(403);
    expect((await fetch(`${casino.url}/api/game-sessions/${other}`)).status).toBe(401);
  });

  it("changes no money when seeds are read, updated or rotated", async () => {
    const { client, address } = await connectDemoClient(casino.url);
    const before = await snapshotMoney(casino.handle.db);
    await client.get(`/api/game-seeds/current/${address}`);
    await client.post("/api/game-seeds/update-client-seed", { clientSeed: "abc" });
    await client.post("/api/game-seeds/new-server-seed", {});
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
  });
});
