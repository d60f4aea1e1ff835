/** Invariant: a client gets `perSecond` messages in each one-second window, and no more. */
import { describe, expect, it } from "vitest";
import { createMessageBudget } from "./message-budget.ts";

describe("room message budget", () => {
  it("allows perSecond messages per client in a window and refuses the rest until it ends", () => {
    let clock = 1_000;
    const budget = createMessageBudget(3, () => clock);
    expect([1, 2, 3, 4].map(() => budget.take("a"))).toEqual([true, true, true, false]);
    expect(budget.take("b")).toBe(true);
    clock += 999;
    expect(budget.take("a")).toBe(false);
    clock += 1;
    expect(budget.take("a")).toBe(true);
    budget.forget("a");
    expect(budget.take("a")).toBe(true);
  });
});
