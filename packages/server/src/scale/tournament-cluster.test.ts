/**
 * Sit & Go tournaments across two casino processes on one PostgreSQL database. Invariants: the
 * database counts the seats (30 registrations racing for the last seat of a 6-max through both
 * processes seat exactly one, and nobody else is charged); an unregistration racing the last
 * registration either frees the seat or comes too late, never a start with a seat empty; each kind
 * has one tournament open at a time; one process hosts a running tournament, and a table call made
 * through the other reaches it.
 */
import { coins } from "@casino/protocol";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { checkLedgerInvariants, getBalances } from "../ledger/ledger.ts";
import { tournamentEscrowAccount } from "../poker/tournament/money.ts";
import { findTournament, listEntries, listTournamentsIn } from "../poker/tournament/store.ts";
import { canRunClusterTests, useTestCluster } from "./test-cluster.ts";
import { callApi, connectPlayer, type TestPlayer } from "./test-players.ts";

describe.skipIf(!canRunClusterTests())("Sit & Go tournaments across two processes", () => {
  const cluster = useTestCluster({ processes: 2, label: "sng" });
  const url = (i: number) => cluster.nodes[i % 2]?.url as string;
  /** The tournament of the first test and its players (all humans). */
  const raced: { id: string; players: TestPlayer[] } = { id: "", players: [] };

  /** The HC 6-max open for registration, with the House bots' wait turned off for it (humans only). */
  async function openSixMax(): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const open = await listTournamentsIn(cluster.handle.db, ["registering"]);
      const t = open.find((row) => row.definition_id === "hc-6max");
      if (t) {
        await sql`update tournaments set bot_fill_ms = null where id = ${t.id}`.execute(cluster.handle.db);
        return t.id;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("no HC 6-max Sit & Go opened");
  }

  /** Registers (or unregisters) a player through process i. */
  function register(i: number, player: TestPlayer, id: string, method = "POST") {
    return callApi(url(i), method, `/api/poker/tournaments/${id}/register`, player.token, {});
  }

  /** `n` new players, connected through alternate processes. */
  function connectPlayers(n: number): Promise<TestPlayer[]> {
    return Promise.all(Array.from({ length: n }, (_, i) => connectPlayer(url(i))));
  }

  /** The escrow holds exactly the buy-ins of the entries and the ledger is exact. */
  async function expectEscrowOfEntries(id: string): Promise<void> {
    const entries = await listEntries(cluster.handle.db, id);
    expect((await getBalances(cluster.handle.db, tournamentEscrowAccount(id))).HC).toBe(
      entries.length * coins(10),
    );
    const report = await checkLedgerInvariants(cluster.handle.db);
    expect(report.mismatches).toEqual([]);
  }

  it("keeps one tournament of each kind open for registration, whichever process opened it", async () => {
    const open = await listTournamentsIn(cluster.handle.db, ["registering"]);
    const kinds = open.map((t) => t.definition_id);
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds).size).toBe(kinds.length);
  });

  it("sells the last seat once when 30 registrations race for it through both processes", async () => {
    const id = await openSixMax();
    const first = await connectPlayers(5);
    for (const [i, p] of first.entries()) expect((await register(i, p, id)).status).toBe(200);
    const racers = await connectPlayers(30);
    const answers = await Promise.all(racers.map((p, i) => register(i, p, id)));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200))
      expect(["tournament/full", "tournament/not_registering"]).toContain(a.body.code);
    const entries = await listEntries(cluster.handle.db, id);
    expect(entries).toHaveLength(6);
    expect(new Set(entries.map((e) => e.seat)).size).toBe(6);
    expect(entries.every((e) => e.seat !== null && e.stack === 1500)).toBe(true);
    const seated = new Set(entries.map((e) => e.user_id));
    for (const p of racers) {
      const hc = (await getBalances(cluster.handle.db, p.userId)).HC;
      expect(hc).toBe(seated.has(p.userId) ? coins(1000 - 11) : coins(1000));
    }
    expect((await findTournament(cluster.handle.db, id))?.status).toBe("running");
    await expectEscrowOfEntries(id);
    Object.assign(raced, { id, players: [...first, ...racers].filter((p) => seated.has(p.userId)) });
  });

  it("never starts a 6-max with a seat empty when an unregistration races the last registration", async () => {
    for (let round = 0; round < 6; round++) {
      const id = await openSixMax();
      const five = await connectPlayers(5);
      for (const [i, p] of five.entries()) expect((await register(i, p, id)).status).toBe(200);
      const [sixth] = await connectPlayers(1);
      const leaver = five[round % 5] as TestPlayer;
      const [joined, left] = await Promise.all([
        register(round, sixth as TestPlayer, id),
        register(round + 1, leaver, id, "DELETE"),
      ]);
      const t = await findTournament(cluster.handle.db, id);
      const entries = await listEntries(cluster.handle.db, id);
      if (t?.status === "running") {
        expect(joined.status).toBe(200);
        expect(left.body.code).toBe("tournament/not_registering");
        expect(entries).toHaveLength(6);
        expect(entries.every((e) => e.seat !== null)).toBe(true);
      } else {
        expect(left.status).toBe(200);
        expect(entries.length).toBe(joined.status === 200 ? 5 : 4);
        expect(entries.every((e) => e.seat === null)).toBe(true);
        // Close the round: a sixth registration fills and starts it.
        const [filler] = await connectPlayers(1);
        if (entries.length === 5) expect((await register(0, filler as TestPlayer, id)).status).toBe(200);
      }
      await expectEscrowOfEntries(id);
    }
  });

  it("hosts a running tournament in one process and forwards its table calls there", async () => {
    const running = await listTournamentsIn(cluster.handle.db, ["running"]);
    expect(running.length).toBeGreaterThan(0);
    for (const t of running) {
      expect(cluster.nodes.map((n) => n.nodeId)).toContain(t.host_owner);
      expect(t.host_token).toBeGreaterThanOrEqual(1);
      const entries = await listEntries(cluster.handle.db, t.id);
      const player = entries.find((e) => e.user_id !== null);
      expect(player).toBeDefined();
      const views = await Promise.all(
        [0, 1].map((i) => callApi(url(i), "GET", `/api/poker/tables/${t.table_id}`)),
      );
      for (const view of views) {
        expect(view.status, JSON.stringify(view.body)).toBe(200);
        expect(view.body.id).toBe(t.table_id);
      }
      const names = (i: number) =>
        ((views[i]?.body.players ?? []) as { displayName: string }[]).map((p) => p.displayName).sort();
      expect(names(0)).toHaveLength(6);
      expect(names(1)).toEqual(names(0));
    }
    // A seated player's move made through either process reaches the host's table.
    const t = (await findTournament(cluster.handle.db, raced.id))!;
    const player = raced.players[0] as TestPlayer;
    for (const [i, sittingOut] of [
      [0, true],
      [1, false],
    ] as const) {
      const moved = await callApi(url(i), "POST", `/api/poker/tables/${t.table_id}/sit-out`, player.token, {
        sittingOut,
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
  });
});
