/**
 * The dashboard's "emergency domain fix": the maintenance switch of DESIGN.md section 8. It writes
 * the `settings` row the game services read (games/maintenance.ts), clears this process's cached
 * reading at once, and records who flipped it as a security event.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { createMaintenanceCheck, MAINTENANCE_SETTING, setMaintenanceMode } from "../games/maintenance.ts";
import type { GameRuntime } from "../games/runtime.ts";
import type { CasinoServices } from "../services.ts";

/** The switch as the domain report shows it. */
export interface MaintenanceState {
  maintenance: boolean;
  since: string | null;
}

/** Reads the switch straight from the database (no cache). */
export async function readMaintenanceState(db: Kysely<Database>): Promise<MaintenanceState> {
  const maintenance = await createMaintenanceCheck(db, { cacheMs: 0 }).isMaintenanceMode();
  const row = await db
    .selectFrom("settings")
    .select("updated_at")
    .where("key", "=", MAINTENANCE_SETTING)
    .executeTakeFirst();
  return { maintenance, since: row ? new Date(Number(row.updated_at)).toISOString() : null };
}

/** Sets the switch (or toggles it when `enable` is undefined) and records the change. */
export async function switchMaintenance(
  services: CasinoServices & { games: GameRuntime },
  request: { domain: string; enable: boolean | undefined; source: string | undefined },
): Promise<MaintenanceState> {
  const { db } = services.handle;
  const current = await readMaintenanceState(db);
  const on = request.enable ?? !current.maintenance;
  const now = services.now();
  await setMaintenanceMode(db, on, now);
  services.games.maintenance.forget();
  services.security.recordSecurityEvent({
    type: "maintenance_mode",
    severity: "low",
    location: "POST /api/security/emergency-domain-fix",
    details: `Operator turned maintenance mode ${on ? "on" : "off"} for ${request.domain}: new bets and hands are ${on ? "refused" : "accepted"}`,
    source: request.source,
    blocked: false,
    rule: null,
  });
  return { maintenance: on, since: new Date(now).toISOString() };
}
