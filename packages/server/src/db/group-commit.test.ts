import { describe, expect, it } from "vitest";
import { groupCommitCpu } from "./group-commit.ts";
import { fetchFirst, type QueryBuilder } from "./steps.ts";
import { useTestDatabase } from "./test-databases.ts";
import { runSteps } from "./transaction.ts";

describe("group commit's CPU account", () => {
  const test = useTestDatabase("sqlite");

  it("counts every body a group ran and the CPU time the groups took", async () => {
    const before = groupCommitCpu();
    // A body long enough to register on the thread's CPU clock, however coarse.
    const body = function* (q: QueryBuilder) {
      let total = 0;
      for (let i = 0; i < 200; i++) {
        const row = yield* fetchFirst(q.selectFrom("settings").select("value").where("key", "=", `k${i}`));
        total += row ? 1 : 0;
      }
      return total;
    };
    const values = await Promise.all(Array.from({ length: 12 }, () => runSteps(test.handle, body)));
    expect(values).toEqual(Array(12).fill(0));
    const after = groupCommitCpu();
    expect(after.bodies - before.bodies).toBe(12);
    expect(after.micros).toBeGreaterThan(before.micros);
  });
});
