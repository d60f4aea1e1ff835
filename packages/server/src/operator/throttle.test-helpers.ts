/**
 * The contract the password throttle keeps over every store (in memory and in Redis): budgets per
 * source that concurrent attempts cannot overrun, windows that end, refunds of right passwords,
 * and the account pace. Each store's test file runs it.
 */
import { describe, expect, it } from "vitest";
import {
  ACCOUNT_FAILURE_PACE,
  type AccountPace,
  createPasswordThrottle,
  type FailureThrottle,
  LOGIN_FAILURE_LIMIT,
  type PasswordThrottle,
  paceDelayMs,
} from "./throttle.ts";

/** Makes a fresh store (own keys). */
export type StoreFactory = () => FailureThrottle;

/** Lets `ms` pass for the store: fake timers for memory, real time for Redis. */
export type Pass = (ms: number) => Promise<void>;

/** Begins an attempt that must be admitted and settles it as given. */
async function attempt(throttle: PasswordThrottle, scope: string, source: string, right = false) {
  const begun = await throttle.begin(scope, source);
  if (!begun.ok) throw new Error(`attempt from ${source} refused by the ${begun.by}`);
  await begun.attempt.settle(right);
}

/** Runs the contract against a store. */
export function describePasswordThrottle(name: string, makeStore: StoreFactory, pass: Pass): void {
  const budget = LOGIN_FAILURE_LIMIT;
  /** A quick pace (3 free failures, a 4-second window) so that Redis's real time can pass it. */
  const quick: AccountPace = { freeFailures: 3, baseDelayMs: 1000, maxDelayMs: 4000, windowMs: 4000 };

  describe(`${name}: the password throttle`, () => {
    it("counts 5 failed attempts per source, then answers the wait until the window ends", async () => {
      const throttle = createPasswordThrottle(makeStore());
      for (let i = 0; i < budget.maxFailures; i++) await attempt(throttle, "login", "a");
      const refused = await throttle.begin("login", "a");
      if (refused.ok) throw new Error("a sixth failure was admitted");
      expect(refused.by).toBe("source");
      expect(refused.retryAfterMs).toBeGreaterThan(budget.windowMs - 60_000);
      expect(refused.retryAfterMs).toBeLessThanOrEqual(budget.windowMs);
      await attempt(throttle, "login", "b");
    });

    it("gives a source a whole new budget once its window has ended", async () => {
      const throttle = createPasswordThrottle(makeStore(), { source: { maxFailures: 2, windowMs: 1000 } });
      for (let i = 0; i < 2; i++) await attempt(throttle, "login", "a");
      expect(await throttle.begin("login", "a")).toMatchObject({ ok: false, by: "source" });
      await pass(1100);
      for (let i = 0; i < 2; i++) await attempt(throttle, "login", "a");
      expect(await throttle.begin("login", "a")).toMatchObject({ ok: false, by: "source" });
    });

    it("admits no more than the budget among 300 concurrent attempts, and a right password frees a place", async () => {
      const throttle = createPasswordThrottle(makeStore());
      const begun = await Promise.all(Array.from({ length: 300 }, () => throttle.begin("vault", "burst")));
      const admitted = begun.flatMap((b) => (b.ok ? [b.attempt] : []));
      expect(admitted).toHaveLength(budget.maxFailures);
      await admitted[0]?.settle(true);
      await attempt(throttle, "vault", "burst");
      expect((await throttle.begin("vault", "burst")).ok).toBe(false);
    });

    it("spaces an account's attempts once past the free failures, the gap doubling up to its cap", async () => {
      const throttle = createPasswordThrottle(makeStore(), {
        source: { maxFailures: 100, windowMs: 60_000 },
        account: quick,
      });
      for (let i = 0; i < quick.freeFailures; i++) await attempt(throttle, "login", `s${i}`);
      // The next attempt comes right after the last free one: it waits the base gap.
      const early = await throttle.begin("login", "late");
      if (early.ok) throw new Error("an attempt inside the gap was admitted");
      expect(early.by).toBe("account");
      expect(early.retryAfterMs).toBeGreaterThan(0);
      expect(early.retryAfterMs).toBeLessThanOrEqual(quick.baseDelayMs);
      await pass(quick.baseDelayMs + 100);
      await attempt(throttle, "login", "on-time");
      const next = await throttle.begin("login", "next");
      if (next.ok) throw new Error("an attempt inside the doubled gap was admitted");
      expect(next.retryAfterMs).toBeGreaterThan(quick.baseDelayMs);
      expect(next.retryAfterMs).toBeLessThanOrEqual(2 * quick.baseDelayMs);
      expect(paceDelayMs(quick, quick.freeFailures + 30)).toBe(quick.maxDelayMs);
      await pass(quick.windowMs);
      await attempt(throttle, "login", "fresh window");
    });

    it("refunds a right password, and an account refusal gives the source its place back", async () => {
      const throttle = createPasswordThrottle(makeStore(), {
        account: { ...ACCOUNT_FAILURE_PACE, freeFailures: 2 },
      });
      await attempt(throttle, "vault", "10.0.0.1", true);
      for (const source of ["10.0.0.2", "10.0.0.3"]) await attempt(throttle, "vault", source);
      // Two failures: the account now wants a gap; a new source is refused by the account, uncounted.
      expect(await throttle.begin("vault", "10.0.0.4")).toMatchObject({ ok: false, by: "account" });
      await pass(ACCOUNT_FAILURE_PACE.baseDelayMs + 100);
      // Right passwords leave no count and no gap behind them.
      for (let i = 0; i < budget.maxFailures + 1; i++) await attempt(throttle, "vault", "10.0.0.4", true);
    });
  });
}
