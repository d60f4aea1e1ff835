import { describe, expect, it } from "vitest";
import { usePokerCasino } from "./test-casino.ts";
import { seatOfUser, sendAndWait, waitForState } from "./test-clients.ts";

describe("a stale poker action is refused (invariant: an action counts only on the table it was taken on)", () => {
  // A long action timer: nobody times out while the test looks at the turn.
  const fixture = usePokerCasino({ autoStartDelayMs: 100, actionTimeoutMs: 15_000 });

  /** Seats two fresh players at the micro table, one after the other. */
  async function seatBoth(names: [string, string]) {
    return [
      await fixture.seat("nebula-amina-micro", names[0]),
      await fixture.seat("nebula-amina-micro", names[1]),
    ];
  }

  it("answers poker/stale_action to an action on an older version and changes nothing; the current version plays", async () => {
    const players = await seatBoth(["Ann", "Bob"]);
    const first = players[0]!;
    const turn = await waitForState(first.room, (s) => s.gamePhase === "preflop" && s.toActSeat >= 0);
    const actor = players.find((p) => seatOfUser(turn, p.userId) === turn.toActSeat)!;
    // The decoded state is one live object: what the actor saw is copied out.
    const live = await waitForState(actor.room, (s) => s.version === turn.version && s.toActSeat >= 0);
    const seen = { version: live.version, toActSeat: live.toActSeat, currentPot: live.currentPot };
    const table = fixture.casino.services.poker.hostedTable("nebula-amina-micro")!;
    const before = { version: table.state.version, toAct: table.state.hand?.toAct, pot: seen.currentPot };
    expect(seen.version).toBe(before.version);

    const stale = await sendAndWait(actor.room, "action", { actionType: "call", version: seen.version - 1 });
    expect(stale.kind).toBe("error");
    expect(stale.body).toMatchObject({ action: "action", code: "poker/stale_action" });
    await table.drain();
    expect(table.state.version).toBe(before.version);
    expect(table.state.hand?.toAct).toBe(before.toAct);
    expect(actor.room.state.currentPot).toBe(before.pot);

    actor.room.send("action", { actionType: "call", version: seen.version });
    const after = await waitForState(actor.room, (s) => s.version > before.version);
    expect(after.toActSeat).not.toBe(seen.toActSeat);
    for (const p of players) await sendAndWait(p.room, "leave");
  });

  it("refuses an action without a version as malformed and changes nothing", async () => {
    const players = await seatBoth(["Cid", "Dee"]);
    const turn = await waitForState(players[0]!.room, (s) => s.gamePhase === "preflop" && s.toActSeat >= 0);
    const actor = players.find((p) => seatOfUser(turn, p.userId) === turn.toActSeat)!;
    const table = fixture.casino.services.poker.hostedTable("nebula-amina-micro")!;
    await table.drain();
    const before = { version: table.state.version, toAct: table.state.hand?.toAct };

    const left = new Promise<number>((resolve) => actor.room.onLeave((code) => resolve(code)));
    const unversioned = await sendAndWait(actor.room, "action", { actionType: "call" });
    expect(unversioned.kind).toBe("error");
    expect(unversioned.body).toMatchObject({ action: "action", code: "input/invalid" });
    expect(await left).toBe(4002);
    await table.drain();
    expect({ version: table.state.version, toAct: table.state.hand?.toAct }).toEqual(before);
    for (const p of players) if (p !== actor) await sendAndWait(p.room, "leave");
  });
});
