import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/connect.ts";
import { CASINO_MIGRATIONS } from "../migrations.ts";
import { createMaintenanceCheck, MAINTENANCE_CACHE_MS, setMaintenanceMode } from "./maintenance.ts";

describe("the maintenance switch", () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "casino-maintenance-"));
    handle = await openDatabase({ migrations: CASINO_MIGRATIONS, dataDir });
  });
  afterAll(async () => {
    await handle?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("is off without a setting, follows the settings row, and rereads it after the cache time", async () => {
    let now = 0;
    const check = createMaintenanceCheck(handle.db, { now: () => now });
    expect(await check.isMaintenanceMode()).toBe(false);
    await setMaintenanceMode(handle.db, true);
    expect(await check.isMaintenanceMode()).toBe(false); // cached
    now += MAINTENANCE_CACHE_MS;
    expect(await check.isMaintenanceMode()).toBe(true);
    await setMaintenanceMode(handle.db, false);
    check.forget();
    expect(await check.isMaintenanceMode()).toBe(false);
    await handle.db
      .updateTable("settings")
      .set({ value: " TRUE " })
      .where("key", "=", "maintenance")
      .execute();
    check.forget();
    expect(await check.isMaintenanceMode()).toBe(true);
  });
});
