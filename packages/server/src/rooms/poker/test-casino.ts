/**
 * A poker casino for one describe block of room tests: started before its tests, stopped after;
 * after each test the rooms it joined are left and the money is checked to be conserved.
 */
import { afterEach } from "vitest";
import type { TestCasino } from "../../http/test-helpers.ts";
import type { PokerOptions } from "../../poker/settings.ts";
import { useCheckedPokerCasino } from "../../poker/test-helpers.ts";
import { leaveQuietly, type TableRoom } from "./test-clients.ts";

/** The casino of the block (filled in once started) and the rooms to leave after each test. */
export interface PokerRoomFixture {
  readonly casino: TestCasino;
  readonly rooms: TableRoom[];
}

/** Registers the block's set-up and clean-up and returns its fixture. */
export function usePokerCasino(options: PokerOptions): PokerRoomFixture {
  const casino = useCheckedPokerCasino(options);
  const rooms: TableRoom[] = [];
  // Registered after the money check, so the rooms are left before it runs.
  afterEach(async () => {
    for (const room of rooms.splice(0)) await leaveQuietly(room);
  });
  return { casino, rooms };
}
