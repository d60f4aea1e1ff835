/**
 * A poker casino for one describe block of room tests: started before its tests, stopped after;
 * after each test the rooms it joined are left and the money is checked to be conserved.
 */
import { afterAll, afterEach, beforeAll } from "vitest";
import type { TestCasino } from "../../http/test-helpers.ts";
import type { PokerOptions } from "../../poker/settings.ts";
import { expectMoneyConserved, startPokerCasino } from "../../poker/test-helpers.ts";
import { leaveQuietly, type TableRoom } from "./test-clients.ts";

/** The casino of the block (set once started) and the rooms to leave after each test. */
export interface PokerRoomFixture {
  readonly casino: TestCasino;
  readonly rooms: TableRoom[];
}

/** Registers the block's set-up and clean-up and returns its fixture. */
export function usePokerCasino(options: PokerOptions): PokerRoomFixture {
  let casino: TestCasino | undefined;
  const rooms: TableRoom[] = [];
  beforeAll(async () => {
    casino = await startPokerCasino(options);
  });
  afterEach(async () => {
    for (const room of rooms.splice(0)) await leaveQuietly(room);
    if (casino) await expectMoneyConserved(casino);
  });
  afterAll(() => casino?.stop());
  return {
    get casino() {
      if (!casino) throw new Error("the poker casino has not started");
      return casino;
    },
    rooms,
  };
}
