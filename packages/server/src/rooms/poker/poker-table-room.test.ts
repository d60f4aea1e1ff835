import { auditDeck } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { findHand } from "../../poker/hand-store.ts";
import { createPlayer } from "../../poker/test-helpers.ts";
import { usePokerCasino } from "./test-casino.ts";
import {
  autoPlay,
  checkOrCall,
  joinTableRoom,
  type Strategy,
  seatOfUser,
  sendAndWait,
  type TableRoom,
  waitForState,
  watchPrivacy,
} from "./test-clients.ts";

describe("poker_table room with real sdk clients", () => {
  // Nothing here tests the action timer: a long one keeps a slow machine from folding a player
  // whose answer is merely late (a timed-out player sits out and the hands stop).
  const fixture = usePokerCasino({ autoStartDelayMs: 150, actionTimeoutMs: 15_000 });

  /**
   * Seats players one by one, each sitting out at once, then brings them all back together, so the
   * first hand is dealt to all of them (not to the first two while the others are still joining).
   */
  async function seatPlayers(tableId: string, buyIns: number[]) {
    const players = [];
    for (const [i, buyIn] of buyIns.entries()) {
      const player = await fixture.join(tableId);
      const room = player.room;
      const privacy = watchPrivacy(room, player.userId);
      const sat = await sendAndWait(room, "sit", { buyInAmount: buyIn, playerName: `P${i}` });
      expect(sat.kind).toBe("result");
      expect((await sendAndWait(room, "sitOut", { sittingOut: true })).kind).toBe("result");
      players.push({ ...player, privacy });
    }
    return players;
  }

  /** Brings seated players back in at once: the next hand deals them all. */
  async function comeBack(players: { room: TableRoom }[]) {
    const answers = await Promise.all(
      players.map((p) => sendAndWait(p.room, "sitOut", { sittingOut: false })),
    );
    for (const answer of answers) expect(answer.kind).toBe("result");
  }

  it("plays a full hand to showdown with three players; hole cards stay private until shown", async () => {
    const players = await seatPlayers("nebula-amina-micro", [0.1, 0.1, 0.1]);
    const spectator = await fixture.join("nebula-amina-micro", 0);
    const watching = spectator.room;
    const spectatorPrivacy = watchPrivacy(watching, spectator.userId);
    const commitments = new Set<string>();
    watching.onStateChange((s) => s.deckCommitment && commitments.add(s.deckCommitment));
    const roots = new Set<string>();
    watching.onStateChange((s) => s.deckRoot && s.gamePhase === "preflop" && roots.add(s.deckRoot));
    // Every betting action, told by the latest action's seq as the patches come.
    const seenActions: [number, ...unknown[]][] = [];
    let seenSeq = 0;
    watching.onStateChange((s) => {
      if (s.actionSeq === seenSeq) return;
      seenSeq = s.actionSeq;
      seenActions.push([s.handNumber, s.actionSeat, s.actionType, s.actionAmount, s.actionTo, s.actionAllIn]);
    });
    for (const p of players) autoPlay(p.room, p.userId, checkOrCall);
    await comeBack(players);
    const first = players[0]!;
    const mine = await waitForState(first.room, (s) => s.handNumber >= 1 && s.gamePhase === "preflop");
    expect(mine.players.get(String(seatOfUser(mine, first.userId)))!.holeCards.length).toBe(2);
    const ended = await waitForState(watching, (s) => s.lastHandNumber >= 1, 10_000);
    expect(ended.winners.length).toBeGreaterThan(0);
    const shown = [...ended.players.values()].filter((p) => p.cardsShown);
    expect(shown.length).toBeGreaterThanOrEqual(1);
    for (const p of shown) expect(p.holeCards.length).toBe(2);
    expect(commitments.has(ended.lastRevealedCommitment)).toBe(true);
    expect(roots.has(ended.lastDeckRoot)).toBe(true);
    const stored = (await findHand(fixture.casino.handle.db, Number(ended.lastHandId)))!;
    const check = auditDeck({
      handSeed: stored.handSeed,
      seedHash: ended.lastRevealedCommitment,
      root: ended.lastDeckRoot,
      clientSeeds: [...ended.lastClientSeeds],
      handNumber: ended.lastHandNumber,
    });
    expect(check.valid).toBe(true);
    expect(JSON.stringify(ended.toJSON())).not.toContain(stored.handSeed);
    expect(stored.events.some((e) => e.type === "hand_shown")).toBe(true);
    // The room state tells every betting action of the hand as the hand's log holds it, the ones that
    // closed a street (whose badges the next street cleared) included.
    const acted = stored.events.flatMap((e) =>
      e.type === "action_taken" ? [[e.seat, e.action, e.amount, e.to, e.allIn]] : [],
    );
    expect(acted.length).toBeGreaterThanOrEqual(3);
    expect(
      seenActions.filter(([hand]) => hand === ended.lastHandNumber).map(([, ...action]) => action),
    ).toEqual(acted);
    for (const p of players) expect(p.privacy.leaks).toEqual([]);
    expect(spectatorPrivacy.leaks).toEqual([]);
    for (const p of players) await sendAndWait(p.room, "leave");
  });

  it("shows a player its own new cards in every hand and nobody else's, hand after hand", async () => {
    const players = await seatPlayers("andromeda-amina-high", [0.5, 0.5]);
    const [a, b] = players as [(typeof players)[0], (typeof players)[0]];
    // Nobody reaches a showdown (a folds at once): no hand is ever shown.
    autoPlay(a.room, a.userId, () => ({ actionType: "fold" }));
    autoPlay(b.room, b.userId, checkOrCall);
    const seen = new Map<number, string>();
    a.room.onStateChange((s) => {
      const mine = s.players.get(String(seatOfUser(s, a.userId)));
      if (s.gamePhase === "preflop" && mine?.holeCards?.length === 2)
        seen.set(s.handNumber, mine.holeCards.map((c) => `${c.rank}${c.suit}`).join());
    });
    // Each action comes in a patch of its own: the latest action's seq never skips one.
    const seqs: number[] = [];
    a.room.onStateChange((s) => {
      if (s.actionSeq !== seqs.at(-1)) seqs.push(s.actionSeq);
    });
    const before = a.room.state.handNumber;
    await comeBack(players);
    await waitForState(a.room, (s) => s.handNumber >= before + 4, 20_000);
    expect(seqs.length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBe(seqs[i - 1]! + 1);
    const firstHand = before + 1;
    for (let hand = firstHand; hand < firstHand + 3; hand++) expect(seen.get(hand)).toMatch(/^\w+,\w+$/);
    for (const p of players) expect(p.privacy.leaks).toEqual([]);
    for (const p of players) await sendAndWait(p.room, "leave");
  });

  it("splits a side pot when two short stacks go all-in", async () => {
    const shove: Strategy = (s) => ({ actionType: s.legalActions.canAllIn ? "all-in" : "call" });
    const players = await seatPlayers("orion-9-max", [0.08, 0.12, 0.4]);
    const [a, b, c] = players as [(typeof players)[0], (typeof players)[0], (typeof players)[0]];
    autoPlay(a.room, a.userId, shove);
    autoPlay(b.room, b.userId, shove);
    autoPlay(c.room, c.userId, checkOrCall);
    await comeBack(players);
    const twoPots = await waitForState(c.room, (s) => s.pots.length === 2, 10_000);
    expect(twoPots.pots.map((p) => p.amount)).toEqual([240, 80]);
    const ended = await waitForState(c.room, (s) => s.lastHandNumber >= 1, 10_000);
    const total = [...ended.players.values()].reduce((sum, p) => sum + p.chipCount, 0);
    const stored = (await findHand(fixture.casino.handle.db, Number(ended.lastHandId)))!;
    expect(stored.results.length).toBe(2);
    expect(stored.rake).toBe(12);
    const paidOut = stored.results.flat().reduce((sum, share) => sum + share.amount, 0);
    expect(paidOut + stored.rake).toBe(320);
    expect(total).toBe(80 + 120 + 400 - stored.rake);
    const table = fixture.casino.services.poker.hostedTable("orion-9-max")!;
    await table.drain();
    for (const p of players) if (table.seatOf(p.userId) !== null) await table.leave(p.userId);
  });

  it("fills a House table with bots for one human, who plays hands against them", async () => {
    const human = await fixture.join("house-beta", 0);
    const room = human.room;
    const privacy = watchPrivacy(room, human.userId);
    const sat = await sendAndWait(room, "sit", { playerName: "Solo" });
    expect(sat).toMatchObject({ kind: "result", body: { stack: 500 } });
    const withBots = await waitForState(room, (s) => s.players.size === 4);
    expect([...withBots.players.values()].filter((p) => p.isBot).length).toBe(3);
    // Checks, calls small bets, folds to big ones: never busts (a bust would empty the table).
    autoPlay(room, human.userId, (s) => ({
      actionType: s.legalActions.canCheck ? "check" : s.legalActions.callAmount <= 20 ? "call" : "fold",
    }));
    await waitForState(room, (s) => s.lastHandNumber >= 2, 40_000);
    expect(privacy.leaks).toEqual([]);
    await sendAndWait(room, "leave");
    const empty = await waitForState(room, (s) => s.players.size === 0, 10_000);
    expect(empty.players.size).toBe(0);
  });

  it("drops a client that sends a malformed message", async () => {
    const player = await createPlayer(fixture.casino);
    const room = await joinTableRoom(fixture.casino.url, player.token, "house-alpha");
    room.onMessage("error", () => undefined); // the refusal before the drop
    const left = new Promise<number>((resolve) => room.onLeave((code) => resolve(code)));
    room.send("action", { actionType: "teleport" });
    expect(await left).toBe(4002);
  });
});
