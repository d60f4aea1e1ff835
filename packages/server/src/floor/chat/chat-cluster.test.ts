/**
 * The casino chat across two casino processes on PostgreSQL and Redis, with real SDK clients.
 * Invariants: a message posted in a room of one process reaches the readers of the channel's room
 * on the other, once, under the username and never the wallet; a ban issued through one process's
 * operator route closes the player's chat on the other and refuses their next join there.
 */
import { CHAT_BANNED_CLOSE_CODE, CHAT_BANNED_JOIN_CODE } from "@casino/protocol/schemas/chat";
import { afterAll, describe, expect, it } from "vitest";
import { loginOperator } from "../../operator/test-helpers.ts";
import {
  canRunClusterTests,
  TEST_CLUSTER_OPERATOR_PASSWORD,
  useTestCluster,
} from "../../scale/test-cluster.ts";
import { connectPlayer, type TestPlayer } from "../../scale/test-players.ts";
import { type ChatPlayer, joinChat, leaveChat, waitUntil } from "./test-chat.ts";

describe.skipIf(!canRunClusterTests())("the chat across two processes", () => {
  const cluster = useTestCluster({ processes: 2, label: "chat" });
  const node = (i: number) => cluster.nodes[i] as { url: string; port: number };
  const readers: ChatPlayer[] = [];
  afterAll(async () => {
    for (const reader of readers) await leaveChat(reader);
  });

  /** A player with a room of the casino channel of its own on process i. */
  const openCasinoRoom = async (i: number, player: TestPlayer): Promise<ChatPlayer> => {
    const joined = await joinChat(node(i).url, player.token, "casino", "create");
    const reader = {
      userId: player.userId,
      username: `cosmic_${player.address.slice(-8)}`,
      walletAddress: player.address,
      token: player.token,
      ...joined,
    };
    readers.push(reader);
    // The room lives in the process asked, so only the bus can carry a message to the other.
    expect(new URL(reader.room.connection.url ?? "").port).toBe(String(node(i).port));
    return reader;
  };

  it("delivers a post from one process's room to the other's, and a ban from one closes the other", async () => {
    const alice = await openCasinoRoom(0, await connectPlayer(node(0).url));
    const bob = await openCasinoRoom(1, await connectPlayer(node(1).url));

    alice.room.send("post", { text: "hello from the first process" });
    await waitUntil(() => bob.heard.length > 0, "bob to hear alice");
    const [message] = bob.heard;
    expect(message).toMatchObject({
      channel: "casino",
      username: alice.username,
      text: "hello from the first process",
    });
    expect(JSON.stringify(message)).not.toContain(alice.walletAddress);
    expect(JSON.stringify(message)).not.toContain(alice.token);
    bob.room.send("post", { text: "heard you on the second" });
    await waitUntil(() => alice.heard.length === 2, "alice to hear her message and bob's");
    expect(alice.heard.map((m) => [m.username, m.text])).toEqual([
      [alice.username, "hello from the first process"],
      [bob.username, "heard you on the second"],
    ]);
    await waitUntil(() => bob.heard.length === 2, "bob to hear his own message");
    expect(bob.heard.map((m) => m.id)).toEqual(alice.heard.map((m) => m.id));

    const operator = await loginOperator(node(1).url, TEST_CLUSTER_OPERATOR_PASSWORD);
    const closed = new Promise<number>((resolve) => alice.room.onLeave((code: number) => resolve(code)));
    const banned = await operator.post("/api/security/chat/ban", { userId: alice.userId });
    expect(banned.status, JSON.stringify(banned.body)).toBe(200);
    expect(banned.body).toMatchObject({ userId: alice.userId, username: alice.username, banned: true });
    expect(await closed).toBe(CHAT_BANNED_CLOSE_CODE);
    expect(alice.errors).toContainEqual(expect.objectContaining({ action: "ban", code: "chat/banned" }));
    await expect(joinChat(node(0).url, alice.token, "casino")).rejects.toMatchObject({
      code: CHAT_BANNED_JOIN_CODE,
    });
    expect(bob.room.connection.isOpen).toBe(true);
  }, 30_000);
});
