/**
 * A poker casino for one describe block of room tests: started before its tests, stopped after;
 * after each test the rooms it joined are left and the money is checked to be conserved.
 */
import { afterEach, expect } from "vitest";
import type { TestCasino } from "../../http/test-helpers.ts";
import type { PokerOptions } from "../../poker/settings.ts";
import { createPlayer, useCheckedPokerCasino } from "../../poker/test-helpers.ts";
import { joinTableRoom, leaveQuietly, sendAndWait, type TableRoom } from "./test-clients.ts";

/** A fresh demo player with the room of the table it joined. */
export type RoomPlayer = Awaited<ReturnType<typeof createPlayer>> & { room: TableRoom };

/** The casino of the block (filled in once started) and the rooms to leave after each test. */
export interface PokerRoomFixture {
  readonly casino: TestCasino;
  readonly rooms: TableRoom[];
  /** A fresh player holding `amina` AMINA joins a table (as a spectator); the room is left after the test. */
  join(tableId: string, amina?: number): Promise<RoomPlayer>;
  /** A fresh player holding 1 AMINA joins a table and sits with `buyIn` AMINA under `name`. */
  seat(tableId: string, name: string, buyIn?: number): Promise<RoomPlayer>;
}

/** Registers the block's set-up and clean-up and returns its fixture. */
export function usePokerCasino(options: PokerOptions): PokerRoomFixture {
  const casino = useCheckedPokerCasino(options);
  const rooms: TableRoom[] = [];
  // Registered after the money check, so the rooms are left before it runs.
  afterEach(async () => {
    for (const room of rooms.splice(0)) await leaveQuietly(room);
  });
  const join = async (tableId: string, amina = 1): Promise<RoomPlayer> => {
    const player = await createPlayer(casino, amina);
    const room = await joinTableRoom(casino.url, player.token, tableId);
    rooms.push(room);
    return { ...player, room };
  };
  const seat = async (tableId: string, name: string, buyIn = 0.1): Promise<RoomPlayer> => {
    const player = await join(tableId);
    const sat = await sendAndWait(player.room, "sit", { buyInAmount: buyIn, playerName: name });
    expect(sat.kind).toBe("result");
    return player;
  };
  return { casino, rooms, join, seat };
}
