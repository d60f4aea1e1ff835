import { verifyHandOpening } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { setMaintenanceMode } from "../games/maintenance.ts";
import { getBalances } from "../ledger/ledger.ts";
import { createPlayer, useCheckedPokerCasino } from "../poker/test-helpers.ts";

describe("poker REST", () => {
  const casino = useCheckedPokerCasino({ autoStartDelayMs: 60_000, bots: false });

  it("lists the seeded tables with the fields of SPEC.md section 3", async () => {
    const { client } = await createPlayer(casino);
    const answer = await client.get("/api/poker/tables");
    expect(answer.status).toBe(200);
    const names = answer.body.map((t: { name: string }) => t.name);
    expect(names).toEqual([
      "House Table Alpha",
      "House Table Beta",
      "Nebula AMINA Micro",
      "Andromeda AMINA High",
      "Orion 9-Max",
    ]);
    expect(answer.body[2]).toMatchObject({
      id: "nebula-amina-micro",
      currency: "AMINA",
      smallBlind: 1,
      bigBlind: 2,
      buyInMin: 0.04,
      buyInMax: 0.2,
      maxPlayers: 6,
      playerCount: 0,
      gamePhase: "waiting",
    });
    expect(answer.body[0]).toMatchObject({
      isHouse: true,
      currency: "HC",
      buyInMin: 50,
      buyInMax: 50,
      smallBlind: 5,
      bigBlind: 10,
    });
    const one = await client.get("/api/poker/tables/orion-9-max");
    expect(one.body).toMatchObject({
      id: "orion-9-max",
      maxPlayers: 9,
      players: [],
      communityCards: [],
      currentPot: 0,
    });
    expect((await client.get("/api/poker/tables/nope")).status).toBe(404);
  });

  it("refuses a seat name that is a staff word or reads like another player's username, and changes nothing", async () => {
    const owner = await createPlayer(casino);
    const ownerName = (await owner.client.get(`/api/users/${owner.userId}`)).body.username as string;
    const p = await createPlayer(casino);
    const join = (playerName: string) =>
      p.client.post("/api/poker/tables/house-alpha/join", { walletAddress: p.address, playerName });
    const before = await getBalances(casino.handle.db, p.userId);
    for (const name of ["Operator", "0PERATOR", "Dealer"]) {
      const answer = await join(name);
      expect([answer.status, answer.body.code], name).toEqual([400, "poker/name_reserved"]);
    }
    for (const name of [ownerName, ownerName.toUpperCase()]) {
      const answer = await join(name);
      expect([answer.status, answer.body.code], name).toEqual([409, "poker/name_taken"]);
      expect(answer.body.message).toBe(
        "That name belongs to another player: pick another name for the table",
      );
    }
    expect(await getBalances(casino.handle.db, p.userId)).toEqual(before);
    const own = (await p.client.get(`/api/users/${p.userId}`)).body.username as string;
    const seated = await join(own.toLowerCase());
    expect(seated.status).toBe(200);
    await p.client.post("/api/poker/tables/house-alpha/leave", { walletAddress: p.address });
  });

  it("joins with a buy-in moved into escrow once per Idempotency-Key, and refuses another wallet", async () => {
    const p = await createPlayer(casino, 1);
    const headers = { "Idempotency-Key": "join-1" };
    const body = { walletAddress: p.address, buyInAmount: 0.05, currency: "AMINA", playerName: "Ada" };
    const first = await p.client.post(
      "/api/poker/tables/andromeda-amina-high/join",
      { ...body, buyInAmount: 0.25 },
      headers,
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, tableId: "andromeda-amina-high", chipCount: 250 });
    const again = await p.client.post(
      "/api/poker/tables/andromeda-amina-high/join",
      { ...body, buyInAmount: 0.25 },
      headers,
    );
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect((await getBalances(casino.handle.db, p.userId)).AMINA).toBe(750_000);
    const foreign = await p.client.post("/api/poker/tables/andromeda-amina-high/join", {
      ...body,
      walletAddress: "DEMOSOMEONEXX",
    });
    expect(foreign.status).toBe(403);
    const other = await createPlayer(casino, 1);
    const bad = await other.client.post("/api/poker/tables/andromeda-amina-high/join", { buyInAmount: 0.05 });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      code: "poker/invalid_buy_in",
      message: "The buy-in must be between 0.2 and 1 AMINA",
    });
    const left = await p.client.post("/api/poker/tables/andromeda-amina-high/leave", {});
    expect(left.body).toMatchObject({ success: true, pending: false });
    expect((await getBalances(casino.handle.db, p.userId)).AMINA).toBe(1_000_000);
  });

  it("seats the seventh player at a new table of the same kind (newTable)", async () => {
    const players = [];
    for (let i = 0; i < 7; i++) players.push(await createPlayer(casino, 1));
    for (const p of players.slice(0, 6)) {
      const joined = await p.client.post("/api/poker/tables/nebula-amina-micro/join", { buyInAmount: 0.04 });
      expect(joined.body.newTable).toBeUndefined();
    }
    const seventh = await players[6]!.client.post("/api/poker/tables/nebula-amina-micro/join", {
      buyInAmount: 0.04,
    });
    expect(seventh.status).toBe(200);
    expect(seventh.body.newTable).toMatchObject({
      name: "Nebula AMINA Micro 2",
      kind: "amina_micro",
      playerCount: 1,
    });
    expect(seventh.body.tableId).toBe(seventh.body.newTable.id);
    const listed = await players[0]!.client.get("/api/poker/tables");
    expect(listed.body.find((t: { id: string }) => t.id === "nebula-amina-micro")).toMatchObject({
      status: "full",
      playerCount: 6,
    });
    for (const p of players) {
      const table = casino.services.poker.tablesOf(p.userId)[0]!;
      await p.client.post(`/api/poker/tables/${table.info.id}/leave`, {});
    }
  });

  it("plays a hand through start-hand and action, then serves its history to its players only", async () => {
    const a = await createPlayer(casino, 1);
    const b = await createPlayer(casino, 1);
    await a.client.post("/api/poker/tables/orion-9-max/join", { buyInAmount: 0.1, playerName: "Alice" });
    await b.client.post("/api/poker/tables/orion-9-max/join", { buyInAmount: 0.1, playerName: "Bruno" });
    expect((await a.client.post("/api/poker/tables/orion-9-max/start-hand", {})).status).toBe(200);
    const again = await a.client.post("/api/poker/tables/orion-9-max/start-hand", {});
    expect(again.body.code).toBe("poker/hand_in_progress");
    const seen = await b.client.get("/api/poker/tables/orion-9-max");
    const bSeat = seen.body.mySeat;
    for (const p of seen.body.players) expect(p.holeCards.length).toBe(p.seatPosition === bSeat ? 2 : 0);
    const byId = new Map([
      [a.userId, a],
      [b.userId, b],
    ]);
    const table = casino.services.poker.hostedTable("orion-9-max")!;
    let refusedFirst = false;
    while (table.isHandLive()) {
      const seat = table.state.hand!.toAct!;
      const actor = byId.get(table.state.seats[seat]!.playerId)!;
      const view = (await actor.client.get("/api/poker/tables/orion-9-max")).body;
      const move = { playerId: actor.userId, actionType: view.legalActions.canCheck ? "check" : "call" };
      if (!refusedFirst) {
        refusedFirst = true;
        const before = { version: table.state.version, toAct: table.state.hand!.toAct };
        const unversioned = await actor.client.post("/api/poker/tables/orion-9-max/action", move);
        expect(unversioned.status).toBe(400);
        expect(unversioned.body.code).toBe("input/invalid");
        const stale = await actor.client.post("/api/poker/tables/orion-9-max/action", {
          ...move,
          version: view.version - 1,
        });
        expect(stale.status).toBe(409);
        expect(stale.body.code).toBe("poker/stale_action");
        expect({ version: table.state.version, toAct: table.state.hand!.toAct }).toEqual(before);
      }
      const acted = await actor.client.post("/api/poker/tables/orion-9-max/action", {
        ...move,
        version: view.version,
      });
      expect(acted.status).toBe(200);
    }
    const sitOut = await b.client.post("/api/poker/tables/orion-9-max/sit-out", { sittingOut: true });
    expect(
      sitOut.body.table.players.find((p: { userId: string }) => p.userId === b.userId).isSittingOut,
    ).toBe(true);
    const pre = await a.client.post("/api/poker/tables/orion-9-max/pre-action", { preAction: "call_any" });
    const mine = pre.body.table.players.find((p: { userId: string }) => p.userId === a.userId);
    expect(mine.preAction).toBe("call_any");
    const notTurn = await a.client.post("/api/poker/tables/orion-9-max/action", {
      actionType: "raise",
      version: table.state.version,
    });
    expect(notTurn.status).toBe(400);
    const hands = await a.client.get("/api/poker/hands");
    const handId = hands.body[0].handId;
    const history = await a.client.get(`/api/poker/hands/${handId}/history.txt`);
    expect(history.status).toBe(200);
    expect(history.headers.get("content-type")).toContain("text/plain");
    expect(history.text).toContain(`PokerStars Hand #${handId}:  Hold'em No Limit (0.002/0.004 AMINA) - `);
    expect(history.text).toMatch(/^Table '.+' 9-max Seat #\d is the button$/m);
    expect(history.text).toMatch(/Dealt to Alice \[/);
    expect(history.text).not.toMatch(/Dealt to Bruno/);
    const proof = await a.client.get(`/api/poker/hands/${handId}`);
    expect(proof.body.handSeed).toBeUndefined();
    expect(proof.body.opening.own.proofs.length).toBe(2);
    expect(verifyHandOpening(proof.body.opening).valid).toBe(true);
    const stranger = await createPlayer(casino);
    expect((await stranger.client.get(`/api/poker/hands/${handId}/history.txt`)).status).toBe(403);
    await a.client.post("/api/poker/tables/orion-9-max/leave", {});
    await b.client.post("/api/poker/tables/orion-9-max/leave", {});
  });

  it("buys and cashes out chips at 1 AMINA = 1,000 chips between hands", async () => {
    const p = await createPlayer(casino, 1);
    expect(
      (await p.client.post("/api/poker/chip-transaction", { action: "buy", aminaAmount: 0.01 })).body,
    ).toEqual({
      code: "poker/not_seated_amina",
      message: "You are not seated at an AMINA table",
    });
    await p.client.post("/api/poker/tables/nebula-amina-micro/join", { buyInAmount: 0.05 });
    const bought = await p.client.post("/api/poker/chip-transaction", { action: "buy", aminaAmount: 0.03 });
    expect(bought.body).toMatchObject({
      message: "Bought 30 chips for 0.03 AMINA at Nebula AMINA Micro",
      chipCount: 80,
    });
    const tooMuch = await p.client.post("/api/poker/chip-transaction", { action: "buy", aminaAmount: 0.2 });
    expect(tooMuch.body.code).toBe("poker/above_max_buy_in");
    const cashed = await p.client.post("/api/poker/chip-transaction", {
      action: "cashout",
      aminaAmount: "0.02",
    });
    expect(cashed.body).toMatchObject({
      message: "Cashed out 20 chips: 0.02 AMINA returned to your balance",
      chipCount: 60,
    });
    expect((await getBalances(casino.handle.db, p.userId)).AMINA).toBe(940_000);
    const all = await p.client.post("/api/poker/chip-transaction", { action: "cashout", aminaAmount: 0.06 });
    expect(all.body.chipCount).toBe(0);
    expect((await getBalances(casino.handle.db, p.userId)).AMINA).toBe(1_000_000);
  });

  it("refuses new seats and new hands in maintenance mode", async () => {
    const a = await createPlayer(casino, 1);
    const b = await createPlayer(casino, 1);
    await a.client.post("/api/poker/tables/andromeda-amina-high/join", { buyInAmount: 0.2 });
    await b.client.post("/api/poker/tables/andromeda-amina-high/join", { buyInAmount: 0.2 });
    await setMaintenanceMode(casino.handle.db, true);
    const c = await createPlayer(casino, 1);
    await new Promise((r) => setTimeout(r, 1100)); // the maintenance switch is cached for a second
    const joined = await c.client.post("/api/poker/tables/andromeda-amina-high/join", { buyInAmount: 0.2 });
    expect(joined.status).toBe(503);
    const started = await a.client.post("/api/poker/tables/andromeda-amina-high/start-hand", {});
    expect(started.status).toBe(503);
    expect(started.body.code).toBe("casino/maintenance");
    await setMaintenanceMode(casino.handle.db, false);
    await a.client.post("/api/poker/tables/andromeda-amina-high/leave", {});
    await b.client.post("/api/poker/tables/andromeda-amina-high/leave", {});
  });
});
