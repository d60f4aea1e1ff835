import type { ChatMessage } from "@casino/protocol/schemas/chat";
import { describe, expect, it } from "vitest";
import { redisUrlForTests, useTestPresences } from "../../scale/test-redis.ts";
import { type ChatEvent, createSharedChatBus } from "./bus.ts";
import { waitUntil } from "./test-chat.ts";

const message: ChatMessage = { id: "m1", channel: "casino", username: "cosmic_abcdefgh", text: "hi", at: 1 };

describe.skipIf(!redisUrlForTests())("the chat bus across processes (Redis pub/sub)", () => {
  const { namespace, presences } = useTestPresences("chat");

  it("delivers a message and a ban published by one process to every process, once each", async () => {
    const channel = `${namespace.prefix}casino:chat`;
    const [here, there] = presences.map((presence) => createSharedChatBus(presence, channel));
    if (!here || !there) throw new Error("two presences expected");
    await here.start();
    await there.start();
    const heardHere: ChatEvent[] = [];
    const heardThere: ChatEvent[] = [];
    here.subscribe((event) => heardHere.push(event));
    there.subscribe((event) => heardThere.push(event));

    here.publish({ kind: "message", message });
    there.publish({ kind: "sanction", userId: "u1", banned: true, mutedUntil: null });
    await waitUntil(() => heardHere.length === 2 && heardThere.length === 2, "both events everywhere");
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const heard of [heardHere, heardThere]) {
      expect(heard).toHaveLength(2);
      expect(heard).toContainEqual({ kind: "message", message });
      expect(heard).toContainEqual({ kind: "sanction", userId: "u1", banned: true, mutedUntil: null });
    }
    await here.stop();
    await there.stop();
  });
});
