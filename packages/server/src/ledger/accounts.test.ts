import { describe, expect, it } from "vitest";
import { createTimeOrderedId } from "../db/ids.ts";
import { HOUSE_ACCOUNT, HOUSE_SHARDS, houseAccount, isHouseAccount, isSystemAccount } from "./accounts.ts";

describe("house sub-accounts", () => {
  it("maps a key to the same sub-account every time, inside the shard range", () => {
    const account = houseAccount("0190b3c4-1a2b-7c3d-8e4f-5a6b7c8d9e0f");
    expect(account).toMatch(/^system:house:\d+$/);
    expect(houseAccount("0190b3c4-1a2b-7c3d-8e4f-5a6b7c8d9e0f")).toBe(account);
    expect(Number(account.split(":")[2])).toBeLessThan(HOUSE_SHARDS);
    expect(houseAccount("")).toBe(`${HOUSE_ACCOUNT}:${0x811c9dc5 % HOUSE_SHARDS}`);
    expect(houseAccount("house-alpha")).not.toBe(houseAccount("house-beta"));
  });

  it("spreads time-ordered round ids made in the same millisecond over every sub-account", () => {
    const now = Date.now();
    const counts = new Map<string, number>();
    for (let i = 0; i < HOUSE_SHARDS * 100; i++) {
      const account = houseAccount(createTimeOrderedId(now));
      counts.set(account, (counts.get(account) ?? 0) + 1);
    }
    expect(counts.size).toBe(HOUSE_SHARDS);
    // 100 expected per sub-account; a fair spread keeps every one well inside 40..200.
    for (const n of counts.values()) expect(n).toBeGreaterThan(40);
    for (const n of counts.values()) expect(n).toBeLessThan(200);
  });

  it("counts the old single row and every sub-account as the house, and as a system account", () => {
    for (const id of [HOUSE_ACCOUNT, houseAccount("r1"), `${HOUSE_ACCOUNT}:31`]) {
      expect(isHouseAccount(id)).toBe(true);
      expect(isSystemAccount(id)).toBe(true);
    }
    expect(isHouseAccount("system:housekeeping")).toBe(false);
    expect(isHouseAccount("system:external")).toBe(false);
    expect(isHouseAccount("escrow:poker:system:house")).toBe(false);
  });
});
