import { beforeAll, describe, expect, it } from "vitest";
import type { TestCasino } from "../../http/test-helpers.ts";
import { checkLedgerInvariants, getBalances } from "../../ledger/ledger.ts";
import { createPlayer } from "../../poker/test-helpers.ts";
import { tournamentEscrowAccount } from "../../poker/tournament/money.ts";
import { readEndedHands } from "../../poker/tournament/test-hands.ts";
import { usePokerCasino } from "./test-casino.ts";
import {
  autoPlay,
  checkOrCall,
  joinTableRoom,
  seatOfUser,
  sendAndWait,
  waitForState,
  watchPrivacy,
} from "./test-clients.ts";

const HC = 1_000_000;

type View = {
  id: string;
  definitionId: string;
  status: string;
  registeredCount: number;
  players: { userId: string | null; isBot: boolean; place: number | null; prize: string | null }[];
  prizePool: string;
  payouts: string[];
  tableId: string | null;
  level: number;
  smallBlind: number;
  bigBlind: number;
};

/** Polls an async check until it answers (or throws after the timeout). */
async function pollFor<T>(check: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Calls the seats made (a call is never automatic: timeouts and check/fold only check or fold). */
async function countCalls(casino: TestCasino, tableId: string, seats: Set<number>): Promise<number> {
  let calls = 0;
  for (const hand of await readEndedHands(casino.handle.db, tableId)) {
    for (const e of hand.events)
      if (e.type === "action_taken" && e.action === "call" && seats.has(e.seat)) calls++;
  }
  return calls;
}

describe("a 9-max Sit & Go with three humans over REST and the poker_table room", () => {
  const fixture = usePokerCasino({
    actionTimeoutMs: 400,
    timeBankMs: 0,
    autoStartDelayMs: 10,
    botDelayMs: [1, 3],
  });
  beforeAll(async () => {
    // Bots wait until the three humans are in; the test then lets them fill the table.
    await fixture.casino.services.tournaments.configure({ levelMs: 150, botFillMs: 600_000, tickMs: 20 });
  });

  it("registers three humans, fills with bots, plays in the room to the end: places, 50/30/20, escrow 0", async () => {
    const { casino } = fixture;
    const humans = await Promise.all([0, 1, 2].map(() => createPlayer(casino)));
    const get = async (id: string) =>
      (await humans[0]!.client.get(`/api/poker/tournaments/${id}`)).body as View;
    const waitForStatus = (id: string, status: string, timeoutMs: number) =>
      pollFor(
        async () => {
          const v = await get(id);
          return v.status === status ? v : undefined;
        },
        timeoutMs,
        `the tournament to be ${status}`,
      );
    const listed = (await humans[0]!.client.get("/api/poker/tournaments")).body as { tournaments: View[] };
    const open = listed.tournaments.find((t) => t.definitionId === "hc-9max" && t.status === "registering")!;
    expect(open.payouts).toEqual(["45", "27", "18"]);
    for (const [i, h] of humans.entries()) {
      const answer = await h.client.post(`/api/poker/tournaments/${open.id}/register`, {
        playerName: `Pilot${i}`,
      });
      expect(answer.status).toBe(200);
      expect((answer.body as View).registeredCount).toBe(i + 1);
    }
    expect((await get(open.id)).prizePool).toBe("30");
    await casino.services.tournaments.configure({ botFillMs: 0 });
    const running = await waitForStatus(open.id, "running", 10_000);
    expect(running.players).toHaveLength(9);
    expect(running.players.filter((p) => p.isBot)).toHaveLength(6);
    expect(running.prizePool).toBe("90");
    expect(running.tableId).toBe(`sng-${open.id}`);

    const seats = await Promise.all(
      humans.map(async (h) => {
        const room = await joinTableRoom(casino.url, h.token, running.tableId!);
        fixture.rooms.push(room);
        const privacy = watchPrivacy(room, h.userId);
        const state = await waitForState(room, (s) => s.players.size === 9 && seatOfUser(s, h.userId) >= 0);
        expect(state.maxPlayers).toBe(9);
        const refused = await sendAndWait(room, "leave");
        expect(refused).toMatchObject({ kind: "error", body: { code: "tournament/table_rules" } });
        const played = { refused: [] as string[] };
        room.onMessage("error", (body: { action?: string; code?: string }) => {
          if (body.action === "action") played.refused.push(body.code ?? "");
        });
        autoPlay(room, h.userId, checkOrCall);
        return { room, privacy, played, seat: seatOfUser(state, h.userId) };
      }),
    );
    expect(new Set(seats.map((s) => s.seat)).size).toBe(3);
    const blinds = new Set<number>();
    for (const { room } of seats) room.onStateChange((s) => blinds.add(s.bigBlind));

    const finished = await waitForStatus(open.id, "finished", 50_000);
    for (const { privacy } of seats) expect(privacy.leaks).toEqual([]);
    // A late answer (after the short action timer) is refused as out of turn or stale, nothing else.
    const late = new Set(["poker/not_your_turn", "poker/stale_action", "poker/no_hand"]);
    expect(seats.flatMap((s) => s.played.refused).filter((code) => !late.has(code))).toEqual([]);
    expect(await countCalls(casino, running.tableId!, new Set(seats.map((s) => s.seat)))).toBeGreaterThan(0);
    expect(blinds.size).toBeGreaterThan(1);
    const places = finished.players.map((p) => p.place);
    expect(places.every((p) => p !== null && p >= 1 && p <= 9)).toBe(true);
    expect(places.filter((p) => p === 1)).toHaveLength(1);
    const prizes = finished.players.map((p) => Number(p.prize ?? 0));
    expect(prizes.reduce((a, b) => a + b, 0)).toBe(90);
    expect((await getBalances(casino.handle.db, tournamentEscrowAccount(open.id))).HC).toBe(0);
    for (const h of humans) {
      const mine = finished.players.find((p) => p.userId === h.userId)!;
      const balance = (await getBalances(casino.handle.db, h.userId)).HC;
      expect(balance).toBe(1000 * HC - 11 * HC + Number(mine.prize ?? 0) * HC);
    }
    expect((await checkLedgerInvariants(casino.handle.db)).mismatches).toEqual([]);
  }, 90_000);
});
