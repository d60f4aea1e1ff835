import {
  CHAT_BANNED_CLOSE_CODE,
  CHAT_BANNED_JOIN_CODE,
  CHAT_LIMITS,
  CHAT_ROOM,
} from "@casino/protocol/schemas/chat";
import { VersionedClient } from "@casino/sdk/versioned-client";
import { afterEach, describe, expect, it } from "vitest";
import { createClient, useCasino } from "../../http/test-helpers.ts";
import { loginOperator, startOperatorCasino } from "../../operator/test-helpers.ts";
import { chatDb } from "./db.ts";
import { insertChatMessage } from "./store.ts";
import { type ChatPlayer, joinChat, joinNewPlayer, leaveChat, waitUntil } from "./test-chat.ts";

const HOUR = 60 * 60 * 1000;

describe("the chat room, with real clients", () => {
  const casino = useCasino(() => startOperatorCasino());
  const players: ChatPlayer[] = [];
  const join = async (channel = "casino") => {
    const player = await joinNewPlayer(casino.url, channel);
    players.push(player);
    return player;
  };
  const storedCount = async () =>
    Number(
      (
        await chatDb(casino.handle.db)
          .selectFrom("chat_messages")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  afterEach(async () => {
    for (const player of players.splice(0)) await leaveChat(player);
  });

  it("delivers a message to another player, with the username and never the wallet", async () => {
    const alice = await join();
    const bob = await join();
    alice.room.send("post", { text: "  hello   cosmos  " });
    await waitUntil(() => bob.heard.length > 0, "bob to hear alice");
    const [message] = bob.heard;
    expect(message).toMatchObject({ channel: "casino", username: alice.username, text: "hello cosmos" });
    expect(alice.username).toMatch(/^cosmic_/);
    expect(JSON.stringify(message)).not.toContain(alice.walletAddress);
    await waitUntil(() => alice.heard.length > 0, "alice to hear her own message");
  });

  it("sends the channel's last 50 messages on join, oldest first, none past the retention window", async () => {
    const channel = "table:house-alpha";
    const now = casino.services.now();
    const db = casino.handle.db;
    await insertChatMessage(db, {
      id: "expired",
      channel,
      userId: "u",
      username: "cosmic_old",
      text: "too old",
      at: now - CHAT_LIMITS.retentionMs - 1000,
    });
    for (let i = 0; i < 55; i++)
      await insertChatMessage(db, {
        id: `m${String(i).padStart(2, "0")}`,
        channel,
        userId: "u",
        username: "cosmic_seed",
        text: `message ${i}`,
        at: now - 60_000 + i,
      });
    const reader = await join(channel);
    expect(reader.history.channel).toBe(channel);
    expect(reader.history.messages.map((m) => m.text)).toEqual(
      Array.from({ length: 50 }, (_, i) => `message ${i + 5}`),
    );
    const other = await join("casino");
    expect(other.history.messages.some((m) => m.channel !== "casino")).toBe(false);
  });

  it("refuses a table channel of no table, a malformed channel and a join without a session", async () => {
    const { token } = await join();
    await expect(joinChat(casino.url, token, "table:no-such-table")).rejects.toThrow(/No such poker table/);
    await expect(joinChat(casino.url, token, "lobby<script>")).rejects.toThrow();
    await expect(
      new VersionedClient(casino.url).joinOrCreate(CHAT_ROOM, { channel: "casino" }),
    ).rejects.toThrow();
  });

  it("limits each player to 5 messages per 10 seconds", async () => {
    const talker = await join();
    for (let i = 0; i < 6; i++) talker.room.send("post", { text: `line ${i}` });
    await waitUntil(() => talker.errors.length === 1 && talker.heard.length === 5, "the sixth refused");
    expect(talker.errors[0]).toMatchObject({ action: "post", code: "chat/rate_limited" });
    expect(talker.heard.map((m) => m.text)).toEqual(["line 0", "line 1", "line 2", "line 3", "line 4"]);
  });

  it("refuses a message over 200 characters and an empty one, storing nothing", async () => {
    const writer = await join();
    const before = await storedCount();
    writer.room.send("post", { text: "x".repeat(201) });
    writer.room.send("post", { text: " \u0000\u200b " });
    await waitUntil(() => writer.errors.length === 2, "two refusals");
    expect(writer.errors.map((e) => e.code)).toEqual(["chat/too_long", "chat/empty"]);
    writer.room.send("post", { text: "y".repeat(200) });
    await waitUntil(() => writer.heard.length === 1, "the 200-character message");
    expect(await storedCount()).toBe(before + 1);
  });

  it("masks profanity and keeps HTML, links and control characters out of play as plain text", async () => {
    const writer = await join();
    const reader = await join();
    writer.room.send("post", { text: "what the fuck, this is shit" });
    writer.room.send("post", { text: '<img src=x onerror="alert(1)"> see https://evil.test\u0007\u202e' });
    await waitUntil(() => reader.heard.length === 2, "both messages");
    expect(reader.heard[0]?.text).toBe("what the ****, this is ****");
    expect(reader.heard[1]?.text).toBe('<img src=x onerror="alert(1)"> see https://evil.test');
  });

  it("refuses visually empty posts and stores no tags, stacked marks or spelt-out profanity", async () => {
    const writer = await join();
    const reader = await join();
    const before = await storedCount();
    for (const blank of ["\u3164", "\u2800\u2800", "\u{E0041}\u{E0044}\u{E004D}"]) {
      writer.room.send("post", { text: blank });
    }
    await waitUntil(() => writer.errors.length === 3, "three refusals");
    expect(writer.errors.map((e) => e.code)).toEqual(["chat/empty", "chat/empty", "chat/empty"]);
    expect(await storedCount()).toBe(before);
    writer.room.send("post", { text: `hey\u{E0041}\u{E0042} x${"\u0301".repeat(199)}` });
    writer.room.send("post", { text: "f u c k you" });
    await waitUntil(() => reader.heard.length === 2, "both cleaned messages");
    expect(reader.heard[0]?.text).toBe("hey x\u0301\u0301".normalize("NFC"));
    expect(reader.heard[1]?.text).toBe("* * * * you");
  });

  it("answers a malformed message with an error, drops the sender and changes nothing", async () => {
    const sender = await join();
    const reader = await join();
    const before = await storedCount();
    sender.room.send("post", { text: 42 });
    await waitUntil(() => sender.errors.length === 1, "the error");
    expect(sender.errors[0]).toMatchObject({ action: "post", code: "input/invalid" });
    await waitUntil(() => !sender.room.connection.isOpen, "the drop");
    const second = await join();
    second.room.send("shout", "hi");
    await waitUntil(() => second.errors.length === 1, "the unknown type refused");
    expect(second.errors[0]?.code).toBe("input/invalid");
    expect(reader.heard).toEqual([]);
    expect(await storedCount()).toBe(before);
  });

  it("mutes and bans from the operator routes, which refuse without the operator login", async () => {
    const noisy = await join();
    const anonymous = createClient(casino.url);
    const refused = await anonymous.post("/api/security/chat/mute", { userId: noisy.userId, minutes: 5 });
    expect(refused.status).toBe(401);
    expect((await anonymous.get("/api/security/chat")).status).toBe(401);

    const operator = await loginOperator(casino.url);
    const muted = await operator.post("/api/security/chat/mute", { userId: noisy.userId, minutes: 5 });
    expect(muted.status).toBe(200);
    expect(muted.body).toMatchObject({ userId: noisy.userId, username: noisy.username, banned: false });
    noisy.room.send("post", { text: "can you hear me" });
    await waitUntil(() => noisy.errors.length === 1, "the mute refusal");
    expect(noisy.errors[0]?.code).toBe("chat/muted");
    expect(noisy.errors[0]?.message).toMatch(/^You are muted until \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    expect(noisy.errors[0]?.until).toBe(muted.body.mutedUntil);

    casino.advanceClock(6 * 60 * 1000);
    noisy.room.send("post", { text: "back again" });
    await waitUntil(() => noisy.heard.length === 1, "the post after the mute");

    const board = await operator.get("/api/security/chat?channel=casino");
    expect(board.status).toBe(200);
    expect(board.body.messages.some((m: { text: string }) => m.text === "back again")).toBe(true);
    expect(
      (await operator.post("/api/security/chat/mute", { userId: "no-such-user", minutes: 5 })).status,
    ).toBe(404);
    expect(
      (await operator.post("/api/security/chat/mute", { userId: noisy.userId, minutes: 0 })).status,
    ).toBe(400);

    const closed = new Promise<number>((resolve) => noisy.room.onLeave((code: number) => resolve(code)));
    expect((await operator.post("/api/security/chat/ban", { userId: noisy.userId })).status).toBe(200);
    expect(await closed).toBe(CHAT_BANNED_CLOSE_CODE);
    await expect(joinChat(casino.url, noisy.token, "casino")).rejects.toMatchObject({
      code: CHAT_BANNED_JOIN_CODE,
      message: "You are banned from the chat",
    });
    const sanctions = (await operator.get("/api/security/chat")).body.sanctions;
    expect(sanctions).toContainEqual(
      expect.objectContaining({ userId: noisy.userId, username: noisy.username, banned: true }),
    );

    expect((await operator.post("/api/security/chat/lift", { userId: noisy.userId })).status).toBe(200);
    const again = await joinChat(casino.url, noisy.token, "casino");
    again.room.send("post", { text: "I will behave" });
    await waitUntil(() => again.heard.length === 1, "the post after the lift");
    await again.room.leave();
  });

  it("acts on the user id the board shows beside the name, and refuses a sanction by name", async () => {
    const bystander = await join();
    const target = await join();
    target.room.send("post", { text: "spam spam" });
    await waitUntil(() => bystander.heard.length === 1, "the target's post");
    const operator = await loginOperator(casino.url);
    const board = await operator.get("/api/security/chat?channel=casino");
    const line = board.body.messages.find((m: { text: string }) => m.text === "spam spam");
    expect(line).toMatchObject({ userId: target.userId, username: target.username });
    const byName = await operator.post("/api/security/chat/ban", { username: target.username });
    expect(byName.status).toBe(400);
    const closed = new Promise<number>((resolve) => target.room.onLeave((code: number) => resolve(code)));
    expect((await operator.post("/api/security/chat/ban", { userId: line.userId })).status).toBe(200);
    expect(await closed).toBe(CHAT_BANNED_CLOSE_CODE);
    bystander.room.send("post", { text: "still here" });
    await waitUntil(() => bystander.heard.length === 2, "the bystander's own post");
    await operator.post("/api/security/chat/lift", { userId: line.userId });
  });

  it("prunes messages older than the retention window", async () => {
    const db = casino.handle.db;
    const now = casino.services.now();
    await insertChatMessage(db, {
      id: "old-1",
      channel: "casino",
      userId: "u",
      username: "cosmic_a",
      text: "old",
      at: now - 25 * HOUR,
    });
    await insertChatMessage(db, {
      id: "new-1",
      channel: "casino",
      userId: "u",
      username: "cosmic_a",
      text: "new",
      at: now - 23 * HOUR,
    });
    expect(await casino.services.chat.prune()).toBeGreaterThanOrEqual(1);
    const ids = (await chatDb(db).selectFrom("chat_messages").select("id").execute()).map((r) => r.id);
    expect(ids).toContain("new-1");
    expect(ids).not.toContain("old-1");
  });
});
