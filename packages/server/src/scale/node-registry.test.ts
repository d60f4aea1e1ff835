import { LocalPresence } from "@colyseus/core";
import { describe, expect, it } from "vitest";
import { createNodeRegistry, NODE_STALE_MS, NODES_KEY } from "./node-registry.ts";

const node = (n: number) => ({
  nodeId: `web-${n}`,
  processId: `p${n}`,
  internalUrl: `http://10.0.0.${n}:2567`,
  pid: n,
});

describe("createNodeRegistry", () => {
  it("finds the live processes of the cluster and forgets one that stopped beating", async () => {
    const presence = new LocalPresence();
    let clock = 1_000_000;
    const now = () => clock;
    const one = createNodeRegistry(presence, node(1), { now, heartbeatMs: 60_000 });
    const two = createNodeRegistry(presence, node(2), { now, heartbeatMs: 60_000 });
    await one.start();
    await two.start();
    expect((await one.find("web-2"))?.internalUrl).toBe("http://10.0.0.2:2567");
    expect((await one.list()).map((n) => n.nodeId).sort()).toEqual(["web-1", "web-2"]);
    clock += NODE_STALE_MS + 1;
    await one.start(); // one beats again, two does not
    expect(await one.find("web-2")).toBeUndefined();
    await one.stop();
    await two.stop();
  });

  it("removes only its own entry on stop, not the one a restarted process with the same node id wrote", async () => {
    const presence = new LocalPresence();
    const before = createNodeRegistry(presence, node(3), { heartbeatMs: 60_000 });
    await before.start();
    const restarted = createNodeRegistry(
      presence,
      { ...node(3), processId: "p3-again" },
      { heartbeatMs: 60_000 },
    );
    await restarted.start();
    await before.stop();
    expect(JSON.parse((await presence.hget(NODES_KEY, "web-3")) ?? "{}").processId).toBe("p3-again");
    await restarted.stop();
    expect(await presence.hget(NODES_KEY, "web-3")).toBeFalsy();
  });
});
