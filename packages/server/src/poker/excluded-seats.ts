/**
 * Responsible gaming at a cash table: before each deal, a seated player whose cool-off or
 * self-exclusion runs is taken off the table and their stack paid back to their balance, so they
 * are not dealt the next hand (tournament chips are not money: a tournament's table skips this).
 */
import { listExcludedPlayers } from "../responsible/exclusions.ts";
import { planRemoveSeats } from "./seat-steps.ts";
import type { TableCore } from "./table-core.ts";

/** Removes the excluded players between hands and cashes their stacks out; answers the seats freed. */
export async function removeExcludedPlayers(table: TableCore, now: number): Promise<number[]> {
  if (table.tournament || table.isHandLive()) return [];
  const humans = table.occupiedSeats().filter((s) => !s.meta.isBot && s.meta.userId !== null);
  const userIds = humans.map((s) => s.meta.userId as string);
  const excluded = await listExcludedPlayers(table.ctx.handle.db, userIds, now);
  const seats = humans.filter((s) => excluded.has(s.meta.userId as string)).map((s) => s.seat);
  if (seats.length === 0) return [];
  const step = planRemoveSeats(table, seats);
  const failed = await step.persist?.();
  if (failed) {
    table.ctx.log.error({ tableId: table.info.id, code: failed.code }, "excluded players not removed");
    return [];
  }
  table.state = step.state;
  step.commit?.();
  table.ctx.log.info({ tableId: table.info.id, seats }, "excluded players cashed out before the deal");
  await table.afterChange(step.events);
  return seats;
}
