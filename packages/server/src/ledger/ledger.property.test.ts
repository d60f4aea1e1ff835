import { type Currency, coins, payout } from "@casino/protocol";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase, testDialects } from "../db/test-databases.ts";
import { rotateServerSeed, updateClientSeed } from "../fairness/seeds.ts";
import { actOnRound, openRound, playRound } from "../rounds/rounds.ts";
import { checkLedgerInvariants, getBalances, grant, withdraw } from "./ledger.ts";

/** One operation of a random session; amounts in micro-units. */
type Command =
  | { op: "grant"; user: number; currency: Currency; amount: number }
  | { op: "withdraw"; user: number; currency: Currency; amount: number; all: boolean }
  | { op: "bet"; user: number; currency: Currency; stake: number; all: boolean; multiplier: number }
  | { op: "open"; user: number; game: "blackjack" | "hilo"; currency: Currency; stake: number }
  | {
      op: "act";
      user: number;
      game: "blackjack" | "hilo";
      extra: number;
      settle: boolean;
      multiplier: number;
    }
  | { op: "rotate"; user: number }
  | { op: "clientSeed"; user: number; seed: string };

const user = fc.integer({ min: 0, max: 2 });
const currency = fc.constantFrom<Currency>("HC", "AMINA");
/** Amounts from a small set so that exact-balance and off-by-one cases come up often. */
const amount = fc.oneof(
  fc.integer({ min: 1, max: coins(50) }),
  fc.constantFrom(1, 2, 3, coins(1), coins(2), coins(5)),
);
/** "Everything I have", resolved against the model when the command runs (0 means a fixed amount). */
const all = fc.boolean();
const multiplier = fc.constantFrom(0, 0.5, 1, 2.3328, 5.832, 60);
const game = fc.constantFrom<"blackjack" | "hilo">("blackjack", "hilo");

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ op: fc.constant("grant" as const), user, currency, amount }),
  fc.record({ op: fc.constant("withdraw" as const), user, currency, amount, all }),
  fc.record({ op: fc.constant("bet" as const), user, currency, stake: amount, all, multiplier }),
  fc.record({ op: fc.constant("open" as const), user, game, currency, stake: amount }),
  fc.record({
    op: fc.constant("act" as const),
    user,
    game,
    extra: fc.oneof(fc.constant(0), amount),
    settle: fc.boolean(),
    multiplier,
  }),
  fc.record({ op: fc.constant("rotate" as const), user }),
  fc.record({
    op: fc.constant("clientSeed" as const),
    user,
    seed: fc.string({ minLength: 1, maxLength: 20 }),
  }),
);

/** What the ledger should hold: balances per user and currency, and the open rounds. */
interface Model {
  balances: Map<string, number>;
  open: Map<string, { currency: Currency; stake: number }>;
}

const at = (model: Model, userId: string, c: Currency) => model.balances.get(`${userId}/${c}`) ?? 0;
const add = (model: Model, userId: string, c: Currency, delta: number) =>
  model.balances.set(`${userId}/${c}`, at(model, userId, c) + delta);

/**
 * Checks an answer that takes money against the model: refused with the code `debit` names when
 * the command cannot apply; else refused for the balance when the amount is more than the player
 * holds; else accepted, the amount debited from the model. Answers whether it was accepted.
 */
function expectDebit(
  result: { ok: boolean },
  model: Model,
  userId: string,
  debit: { currency: Currency; amount: number } | string,
): boolean {
  if (typeof debit === "string") {
    expect(result).toMatchObject({ ok: false, code: debit });
    return false;
  }
  if (debit.amount > at(model, userId, debit.currency)) {
    expect(result).toMatchObject({ ok: false, code: "bet/insufficient_balance" });
    return false;
  }
  expect(result.ok).toBe(true);
  add(model, userId, debit.currency, -debit.amount);
  return true;
}

describe.each(testDialects())("ledger properties on %s", (dialect) => {
  let test: TestDatabase;
  let run = 0;
  beforeAll(async () => {
    test = await openTestDatabase(dialect);
  });
  afterAll(async () => {
    await test.cleanup();
  });

  /** Applies one command to the database and the model; checks the answer the model predicts. */
  async function apply(cmd: Command, model: Model, prefix: string): Promise<void> {
    const userId = `${prefix}-u${cmd.user}`;
    const { handle } = test;
    switch (cmd.op) {
      case "grant":
        await grant(handle, { userId, currency: cmd.currency, amount: cmd.amount, reason: "deposit" });
        add(model, userId, cmd.currency, cmd.amount);
        return;
      case "withdraw": {
        const value = cmd.all ? Math.max(1, at(model, userId, cmd.currency)) : cmd.amount;
        const result = await withdraw(handle, { userId, currency: cmd.currency, amount: value });
        const covered = value <= at(model, userId, cmd.currency);
        expect(result.ok).toBe(covered);
        if (covered) add(model, userId, cmd.currency, -value);
        return;
      }
      case "bet": {
        const stake = cmd.all ? Math.max(1, at(model, userId, cmd.currency)) : cmd.stake;
        const win = payout(stake, cmd.multiplier);
        const result = await playRound(handle, {
          userId,
          gameType: "dice",
          currency: cmd.currency,
          stake,
          input: {},
          decide: () => ({ win, outcome: cmd.multiplier }),
        });
        const covered = stake <= at(model, userId, cmd.currency);
        expect(result.ok).toBe(covered);
        if (covered) add(model, userId, cmd.currency, win - stake);
        // The balances the round answers with are the ones after its own win.
        if (result.ok)
          expect(result.balances).toEqual({ HC: at(model, userId, "HC"), AMINA: at(model, userId, "AMINA") });
        return;
      }
      case "open": {
        const key = `${userId}/${cmd.game}`;
        const result = await openRound(handle, {
          userId,
          gameType: cmd.game,
          currency: cmd.currency,
          stake: cmd.stake,
          input: {},
          start: () => ({ state: { step: 0 } }),
        });
        const debit = model.open.has(key)
          ? "round/already_open"
          : { currency: cmd.currency, amount: cmd.stake };
        if (expectDebit(result, model, userId, debit))
          model.open.set(key, { currency: cmd.currency, stake: cmd.stake });
        return;
      }
      case "act": {
        const key = `${userId}/${cmd.game}`;
        const open = model.open.get(key);
        const total = (open?.stake ?? 0) + cmd.extra;
        const win = payout(total, cmd.multiplier);
        const result = await actOnRound(handle, {
          userId,
          gameType: cmd.game,
          act: (round) => ({
            state: { step: ((round.state as { step: number }).step ?? 0) + 1 },
            input: {},
            ...(cmd.extra > 0 ? { additionalStake: cmd.extra } : {}),
            ...(cmd.settle ? { settled: { win, outcome: cmd.multiplier } } : {}),
          }),
        });
        const debit = open ? { currency: open.currency, amount: cmd.extra } : "round/not_found";
        if (!expectDebit(result, model, userId, debit) || !open) return;
        if (cmd.settle) {
          add(model, userId, open.currency, win);
          model.open.delete(key);
        } else {
          open.stake = total;
        }
        return;
      }
      case "rotate": {
        const result = await rotateServerSeed(handle, userId);
        const hasOpen = [...model.open.keys()].some((k) => k.startsWith(`${userId}/`));
        expect(result.ok).toBe(!hasOpen);
        return;
      }
      case "clientSeed":
        await updateClientSeed(handle, userId, cmd.seed);
        return;
    }
  }

  it("keeps every balance equal to the model and every ledger invariant, whatever the sequence", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 30 }), async (commands) => {
        const prefix = `run${run++}`;
        const model: Model = { balances: new Map(), open: new Map() };
        for (const cmd of commands) await apply(cmd, model, prefix);
        for (let u = 0; u < 3; u++) {
          const userId = `${prefix}-u${u}`;
          const balances = await getBalances(test.handle.db, userId);
          expect(balances).toEqual({ HC: at(model, userId, "HC"), AMINA: at(model, userId, "AMINA") });
        }
        const report = await checkLedgerInvariants(test.handle.db);
        expect(report.mismatches).toEqual([]);
      }),
      { seed: 20261107, numRuns: dialect === "sqlite" ? 60 : 15 },
    );
  });
});
