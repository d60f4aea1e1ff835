/**
 * Joining a table as REST and the room both do it: the buy-in in coins becomes chips (House tables
 * take their fixed buy-in), the display name defaults to the player's username (a name given may
 * not be a staff word nor read like another player's username), the player's
 * provably-fair client seed goes into the decks of the hands they play, and a full table sends the
 * player to another table of its kind (`newTable`), unless the room asked for this table only.
 */
import type { Currency } from "@casino/protocol";
import { publicSeedInfo } from "../fairness/seeds.ts";
import { foldUsername, refuseSeatName } from "../users/usernames.ts";
import { findUser, findUserByUsernameKey } from "../users/users.ts";
import { pokerFailure } from "./failures.ts";
import type { JoinOutcome, PokerRuntime } from "./runtime.ts";
import type { ExtraWork } from "./table-core.ts";

/** What a join asks for; amounts in micro-units. */
export interface JoinRequest {
  tableId: string;
  userId: string;
  buyInAmount?: number | undefined;
  currency?: Currency | undefined;
  playerName?: string | undefined;
  seatPosition?: number | undefined;
  /** Seat only at this table (the room's "sit"): a full table is an error, not another table. */
  stayAtTable?: boolean;
  extra?: ExtraWork;
}

/** Seats the session's player (or says why not). */
export async function joinPokerTable(runtime: PokerRuntime, request: JoinRequest): Promise<JoinOutcome> {
  const { services } = runtime;
  const info = await runtime.findInfo(request.tableId);
  if (!info) return { result: pokerFailure("poker/table_not_found"), table: null };
  if (await runtime.isPaused()) return { result: pokerFailure("casino/maintenance"), table: null };
  if (request.currency !== undefined && request.currency !== info.currency)
    return {
      result: pokerFailure("poker/wrong_currency", `This table plays in ${info.currency}`),
      table: null,
    };
  let chips = info.buyInMin;
  if (info.buyInMin !== info.buyInMax && request.buyInAmount !== undefined) {
    chips = request.buyInAmount / info.unitsPerChip;
    if (!Number.isSafeInteger(chips)) return { result: pokerFailure("poker/whole_chips"), table: null };
  }
  const user = await findUser(services.handle.db, request.userId);
  const name = request.playerName?.trim() || user?.username || "Anonymous";
  if (request.playerName?.trim()) {
    const holder = await findUserByUsernameKey(services.handle.db, foldUsername(name));
    const refusal = refuseSeatName(name, holder?.id, request.userId);
    if (refusal) return { result: pokerFailure(refusal), table: null };
  }
  const { clientSeed } = await publicSeedInfo(services.handle.db, request.userId);
  const input = {
    userId: request.userId,
    name,
    chips,
    clientSeed,
    seatPosition: request.seatPosition,
    extra: request.extra,
  };
  if (request.stayAtTable) {
    const table = await runtime.open(request.tableId);
    if ("ok" in table) return { result: table, table: null };
    return { result: await table.join(input), table };
  }
  return runtime.join(request.tableId, input);
}
