/**
 * A bot retried after an injected 503 bets once: a small real HTTP proxy in front of a real casino
 * lets the first bet reach the server, then answers the bot 503 as a busy proxy would; the SDK
 * tries again with the same Idempotency-Key and the casino answers the first round again.
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createSeededRandom } from "@casino/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestCasino, type TestCasino } from "../../server/src/http/test-helpers.ts";
import { gamesOf } from "./games.ts";
import { DEFAULT_RETRY, type RetryPolicy, retryAfterMs, retryDelayMs } from "./retry.ts";
import { connectDemo } from "./session.ts";

describe("retry delays", () => {
  const policy: RetryPolicy = { ...DEFAULT_RETRY, baseMs: 100, maxMs: 2000, random: () => 0.5 };

  it("reads Retry-After as seconds or an HTTP date", () => {
    expect(retryAfterMs("3")).toBe(3000);
    expect(retryAfterMs("0")).toBe(0);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs("soon")).toBeUndefined();
  });

  it("backs off exponentially with full jitter, capped, and honours Retry-After", () => {
    expect([0, 1, 2, 3, 10].map((attempt) => retryDelayMs(attempt, undefined, policy))).toEqual([
      50, 100, 200, 400, 1000,
    ]);
    expect(retryDelayMs(0, 1500, policy)).toBe(1550);
    expect(retryDelayMs(0, 60_000, policy)).toBe(2050);
    const random = createSeededRandom(11);
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const wait = retryDelayMs(attempt, undefined, { ...policy, random });
      expect(wait).toBeGreaterThanOrEqual(0);
      expect(wait).toBeLessThan(Math.min(2000, 100 * 2 ** attempt));
    }
  });
});

/** What the proxy saw: each bet request's Idempotency-Key, and what it answered. */
interface ProxyLog {
  keys: (string | undefined)[];
  answered: number[];
}

/**
 * A proxy to `target` that lets the first POST /api/games/dice through but answers it with
 * `injected` (and Retry-After), as a proxy that lost the casino's answer does.
 */
function startFaultyProxy(
  target: string,
  injected: number,
  retryAfter: string,
): Promise<{ server: Server; url: string; log: ProxyLog }> {
  const log: ProxyLog = { keys: [], answered: [] };
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const isBet = req.method === "POST" && req.url === "/api/games/dice";
    const first = isBet && log.keys.length === 0;
    if (isBet) log.keys.push(req.headers["idempotency-key"] as string | undefined);
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        if (first) {
          answer.resume();
          answer.once("end", () => {
            if (isBet) log.answered.push(injected);
            res.writeHead(injected, { "retry-after": retryAfter, "content-type": "text/plain" });
            res.end("busy");
          });
          return;
        }
        if (isBet) log.answered.push(answer.statusCode ?? 0);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forward);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, log }),
    ),
  );
}

describe("an SDK bot behind a proxy that answers its first bet 503", () => {
  let casino: TestCasino;
  let proxy: Awaited<ReturnType<typeof startFaultyProxy>>;
  beforeAll(async () => {
    casino = await startTestCasino();
    proxy = await startFaultyProxy(casino.url, 503, "0");
  });
  afterAll(async () => {
    await new Promise((resolve) => proxy.server.close(resolve));
    await casino.stop();
  });

  it("retries with the same Idempotency-Key and bets once", async () => {
    const waits: number[] = [];
    const retry = { random: createSeededRandom(3), sleep: async (ms: number) => void waits.push(ms) };
    const session = await connectDemo(proxy.url, undefined, retry);
    const answer = await gamesOf(session).rollDice({ betAmount: 1, currency: "HC", betType: "low" });
    expect(answer.status).toBe(200);

    expect(proxy.log.answered).toEqual([503, 200]);
    expect(proxy.log.keys).toHaveLength(2);
    expect(proxy.log.keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(proxy.log.keys[1]).toBe(proxy.log.keys[0]);
    expect(waits).toHaveLength(1);

    const rounds = await casino.handle.db
      .selectFrom("game_rounds")
      .select(["id"])
      .where("user_id", "=", session.userId)
      .execute();
    expect(rounds).toHaveLength(1);
    const user = await session.get<{ houseBalance: string }>(`/api/users/${session.userId}`);
    expect(Number(user.body.houseBalance)).toBeCloseTo(1000 - 1 + Number(answer.body.winAmount), 6);
  });

  it("gives each new intent a key of its own", async () => {
    const session = await connectDemo(casino.url);
    const keys = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const key = crypto.randomUUID();
      keys.add(key);
      expect(
        (
          await session.post(
            "/api/games/dice",
            { betAmount: 1, currency: "HC", betType: "high" },
            { idempotencyKey: key },
          )
        ).status,
      ).toBe(200);
    }
    const again = await session.post(
      "/api/games/dice",
      { betAmount: 1, currency: "HC", betType: "high" },
      { idempotencyKey: [...keys][0] },
    );
    expect(again.status).toBe(200);
    const rounds = await casino.handle.db
      .selectFrom("game_rounds")
      .select("id")
      .where("user_id", "=", session.userId)
      .execute();
    expect(rounds).toHaveLength(3);
  });
});
