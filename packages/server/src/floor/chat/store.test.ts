import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "../../db/test-databases.ts";
import * as store from "./store.ts";

const message = (i: number, at: number, channel = "casino") => ({
  id: `m${String(i).padStart(3, "0")}`,
  channel,
  userId: "u1",
  username: "cosmic_abcdefgh",
  text: `text ${i}`,
  at,
});

describe.each(testDialects())("chat storage on %s", (dialect) => {
  const db = useTestDatabase(dialect);

  it("lists a channel's latest messages oldest first and prunes in batches what is past the window", async () => {
    const { db: kysely } = db.handle;
    for (let i = 0; i < 7; i++) await store.insertChatMessage(kysely, message(i, 1000 + i));
    await store.insertChatMessage(kysely, message(99, 5000, "table:house-alpha"));
    const latest = await store.listChatMessages(kysely, "casino", { limit: 3, since: 0 });
    expect(latest.map((m) => m.text)).toEqual(["text 4", "text 5", "text 6"]);
    expect(latest[0]).toEqual({
      id: "m004",
      channel: "casino",
      username: "cosmic_abcdefgh",
      text: "text 4",
      at: 1004,
    });

    expect(await store.pruneChatMessages(kysely, 1005, { batchSize: 2 })).toBe(5);
    const left = await store.listChatMessages(kysely, "casino", { limit: 50, since: 0 });
    expect(left.map((m) => m.id)).toEqual(["m005", "m006"]);
    expect(await store.listChatMessages(kysely, "table:house-alpha", { limit: 50, since: 0 })).toHaveLength(
      1,
    );
  });

  it("keeps one sanction per player and lists those in force", async () => {
    const { db: kysely } = db.handle;
    await store.saveChatSanction(kysely, {
      userId: "u1",
      username: "cosmic_a",
      mutedUntil: 2000,
      banned: false,
      now: 1000,
    });
    await store.saveChatSanction(kysely, {
      userId: "u2",
      username: "cosmic_b",
      mutedUntil: null,
      banned: true,
      now: 1000,
    });
    await store.saveChatSanction(kysely, {
      userId: "u3",
      username: "cosmic_c",
      mutedUntil: 500,
      banned: false,
      now: 400,
    });
    expect(await store.findChatSanction(kysely, "u1")).toMatchObject({ mutedUntil: 2000, banned: false });
    expect((await store.listChatSanctions(kysely, 1500)).map((s) => s.username).sort()).toEqual([
      "cosmic_a",
      "cosmic_b",
    ]);
    await store.saveChatSanction(kysely, {
      userId: "u1",
      username: "cosmic_a",
      mutedUntil: null,
      banned: false,
      now: 1600,
    });
    expect((await store.listChatSanctions(kysely, 1600)).map((s) => s.username)).toEqual(["cosmic_b"]);
  });
});
