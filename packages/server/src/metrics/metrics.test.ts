/**
 * /metrics: every family is exposed, counters move after a bet; the main port answers only the
 * operator token (loopback included: a local proxy makes every visitor local), and the loopback
 * metrics listener answers a scraper without one.
 */
import { describe, expect, it } from "vitest";
import { connectDemoClient, createClient, useCasino } from "../http/test-helpers.ts";
import { loginOperator, startOperatorCasino } from "../operator/test-helpers.ts";

/** The value of one sample line (`name{labels} value`), 0 when absent. */
function sampleOf(text: string, name: string, labels: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${name}{`) && l.includes(labels));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

const FAMILIES = [
  "casino_http_request_duration_seconds",
  "casino_bets_total",
  "casino_bet_amount_coins_total",
  "casino_payout_amount_coins_total",
  "casino_rtp_ratio",
  "casino_open_rounds",
  "casino_rooms",
  "casino_room_clients",
  "casino_poker_hands_total",
  "casino_poker_actions_total",
  "casino_event_loop_delay_milliseconds",
  "casino_store_ping_seconds",
  "casino_rate_limit_refusals_total",
  "casino_security_events_total",
];

describe("metrics on the loopback listener", () => {
  const casino = useCasino(() => startOperatorCasino({ loopDelay: { windowMs: 100 } }, { metricsPort: 0 }));
  const scrape = async () => (await createClient(casino.metricsUrl ?? "").get("/metrics")).text;

  it("refuses /metrics on the main port from loopback without the operator token", async () => {
    const refused = await createClient(casino.url).get("/metrics");
    expect(refused.status).toBe(401);
    expect(refused.text).not.toContain("casino_bets_total");
    const operator = await loginOperator(casino.url);
    expect((await operator.get("/metrics")).text).toContain("# TYPE casino_bets_total counter");
  });

  it("serves nothing but /metrics on the listener", async () => {
    expect(casino.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await createClient(casino.metricsUrl ?? "").get("/api/session")).status).toBe(404);
  });

  it("exposes every listed family, and a bet moves the bet, payout, RTP and latency series", async () => {
    const before = await scrape();
    for (const family of FAMILIES) expect(before, family).toContain(`# TYPE ${family} `);

    const { client } = await connectDemoClient(casino.url);
    const bet = await client.post("/api/games/dice", { betAmount: 2, currency: "HC", betType: "low" });
    expect(bet.status).toBe(200);
    const hilo = await client.post("/api/games/hilo/start", { bet: 1, currency: "HC" });
    expect(hilo.status).toBe(200);
    await client.post("/api/games/dice", { betAmount: "lots", currency: "HC", betType: "low" });
    await casino.flushSecurityEvents();

    const after = await scrape();
    const dice = 'game="dice",currency="HC"';
    expect(sampleOf(after, "casino_bets_total", dice) - sampleOf(before, "casino_bets_total", dice)).toBe(1);
    expect(sampleOf(after, "casino_bet_amount_coins_total", dice)).toBe(2);
    expect(sampleOf(after, "casino_payout_amount_coins_total", dice)).toBe(bet.body.winAmount);
    expect(sampleOf(after, "casino_rtp_ratio", `${dice},window="1h"`)).toBeCloseTo(bet.body.winAmount / 2);
    expect(sampleOf(after, "casino_open_rounds", 'game="hilo"')).toBe(1);
    expect(sampleOf(after, "casino_store_ping_seconds", 'store="database"')).toBeGreaterThan(0);
    // Every path is timed under its route pattern.
    expect(after).toMatch(
      /casino_http_request_duration_seconds_count\{method="POST",route="\/api\/games\/dice"/,
    );
    expect(after).toMatch(/casino_http_request_duration_seconds_count\{method="POST",route="\/api\/users"/);
    expect(after).not.toContain('route="/api/games/dice%');
    expect(after).toMatch(/casino_security_events_total\{type="[a-z_]+",severity="[a-z]+"\} [1-9]/);
  });

  it("labels unknown paths as unmatched instead of one series per path", async () => {
    await createClient(casino.url).get("/api/no-such-route-4711");
    const text = await scrape();
    expect(text).not.toContain("no-such-route-4711");
    expect(text).toContain('route="unmatched"');
  });
});

describe("metrics behind a proxy", () => {
  const casino = useCasino(() => startOperatorCasino({}, { trustProxy: 1 }));

  it("refuses a forwarded remote client without the operator token, and serves it with one", async () => {
    const remote = { "x-forwarded-for": "203.0.113.7" };
    const refused = await createClient(casino.url).request("GET", "/metrics", { headers: remote });
    expect(refused.status).toBe(401);
    expect(refused.text).not.toContain("casino_bets_total");
    const operator = await loginOperator(casino.url);
    const served = await operator.get("/metrics", remote);
    expect(served.status).toBe(200);
    expect(served.text).toContain("# TYPE casino_bets_total counter");
  });

  it("counts refusals by the rate limits", async () => {
    const limited = await startOperatorCasino(
      {},
      { rateLimit: { addressPerSecond: 1, addressBurst: 1 }, metricsPort: 0 },
    );
    try {
      const client = createClient(limited.url);
      for (let i = 0; i < 5; i += 1) await client.get("/api/crypto/status");
      const text = (await createClient(limited.metricsUrl ?? "").get("/metrics")).text;
      expect(text).toMatch(/casino_rate_limit_refusals_total\{rule="[^"]+"\} [1-9]/);
    } finally {
      await limited.stop();
    }
  });
});
