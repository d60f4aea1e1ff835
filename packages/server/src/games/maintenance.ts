/**
 * The operator's maintenance switch (DESIGN.md section 8): while it is on, new bets and new hands
 * are refused with 503 `casino/maintenance`; open rounds and owed free spins can finish. The switch
 * is the `settings` row "maintenance", read at most about once a second per process.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** Key of the settings row that holds the switch. */
export const MAINTENANCE_SETTING = "maintenance";

/** How long a read of the switch is trusted. */
export const MAINTENANCE_CACHE_MS = 1000;

/** Whether new bets are paused; cached so the hot path costs no query. */
export interface MaintenanceCheck {
  /** Reads through `db` when the cached value is stale (pass the open transaction inside one). */
  isMaintenanceMode(db?: Kysely<Database>): Promise<boolean>;
  /** Drops the cached value (after the switch is flipped in this process). */
  forget(): void;
}

/** Whether a stored setting value means "on". */
function isOn(value: string | undefined): boolean {
  return value !== undefined && ["1", "true", "on"].includes(value.trim().toLowerCase());
}

/** Creates the cached check over the casino database. */
export function createMaintenanceCheck(
  db: Kysely<Database>,
  options: { now?: () => number; cacheMs?: number } = {},
): MaintenanceCheck {
  const now = options.now ?? Date.now;
  const cacheMs = options.cacheMs ?? MAINTENANCE_CACHE_MS;
  let cached: { on: boolean; at: number } | undefined;
  let reading: Promise<boolean> | undefined;
  const read = async (executor: Kysely<Database>) => {
    const row = await executor
      .selectFrom("settings")
      .select("value")
      .where("key", "=", MAINTENANCE_SETTING)
      .executeTakeFirst();
    const on = isOn(row?.value);
    cached = { on, at: now() };
    return on;
  };
  return {
    isMaintenanceMode(executor = db) {
      if (cached && now() - cached.at < cacheMs) return Promise.resolve(cached.on);
      // Inside a transaction the shared read could wait on the held connection: read through it.
      if (executor !== db) return read(executor);
      reading ??= read(db).finally(() => {
        reading = undefined;
      });
      return reading;
    },
    forget() {
      cached = undefined;
    },
  };
}

/** Turns maintenance mode on or off (the operator dashboard's switch; tests use it too). */
export async function setMaintenanceMode(db: Kysely<Database>, on: boolean, now = Date.now()): Promise<void> {
  const value = on ? "on" : "off";
  await db
    .insertInto("settings")
    .values({ key: MAINTENANCE_SETTING, value, updated_at: now })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: now }))
    .execute();
}
