import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { SpreadHeartbeatTransport } from "./spread-heartbeat.ts";

/** Connections the transport serves in these tests (it closes a connection without a room after 1 s). */
const ANSWERING = 90;
const PING_INTERVAL_MS = 200;

describe("the spread heartbeat", () => {
  const servers: ReturnType<typeof createServer>[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("pings every connection about once per interval, a share at a time, and drops one that never answers", async () => {
    const server = createServer();
    servers.push(server);
    new SpreadHeartbeatTransport({ server, pingInterval: PING_INTERVAL_MS, pingMaxRetries: 2 });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/`;

    const pings = new Array<number>(ANSWERING).fill(0);
    const firstPingAt: number[] = [];
    const answering = await Promise.all(
      pings.map(async (_, i) => {
        const socket = new WebSocket(url);
        socket.on("ping", () => {
          pings[i] = (pings[i] ?? 0) + 1;
          firstPingAt[i] ??= performance.now();
        });
        await once(socket, "open");
        return socket;
      }),
    );
    const silent = new WebSocket(url, { autoPong: false });
    await once(silent, "open");
    const openedAt = performance.now();
    const [code] = (await once(silent, "close")) as [number];
    const silentLasted = performance.now() - openedAt;
    await new Promise((resolve) => setTimeout(resolve, 200));

    // Terminated (1006) after its second unanswered ping, before the transport's own 1 s close (1000).
    expect(code).toBe(1006);
    expect(silentLasted).toBeLessThan(1_000);
    // The others answered: at least one ping each so far, never one per tick.
    expect(Math.min(...pings)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...pings)).toBeLessThanOrEqual(1 + Math.ceil(1_400 / PING_INTERVAL_MS));
    // Spread: one pass's pings go out over a good part of the interval, not all in one turn.
    expect(Math.max(...firstPingAt) - Math.min(...firstPingAt)).toBeGreaterThan(PING_INTERVAL_MS / 4);
    for (const socket of answering) socket.terminate();
  });
});
