import { describe, expect, it } from "vitest";
import type { Tournament } from "./tournamentApi.ts";
import {
  announceLevel,
  chooseRowAction,
  countPlayersLeft,
  describeBlinds,
  describeBuyIn,
  describeEntrants,
  describeLevel,
  describePayouts,
  describePlace,
  describeStatus,
  findStartedTables,
  findTimeToNextLevel,
  formatCountdown,
  readFinish,
  readTournamentId,
} from "./tournamentRows.ts";

type Player = Tournament["players"][number];

function makePlayer(name: string, over: Partial<Player> = {}): Player {
  return { name, userId: null, isBot: true, stack: 1500, place: null, prize: null, ...over };
}

function makeTournament(over: Partial<Tournament> = {}): Tournament {
  return {
    id: "17",
    definitionId: "hc-6max",
    name: "HC Sit & Go 6-Max",
    currency: "HC",
    maxPlayers: 6,
    buyIn: "10",
    fee: "1",
    startingStack: 1500,
    status: "registering",
    registeredCount: 0,
    players: [],
    prizePool: "0",
    payouts: ["39", "21"],
    level: 1,
    smallBlind: 10,
    bigBlind: 20,
    ante: 0,
    levelMs: 300_000,
    nextLevelAt: null,
    tableId: null,
    handCount: 0,
    startedAt: null,
    finishedAt: null,
    ...over,
  };
}

describe("tournament rows", () => {
  it("reads the tournament of a table id and nothing from a cash table", () => {
    expect(readTournamentId("sng-1700000000001234")).toBe("1700000000001234");
    expect(readTournamentId("house-1")).toBeNull();
    expect(readTournamentId("sng-")).toBeNull();
  });

  it("words buy-in, seats, status, blinds and level", () => {
    const t = makeTournament({ registeredCount: 3, level: 4, smallBlind: 50, bigBlind: 100, ante: 10 });
    expect(describeBuyIn(t)).toBe("10 + 1 HC");
    expect(describeEntrants(t)).toBe("3/6");
    expect(describeStatus(t)).toBe("Registering");
    expect(describeBlinds(t)).toBe("50/100 ante 10");
    expect(describeBlinds(makeTournament())).toBe("10/20");
    expect(describeLevel(t)).toBe("Level IV");
    expect(describePayouts(t)).toBe("39 / 21 HC");
    expect(announceLevel(t)).toBe("Level IV: blinds 50/100, ante 10");
    expect(announceLevel(makeTournament())).toBe("Level I: blinds 10/20");
  });

  it("counts the level clock down and never below zero", () => {
    expect(formatCountdown(83_000)).toBe("1:23");
    expect(formatCountdown(400)).toBe("0:01");
    expect(formatCountdown(-5)).toBe("0:00");
    const running = makeTournament({ status: "running", nextLevelAt: 10_000 });
    expect(findTimeToNextLevel(running, 4_000)).toBe(6_000);
    expect(findTimeToNextLevel(running, 12_000)).toBe(0);
    expect(findTimeToNextLevel(makeTournament({ nextLevelAt: 10_000 }), 0)).toBeNull();
  });

  it("offers register, unregister and take-your-seat by status and entry", () => {
    const me = makePlayer("me", { userId: "u1", isBot: false });
    expect(chooseRowAction(makeTournament(), "u1")).toBe("register");
    expect(chooseRowAction(makeTournament({ players: [me] }), "u1")).toBe("unregister");
    expect(chooseRowAction(makeTournament({ status: "running", players: [me] }), "u1")).toBe("take-seat");
    const out = { ...me, place: 4 };
    expect(chooseRowAction(makeTournament({ status: "running", players: [out] }), "u1")).toBe("none");
    expect(chooseRowAction(makeTournament({ status: "running" }), "u1")).toBe("none");
    expect(chooseRowAction(makeTournament(), null)).toBe("register");
  });

  it("finds the tables of the viewer's tournaments that just started", () => {
    const me = makePlayer("me", { userId: "u1", isBot: false });
    const before = [makeTournament({ id: "a" }), makeTournament({ id: "b" })];
    const after = [
      makeTournament({ id: "a", status: "running", players: [me], tableId: "sng-a" }),
      makeTournament({ id: "b", status: "running", players: [makePlayer("bot")], tableId: "sng-b" }),
    ];
    expect(findStartedTables(before, after, "u1")).toEqual(["sng-a"]);
    expect(findStartedTables(after, after, "u1")).toEqual([]);
  });

  it("counts the players left and words places", () => {
    const players = [makePlayer("a"), makePlayer("b", { place: 6 }), makePlayer("c", { place: 5 })];
    expect(countPlayersLeft(makeTournament({ players }))).toBe(1);
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map(describePlace)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "101st",
    ]);
  });

  it("reads the viewer's finish: place, field and prize", () => {
    const me = makePlayer("me", { userId: "u1", isBot: false });
    const field = [me, ...["b", "c", "d", "e", "f"].map((n) => makePlayer(n))];
    expect(readFinish(makeTournament({ players: field }), "u1")).toBeNull();
    expect(readFinish(makeTournament({ players: field }), null)).toBeNull();
    const busted = [{ ...me, place: 4, prize: "0" }, ...field.slice(1)];
    expect(readFinish(makeTournament({ players: busted }), "u1")).toEqual({
      place: 4,
      entrants: 6,
      prize: null,
      title: "You finished 4th",
      prizeText: "No prize this time",
    });
    const second = [{ ...me, place: 2, prize: "21" }, ...field.slice(1)];
    expect(readFinish(makeTournament({ players: second }), "u1")?.prizeText).toBe("21 HC");
    const won = [{ ...me, place: 1, prize: "39" }, ...field.slice(1)];
    expect(readFinish(makeTournament({ players: won }), "u1")?.title).toBe("You won the tournament!");
  });
});
