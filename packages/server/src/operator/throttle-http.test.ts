import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import {
  type Answer,
  createClient,
  securityEventsOf,
  type TestCasino,
  useCasino,
} from "../http/test-helpers.ts";
import { passwordChecksHashed } from "./passwords.ts";
import { startOperatorCasino, TEST_PASSWORD, TEST_VAULT_PASSWORD } from "./test-helpers.ts";
import { ACCOUNT_FAILURE_PACE, LOGIN_FAILURE_LIMIT } from "./throttle.ts";

/** A login attempt as a client behind the proxy sees it (the proxy appends the peer's address). */
function login(casino: TestCasino, password: string, forwardedFor?: string): Promise<Answer> {
  return createClient(casino.url).request("POST", "/api/security/login", {
    body: { password },
    ...(forwardedFor ? { headers: { "x-forwarded-for": forwardedFor } } : {}),
  });
}

/** How many answers had each status. */
function tally(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
}

describe("the operator password throttle behind one trusted proxy hop", () => {
  const casino = useCasino(() => startOperatorCasino({}, { trustProxy: 1 }));

  it("checks at most the budget among 300 concurrent wrong passwords; the operator at another address gets in", async () => {
    const hashedBefore = passwordChecksHashed();
    const burst = Array.from({ length: 300 }, (_, i) => login(casino, `guess-${i}`, "198.51.100.7"));
    // The real operator logs in from elsewhere while the burst is under way.
    const operator = login(casino, TEST_PASSWORD, "203.0.113.5");
    const answers = await Promise.all(burst);
    expect(tally(answers)).toEqual({
      403: LOGIN_FAILURE_LIMIT.maxFailures,
      429: 300 - LOGIN_FAILURE_LIMIT.maxFailures,
    });
    expect((await operator).status).toBe(200);
    expect(passwordChecksHashed() - hashedBefore).toBe(LOGIN_FAILURE_LIMIT.maxFailures + 1);
    const refused = answers.find((answer) => answer.status === 429);
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(60);
    // Refusals are thinned into a few events, not one row each.
    const throttled = await securityEventsOf(casino, "operator_login_throttled");
    expect(throttled.length).toBeGreaterThan(0);
    expect(throttled.length).toBeLessThan(5);
  });

  it("gives no new budget for a rotated X-Forwarded-For entry before the proxy's own", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await login(casino, "wrong", `10.9.${i}.1, 192.0.2.44`)).status);
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429, 429, 429, 429, 429, 429, 429]);
  });

  it("checks at most the budget among 50 concurrent wrong vault passwords", async () => {
    const token = (await login(casino, TEST_PASSWORD, "192.0.2.80")).body.token as string;
    const vault = (password: string) =>
      createClient(casino.url).request("GET", "/api/security/sirius/vault", {
        headers: {
          authorization: `Bearer ${token}`,
          "x-vault-password": password,
          "x-forwarded-for": "192.0.2.81",
        },
      });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => vault(`nope-${i}`)));
    expect(tally(answers)).toEqual({ 403: 5, 429: 45 });
    expect((await vault(TEST_VAULT_PASSWORD)).status).toBe(429);
  });
});

describe("the operator password throttle over many sources", () => {
  // A gap of 3 s: wide enough that the free failures' last hash cannot outlast it on a busy machine.
  const pace = { ...ACCOUNT_FAILURE_PACE, baseDelayMs: 3000 };
  const paced = useCasino(() => startOperatorCasino({ accountPace: pace }, { trustProxy: 1 }));

  it("spaces out guesses spread over many sources without locking the operator out", async () => {
    const sources = Math.ceil(ACCOUNT_FAILURE_PACE.freeFailures / LOGIN_FAILURE_LIMIT.maxFailures) + 2;
    const answers: Answer[] = [];
    for (let s = 0; s < sources; s++)
      for (let i = 0; i < LOGIN_FAILURE_LIMIT.maxFailures; i++)
        answers.push(await login(paced, "wrong", `172.16.${s}.9`));
    // The free failures are checked; after them every guess must wait its (growing) turn.
    expect(tally(answers)[403]).toBe(ACCOUNT_FAILURE_PACE.freeFailures);
    const operator = await login(paced, TEST_PASSWORD, "203.0.113.99");
    expect(operator.status).toBe(429);
    const wait = Number(operator.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(pace.baseDelayMs / 1000);
    await sleep(wait * 1000);
    expect((await login(paced, TEST_PASSWORD, "203.0.113.99")).status).toBe(200);
  });
});

describe("the operator password throttle with no trusted proxy", () => {
  const casino = useCasino(() => startOperatorCasino());

  it("ignores X-Forwarded-For: rotating it gives no new budget", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await login(casino, "wrong", `10.8.${i}.1`)).status);
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429, 429, 429, 429, 429, 429, 429]);
  });
});
