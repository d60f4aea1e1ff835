import { connect, type Socket } from "node:net";
import { VersionedClient } from "@casino/sdk/versioned-client";
import { describe, expect, it } from "vitest";
import { HEALTH_ROOM } from "../rooms/health-room.ts";
import { httpServerOptions } from "./server-timeouts.ts";
import { connectDemoClient, useCasino } from "./test-helpers.ts";

const TIMEOUT_MS = 1000;

/**
 * Opens a raw socket, writes `head`, then one byte every 100 ms (never the whole body or header
 * block); resolves with what the server answered and when it closed the socket (ms after the head).
 */
function trickle(
  port: number,
  head: string,
  giveUpMs: number,
): Promise<{ closedAfterMs: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, "127.0.0.1");
    let answer = "";
    let started = 0;
    let dripper: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`socket still open after ${giveUpMs} ms`));
    }, giveUpMs);
    socket.on("connect", () => {
      started = performance.now();
      socket.write(head);
      dripper = setInterval(() => {
        if (!socket.destroyed) socket.write("a");
      }, 100);
    });
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearInterval(dripper);
      clearTimeout(giveUp);
      resolve({ closedAfterMs: performance.now() - started, answer });
    });
  });
}

describe("HTTP server timeouts", () => {
  const casino = useCasino({
    httpTimeouts: { headersMs: TIMEOUT_MS, requestMs: TIMEOUT_MS, keepAliveMs: 500 },
  });

  it.each([
    ["an API route", "/api/users"],
    ["a bet route", "/api/games/dice"],
    ["matchmaking", "/matchmake/joinOrCreate/lobby"],
  ])("cuts a slowly sent body on %s with 408 within the request timeout", async (_name, path) => {
    const head = `POST ${path} HTTP/1.1\r\nHost: casino\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"walletAddress":"`;
    const { closedAfterMs, answer } = await trickle(casino.port, head, 10_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(closedAfterMs).toBeLessThan(TIMEOUT_MS + 2000);
  });

  it("cuts headers that never end", async () => {
    const { closedAfterMs } = await trickle(
      casino.port,
      "GET /api/session HTTP/1.1\r\nHost: casino\r\nX-Slow: ",
      10_000,
    );
    expect(closedAfterMs).toBeLessThan(TIMEOUT_MS + 2000);
  });

  it("leaves WebSocket connections open well past the request timeout", async () => {
    const { client } = await connectDemoClient(casino.url);
    const sdk = new VersionedClient(casino.url);
    sdk.auth.token = client.token ?? "";
    const room = await sdk.joinOrCreate(HEALTH_ROOM);
    room.onMessage("welcome", () => undefined);
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 3));
    const pong = new Promise((resolve) => room.onMessage("pong", resolve));
    room.send("ping");
    await expect(pong).resolves.toMatchObject({ walletAddress: expect.any(String) });
    await room.leave();
  });
});

describe("httpServerOptions", () => {
  it("checks deadlines often enough and never lets headers outlast the request", () => {
    expect(httpServerOptions({ headersMs: 20_000, requestMs: 10_000, keepAliveMs: 5000 })).toEqual({
      headersTimeout: 10_000,
      requestTimeout: 10_000,
      keepAliveTimeout: 5000,
      connectionsCheckingInterval: 1000,
    });
    expect(
      httpServerOptions({ headersMs: 200, requestMs: 1000, keepAliveMs: 100 }).connectionsCheckingInterval,
    ).toBe(100);
  });
});
