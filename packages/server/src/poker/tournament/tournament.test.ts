import { BLIND_SCHEDULE, findBlindLevel, formatLevel } from "@casino/protocol/poker/tournament/blinds";
import { describe, expect, it } from "vitest";
import { useCasino } from "../../http/test-helpers.ts";
import { checkLedgerInvariants, getBalances } from "../../ledger/ledger.ts";
import { pokerDb } from "../db.ts";
import { createPlayer, startTournamentCasino } from "../test-helpers.ts";
import { tournamentEscrowAccount } from "./money.ts";
import { findTournament } from "./store.ts";
import { readEndedHands } from "./test-hands.ts";

type View = {
  id: string;
  definitionId: string;
  status: string;
  players: { name: string; userId: string | null; place: number | null; prize: string | null }[];
  prizePool: string;
  payouts: string[];
  tableId: string | null;
  level: number;
};

describe("Sit & Go tournaments", () => {
  const casino = useCasino(() => startTournamentCasino(150));

  async function pollView(
    player: Awaited<ReturnType<typeof createPlayer>>,
    id: string,
    check: (v: View) => boolean,
    timeoutMs: number,
  ): Promise<View | undefined> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const v = (await player.client.get(`/api/poker/tournaments/${id}`)).body as View;
      if (check(v)) return v;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return undefined;
  }

  /**
   * Every stored hand of a tournament was dealt at the level in force when it started, levels never
   * go back, and each ante and blind posted is the level's (or a short stack's all-in).
   */
  async function expectBlindsByLevel(id: string): Promise<number[]> {
    const t = (await findTournament(casino.handle.db, id))!;
    const levels: number[] = [];
    for (const hand of await readEndedHands(casino.handle.db, t.table_id)) {
      const elapsed = hand.startedAt - t.started_at!;
      const level = findBlindLevel(elapsed, t.level_ms);
      expect([hand.smallBlind, hand.bigBlind], `hand ${hand.handNumber} at ${elapsed} ms`).toEqual([
        level.smallBlind,
        level.bigBlind,
      ]);
      levels.push(level.level);
      const started = hand.events.find((e) => e.type === "hand_started");
      expect(started).toMatchObject({ smallBlind: hand.smallBlind, bigBlind: hand.bigBlind });
      expect(started?.type === "hand_started" ? (started.ante ?? 0) : -1).toBe(level.ante);
      const stacks = new Map(
        started?.type === "hand_started" ? started.players.map((p) => [p.seat, p.stack]) : [],
      );
      const antes = hand.events.filter((e) => e.type === "ante_posted");
      expect(antes).toHaveLength(level.ante > 0 ? stacks.size : 0);
      for (const e of antes) {
        const stack = stacks.get(e.seat) ?? 0;
        expect(e.amount).toBe(Math.min(level.ante, stack));
        stacks.set(e.seat, stack - e.amount);
      }
      for (const e of hand.events) {
        if (e.type !== "blind_posted") continue;
        const full = e.blind === "small" ? hand.smallBlind : hand.bigBlind;
        expect(e.allIn ? e.amount <= full && e.amount === stacks.get(e.seat) : e.amount === full).toBe(true);
      }
    }
    for (let i = 1; i < levels.length; i++) expect(levels[i]!).toBeGreaterThanOrEqual(levels[i - 1]!);
    return levels;
  }

  /** A player's betting actions over a tournament's stored hands, in order. */
  async function readTurns(id: string, playerId: string) {
    const t = (await findTournament(casino.handle.db, id))!;
    const turns: { action: string; timedOut: boolean }[] = [];
    for (const hand of await readEndedHands(casino.handle.db, t.table_id)) {
      const started = hand.events.find((e) => e.type === "hand_started");
      const seat =
        started?.type === "hand_started"
          ? started.players.find((p) => p.playerId === playerId)?.seat
          : undefined;
      for (const e of hand.events)
        if (e.type === "action_taken" && e.seat === seat && !e.outOfTurn)
          turns.push({ action: e.action, timedOut: e.timedOut });
    }
    return turns;
  }

  async function openTournament(
    player: Awaited<ReturnType<typeof createPlayer>>,
    definitionId: string,
  ): Promise<View> {
    const list = (await player.client.get("/api/poker/tournaments")).body as { tournaments: View[] };
    return list.tournaments.find((t) => t.definitionId === definitionId && t.status === "registering")!;
  }

  it("unregistering before the start refunds the buy-in and the fee exactly", async () => {
    const ann = await createPlayer(casino, 1);
    const t = await openTournament(ann, "amina-9max");
    const before = await getBalances(casino.handle.db, ann.userId);
    const registered = await ann.client.post(`/api/poker/tournaments/${t.id}/register`, {});
    expect(registered.status).toBe(200);
    expect((await getBalances(casino.handle.db, ann.userId)).AMINA).toBe(before.AMINA - 110_000);
    expect((await ann.client.post(`/api/poker/tournaments/${t.id}/register`, {})).body.code).toBe(
      "tournament/already_registered",
    );
    const gone = await ann.client.request("DELETE", `/api/poker/tournaments/${t.id}/register`);
    expect(gone.status).toBe(200);
    expect(await getBalances(casino.handle.db, ann.userId)).toEqual(before);
    expect((await getBalances(casino.handle.db, tournamentEscrowAccount(t.id))).AMINA).toBe(0);
    expect((await ann.client.request("DELETE", `/api/poker/tournaments/${t.id}/register`)).body.code).toBe(
      "tournament/not_registered",
    );
  });

  it("plays a 6-max House Sit & Go with bots and one human to the end: places, prizes and escrow exact", async () => {
    const human = await createPlayer(casino);
    const t = await openTournament(human, "hc-6max");
    const before = (await getBalances(casino.handle.db, human.userId)).HC;
    expect((await human.client.post(`/api/poker/tournaments/${t.id}/register`, {})).status).toBe(200);
    const running = await pollView(human, t.id, (v) => v.status === "running", 5000);
    expect(running?.players).toHaveLength(6);
    const table = casino.services.poker.hostedTable(`sng-${t.id}`)!;
    expect(table).toBeDefined();
    expect((await table.leave(human.userId)).ok).toBe(false);
    const finished = await pollView(human, t.id, (v) => v.status === "finished", 40_000);
    if (!finished)
      console.error(
        "unfinished table",
        table.state.handCount,
        table.halted,
        table.state.phase,
        table.turn,
        JSON.stringify(table.state.seats),
      );
    expect(finished).toBeDefined();
    const places = finished!.players.map((p) => p.place).sort();
    expect(places[0]).toBe(1);
    expect(places.every((p) => p !== null)).toBe(true);
    const prizes = finished!.players.map((p) => Number(p.prize ?? 0));
    expect(prizes.reduce((a, b) => a + b, 0)).toBe(60);
    expect(finished!.players.find((p) => p.place === 1)?.prize).toBe("39");
    expect(finished!.players.filter((p) => p.place === 2).map((p) => p.prize)).toEqual(["21"]);
    expect((await getBalances(casino.handle.db, tournamentEscrowAccount(t.id))).HC).toBe(0);
    const mine = finished!.players.find((p) => p.userId === human.userId)!;
    const after = (await getBalances(casino.handle.db, human.userId)).HC;
    expect(after).toBe(before - 11_000_000 + Number(mine.prize ?? 0) * 1_000_000);
    const report = await checkLedgerInvariants(casino.handle.db);
    expect(report.mismatches).toEqual([]);
    expect(await openTournament(human, "hc-6max")).toBeDefined();
    const levels = await expectBlindsByLevel(t.id);
    expect(levels[0]).toBe(1);
    expect(new Set(levels).size).toBeGreaterThan(1);
    expect(Math.max(...levels)).toBeGreaterThanOrEqual(4);

    // The human never acts: once a timed-out fold sits them out, every later turn is played at once.
    const turns = await readTurns(t.id, human.userId);
    const satOut = turns.findIndex((a) => a.timedOut && a.action === "fold");
    expect(satOut).toBeGreaterThanOrEqual(0);
    const later = turns.slice(satOut + 1);
    expect(later.filter((a) => a.timedOut)).toEqual([]);
    expect(later.every((a) => a.action === "check" || a.action === "fold")).toBe(true);

    // The human's last hand, as a PokerStars tournament hand history.
    const played = await pokerDb(casino.handle.db)
      .selectFrom("poker_hand_players as p")
      .innerJoin("poker_hands as h", "h.id", "p.hand_id")
      .select(["h.id", "h.big_blind"])
      .where("p.player_id", "=", human.userId)
      .where("h.status", "=", "ended")
      .orderBy("h.hand_number", "desc")
      .executeTakeFirstOrThrow();
    const history = await human.client.get(`/api/poker/hands/${played.id}/history.txt`);
    expect(history.status).toBe(200);
    const level = BLIND_SCHEDULE.find((l) => l.bigBlind === Number(played.big_blind))!;
    expect(history.text.split("\n")[0]).toMatch(
      new RegExp(
        `^PokerStars Hand #${played.id}: Tournament #${t.id}, 10\\+1 HC Hold'em No Limit - Level ${formatLevel(level.level)} \\(${level.smallBlind}/${level.bigBlind}\\) - \\d{4}/`,
      ),
    );
    expect(history.text).toMatch(new RegExp(`^Table '${t.id} 1' 6-max Seat #\\d is the button$`, "m"));
    if (level.ante > 0) expect(history.text).toMatch(/: posts the ante \d+/);

    // The player's hand list carries the tournament's hands, named for the tournament.
    const listed = await human.client.get("/api/poker/hands");
    expect(listed.status).toBe(200);
    const row = (listed.body as { handId: number; tableName: string; tournamentId: string | null }[]).find(
      (h) => h.handId === Number(played.id),
    );
    const stored = (await findTournament(casino.handle.db, t.id))!;
    expect(row).toMatchObject({ tableName: stored.name, tournamentId: t.id });
  }, 70_000);
});
