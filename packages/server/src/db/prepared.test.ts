import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CASINO_MIGRATIONS } from "../migrations.ts";
import { type DatabaseHandle, openDatabase } from "./connect.ts";
import { ACTIVE_SEED } from "./literals.ts";
import { prepareQuery } from "./prepared.ts";

describe("prepareQuery", () => {
  const dir = mkdtempSync(join(tmpdir(), "casino-prepared-"));
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({
      migrations: CASINO_MIGRATIONS,
      dataDir: dir,
      backgroundCheckpoints: false,
    });
  });
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const byAccount = prepareQuery((q, p: { accountId: string; min: number }) =>
    q
      .selectFrom("balances")
      .select("balance")
      .where("account_id", "=", p.accountId)
      .where("balance", ">=", p.min),
  );

  it("compiles once and fills every slot with the values of each call", () => {
    const first = byAccount(handle.db, { accountId: "a", min: 5 }).compile();
    const second = byAccount(handle.db, { accountId: "b", min: 7 }).compile();
    expect(second.sql).toBe(first.sql);
    expect(first.parameters).toEqual(["a", 5]);
    expect(second.parameters).toEqual(["b", 7]);
  });

  it("keeps constants that are not slots and literals in the SQL text", () => {
    const query = prepareQuery((q, p: { userId: string }) =>
      q
        .selectFrom("fair_seeds")
        .select("id")
        .where("user_id", "=", p.userId)
        .where("is_active", "=", ACTIVE_SEED)
        .limit(3),
    );
    const compiled = query(handle.db, { userId: "u" }).compile();
    expect(compiled.parameters).toEqual(["u", 3]);
    expect(compiled.sql).toContain('"is_active" = 1');
  });

  it("runs against the database with the filled values", async () => {
    await handle.db
      .insertInto("balances")
      .values({ account_id: "a", currency: "HC", balance: 9, updated_at: 1 })
      .execute();
    const rows = await handle.db.executeQuery(byAccount(handle.db, { accountId: "a", min: 9 }).compile());
    expect(rows.rows).toEqual([{ balance: 9 }]);
    const none = await handle.db.executeQuery(byAccount(handle.db, { accountId: "a", min: 10 }).compile());
    expect(none.rows).toEqual([]);
  });

  it("refuses a builder that enumerates the placeholders instead of naming columns", () => {
    const spread = prepareQuery((q, p: { account_id: string }) =>
      q
        .selectFrom("balances")
        .selectAll()
        .where("account_id", "=", { ...p }.account_id),
    );
    expect(() => spread(handle.db, { account_id: "a" })).toThrow(/placeholders have no keys/);
  });
});
