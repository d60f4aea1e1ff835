import { POKER_LOBBY_ROOM } from "@casino/protocol/schemas/poker";
import { PokerLobbyState } from "@casino/protocol/schemas/poker-table-state";
import { VersionedClient } from "@casino/sdk/versioned-client";
import type { Room } from "@colyseus/sdk";
import { describe, expect, it } from "vitest";
import { createPlayer, useCheckedPokerCasino, waitFor } from "../../poker/test-helpers.ts";

type LobbyRoom = Room<unknown, PokerLobbyState>;

describe("poker lobby room and bots making room for humans", () => {
  const casino = useCheckedPokerCasino({ autoStartDelayMs: 60_000 });

  it("lists every table live, without a session", async () => {
    const lobby = (await new VersionedClient(casino.url).joinOrCreate(
      POKER_LOBBY_ROOM,
      {},
      PokerLobbyState,
    )) as LobbyRoom;
    try {
      await waitFor(() => lobby.state.tables?.size === 5, 3000, "five tables");
      expect(lobby.state.tables.get("nebula-amina-micro")?.toJSON()).toMatchObject({
        name: "Nebula AMINA Micro",
        currency: "AMINA",
        buyInMin: 0.04,
        buyInMax: 0.2,
        playerCount: 0,
        status: "waiting",
      });
      const player = await createPlayer(casino, 1);
      await player.client.post("/api/poker/tables/nebula-amina-micro/join", { buyInAmount: 0.1 });
      await waitFor(
        () => lobby.state.tables.get("nebula-amina-micro")?.playerCount === 1,
        3000,
        "the lobby update",
      );
      await player.client.post("/api/poker/tables/nebula-amina-micro/leave", {});
      await waitFor(() => lobby.state.tables.get("nebula-amina-micro")?.playerCount === 0, 3000, "the leave");
    } finally {
      await lobby.leave();
    }
  });

  it("seats bots for a lone human, and lets them go as humans arrive and leave", async () => {
    const runtime = casino.services.poker;
    const humans = [];
    for (let i = 0; i < 4; i++) humans.push(await createPlayer(casino));
    const bots = () =>
      runtime
        .hostedTable("house-alpha")!
        .occupiedSeats()
        .filter((s) => s.meta.isBot).length;
    await humans[0]!.client.post("/api/poker/tables/house-alpha/join", {});
    expect(bots()).toBe(3);
    await humans[1]!.client.post("/api/poker/tables/house-alpha/join", {});
    expect(bots()).toBe(2);
    await humans[2]!.client.post("/api/poker/tables/house-alpha/join", {});
    await humans[3]!.client.post("/api/poker/tables/house-alpha/join", {});
    expect(bots()).toBe(1);
    for (const h of humans) await h.client.post("/api/poker/tables/house-alpha/leave", {});
    expect(bots()).toBe(0);
    expect(runtime.hostedTable("house-alpha")!.occupiedSeats()).toEqual([]);
  });
});
