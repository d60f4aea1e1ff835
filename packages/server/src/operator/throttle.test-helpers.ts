/**
 * The contract every password-attempt store keeps (in memory and in Redis): budgets per key that
 * concurrent reservations cannot overrun, refunds, and the account pace. Each store's test file
 * runs it.
 */
import { describe, expect, it } from "vitest";
import {
  ACCOUNT_FAILURE_PACE,
  createPasswordThrottle,
  type FailureThrottle,
  LOGIN_FAILURE_LIMIT,
  paceDelayMs,
} from "./throttle.ts";

/** Makes a fresh store (own keys) reading the given clock. */
export type StoreFactory = (now: () => number) => FailureThrottle;

/** Runs the contract against a store. */
export function describeAttemptStore(name: string, makeStore: StoreFactory): void {
  const budget = LOGIN_FAILURE_LIMIT;
  const pace = ACCOUNT_FAILURE_PACE;

  describe(`${name}: the password-attempt store`, () => {
    it("counts 5 attempts per source and window, then answers the wait until the oldest leaves", async () => {
      let clock = 1_000_000;
      const store = makeStore(() => clock);
      for (let i = 0; i < budget.maxFailures; i++) {
        expect(await store.reserve("login:source:a", `m${i}`, budget)).toBe(0);
        clock += 1000;
      }
      expect(await store.reserve("login:source:a", "late", budget)).toBe(budget.windowMs - 5000);
      expect(await store.reserve("login:source:b", "other", budget)).toBe(0);
      clock += budget.windowMs - 5000;
      expect(await store.reserve("login:source:a", "after", budget)).toBe(0);
      expect(await store.reserve("login:source:a", "again", budget)).toBeGreaterThan(0);
    });

    it("lets no more than the budget through among 300 concurrent reservations, and refunds free a place", async () => {
      const store = makeStore(() => 2_000_000);
      const waits = await Promise.all(
        Array.from({ length: 300 }, (_, i) => store.reserve("login:source:burst", `m${i}`, budget)),
      );
      const admitted = waits.flatMap((wait, i) => (wait === 0 ? [i] : []));
      expect(admitted).toHaveLength(budget.maxFailures);
      await store.refund("login:source:burst", `m${admitted[0]}`);
      expect(await store.reserve("login:source:burst", "refunded", budget)).toBe(0);
      expect(await store.reserve("login:source:burst", "over", budget)).toBeGreaterThan(0);
    });

    it("spaces an account's attempts once past the free failures, the gap doubling up to its cap", async () => {
      let clock = 3_000_000;
      const store = makeStore(() => clock);
      for (let i = 0; i < pace.freeFailures; i++)
        expect(await store.pace("login:account", `f${i}`, pace)).toBe(0);
      // The 21st attempt comes right after the 20th: it waits the base delay.
      expect(await store.pace("login:account", "early", pace)).toBe(pace.baseDelayMs);
      clock += pace.baseDelayMs;
      expect(await store.pace("login:account", "on-time", pace)).toBe(0);
      expect(await store.pace("login:account", "next", pace)).toBe(2 * pace.baseDelayMs);
      expect(paceDelayMs(pace, pace.freeFailures + 30)).toBe(pace.maxDelayMs);
      clock += pace.windowMs;
      expect(await store.pace("login:account", "fresh window", pace)).toBe(0);
    });

    it("refunds a right password, and an account refusal gives the source its place back", async () => {
      let clock = 4_000_000;
      const store = makeStore(() => clock);
      const throttle = createPasswordThrottle(store, {
        account: { ...pace, freeFailures: 2 },
      });
      const right = await throttle.begin("vault", "10.0.0.1");
      if (!right.ok) throw new Error("refused");
      await right.attempt.settle(true);
      for (const source of ["10.0.0.2", "10.0.0.3"]) {
        const wrong = await throttle.begin("vault", source);
        if (!wrong.ok) throw new Error("refused");
        await wrong.attempt.settle(false);
      }
      // Two failures: the account now wants a gap; a new source is refused by the account, uncounted.
      expect(await throttle.begin("vault", "10.0.0.4")).toMatchObject({ ok: false, by: "account" });
      clock += pace.baseDelayMs;
      for (let i = 0; i < budget.maxFailures; i++) {
        const attempt = await throttle.begin("vault", "10.0.0.4");
        expect(attempt.ok).toBe(true);
        if (attempt.ok) await attempt.attempt.settle(true);
      }
    });
  });
}
