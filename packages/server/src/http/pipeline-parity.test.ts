/**
 * Every route passes the same pipeline: the same hostile requests sent to a bet route
 * (POST /api/games/dice) and to a non-bet money route (POST /api/crypto/daily-bonus) get identical
 * refusals (status, body, the headers that matter) and move no money. Slowly sent bodies are cut
 * on both alike in server-timeouts.test.ts.
 */
import { describe, expect, it } from "vitest";
import {
  type Answer,
  connectDemoClient,
  createClient,
  type RequestOptions,
  snapshotMoney,
  useCasino,
} from "./test-helpers.ts";

const BET = "/api/games/dice";
const NON_BET = "/api/crypto/daily-bonus";
const BURST = 6;

/** A body each route accepts, so a refusal comes from the hostile part alone. */
const VALID: Record<string, Record<string, unknown>> = {
  [BET]: { betAmount: 1, currency: "HC", betType: "low" },
  [NON_BET]: {},
};

/** What two refusals must share. */
function refusal(answer: Answer) {
  return {
    status: answer.status,
    body: answer.body,
    cacheControl: answer.headers.get("cache-control"),
    contentType: answer.headers.get("content-type"),
    retryAfter: answer.headers.get("retry-after") !== null,
    frameOptions: answer.headers.get("x-frame-options"),
  };
}

describe("one pipeline for bet and non-bet routes", () => {
  const casino = useCasino({ rateLimit: { sessionPerSecond: 0.001, sessionBurst: BURST } });

  /**
   * Sends the same request to both routes, each from a fresh player (naming another fresh player's
   * wallet); resolves both answers and whether any money moved meanwhile.
   */
  async function both(options: (valid: Record<string, unknown>, other: string) => RequestOptions) {
    const players = [];
    for (const path of [BET, NON_BET]) {
      const { client } = await connectDemoClient(casino.url);
      const { user: other } = await connectDemoClient(casino.url);
      players.push({ path, client, other: other.walletAddress });
    }
    const before = await snapshotMoney(casino.handle.db);
    const answers: Answer[] = [];
    for (const { path, client, other } of players)
      answers.push(await client.request("POST", path, options(VALID[path] ?? {}, other)));
    const moved = JSON.stringify(await snapshotMoney(casino.handle.db)) !== JSON.stringify(before);
    return { answers: answers as [Answer, Answer], moved };
  }

  it.each([
    [
      "a form body",
      () => ({ rawBody: "betAmount=1", headers: { "content-type": "application/x-www-form-urlencoded" } }),
    ],
    ["a text body", () => ({ rawBody: "{}", headers: { "content-type": "text/plain" } })],
    ["a body without a type", () => ({ rawBody: "{}", headers: { "content-type": "" } })],
    ["a foreign Origin", (valid: object) => ({ body: valid, headers: { origin: "https://evil.example" } })],
    ["a cross-site fetch", (valid: object) => ({ body: valid, headers: { "sec-fetch-site": "cross-site" } })],
    ["malformed JSON", () => ({ rawBody: "{not json", headers: { "content-type": "application/json" } })],
    ["a bare JSON string", () => ({ rawBody: '"x"', headers: { "content-type": "application/json" } })],
    [
      "a charset other than UTF-8",
      () => ({ rawBody: "{}", headers: { "content-type": "application/json; charset=latin1" } }),
    ],
    ["an oversized body", (valid: object) => ({ body: { ...valid, pad: "x".repeat(20_000) } })],
    [
      "another player's wallet",
      (valid: object, other: string) => ({ body: { ...valid, walletAddress: other } }),
    ],
    [
      "a malformed Idempotency-Key",
      (valid: object) => ({ body: valid, headers: { "idempotency-key": "bad key with spaces" } }),
    ],
  ])("refuses %s alike", async (_name, options) => {
    const { answers, moved } = await both(options);
    const [bet, other] = answers;
    expect(bet.status).toBeGreaterThanOrEqual(400);
    expect(refusal(bet)).toEqual(refusal(other));
    expect(moved).toBe(false);
  });

  it("refuses a request without a session alike", async () => {
    const anonymous = createClient(casino.url);
    const bet = await anonymous.post(BET, VALID[BET]);
    const other = await anonymous.post(NON_BET, VALID[NON_BET]);
    expect(bet.status).toBe(401);
    expect(refusal(bet)).toEqual(refusal(other));
  });

  it("refuses a burst over the session's budget alike, with Retry-After", async () => {
    const answers: Answer[] = [];
    for (const path of [BET, NON_BET]) {
      const { client } = await connectDemoClient(casino.url);
      let last: Answer | undefined;
      for (let i = 0; i <= BURST; i++) last = await client.request("POST", path, { body: { bad: true } });
      answers.push(last as Answer);
    }
    const [bet, other] = answers as [Answer, Answer];
    expect(bet.status).toBe(429);
    expect(refusal(bet)).toEqual(refusal(other));
  });

  it("refuses a replayed Idempotency-Key with another body alike, and replays the same body's answer", async () => {
    const reused: Answer[] = [];
    for (const path of [BET, NON_BET]) {
      const { client, user } = await connectDemoClient(casino.url);
      const headers = { "idempotency-key": `parity-${path}` };
      const first = VALID[path];
      const answer = await client.request("POST", path, { body: first, headers });
      const replay = await client.request("POST", path, { body: first, headers });
      expect(replay.status).toBe(answer.status);
      expect(replay.body).toEqual(answer.body);
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      const second = { ...first, walletAddress: user.walletAddress };
      reused.push(await client.request("POST", path, { body: second, headers }));
    }
    const [bet, other] = reused as [Answer, Answer];
    expect(bet.status).toBe(422);
    expect(refusal(bet)).toEqual(refusal(other));
  });
});
