import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "../db/test-databases.ts";
import { TABLE_KINDS } from "./catalogue.ts";
import { pokerDb } from "./db.ts";
import { acquireLease, renewLeases } from "./lease.ts";
import { createTableOfKind } from "./tables-store.ts";

describe.each(testDialects())("table leases on %s", (dialect) => {
  const test = useTestDatabase(dialect);

  it("renews every lease still held in one call and names the ones taken over", async () => {
    const { db } = test.handle;
    const now = 1_000_000;
    const kind = Object.values(TABLE_KINDS)[0]!;
    const [kept, taken, alsoKept] = [
      await createTableOfKind(db, kind, now),
      await createTableOfKind(db, kind, now),
      await createTableOfKind(db, kind, now),
    ];
    for (const t of [kept, taken, alsoKept]) expect(await acquireLease(db, t.id, "me", now, 1000)).toBe(true);
    // The lease of `taken` expired and another process took the table.
    expect(await acquireLease(db, taken.id, "other", now + 2000, 1000)).toBe(true);

    const lost = await renewLeases(db, [kept.id, taken.id, alsoKept.id], "me", now + 2500, 1000);
    expect(lost).toEqual([taken.id]);
    const rows = await pokerDb(db)
      .selectFrom("poker_tables")
      .select(["id", "lease_owner", "lease_expires_at"])
      .where("id", "in", [kept.id, taken.id, alsoKept.id])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, [r.lease_owner, Number(r.lease_expires_at)]]));
    expect(byId.get(kept.id)).toEqual(["me", now + 3500]);
    expect(byId.get(alsoKept.id)).toEqual(["me", now + 3500]);
    expect(byId.get(taken.id)).toEqual(["other", now + 3000]);
    expect(await renewLeases(db, [], "me", now, 1000)).toEqual([]);
  });
});
