/** The example load script plays rounds with 50 clients for 20 s against a local casino, without errors. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestCasino, type TestCasino } from "../../server/src/http/test-helpers.ts";
import { main } from "../examples/loadtest.ts";
import { runClients } from "./run-clients.ts";

describe("sdk load script", () => {
  let casino: TestCasino;
  beforeAll(async () => {
    casino = await startTestCasino();
  });
  afterAll(() => casino.stop());

  it("runs 50 clients for 20 s: rounds are played and nothing fails", { timeout: 90_000 }, async () => {
    const report = await runClients(main, { endpoint: casino.url, clients: 50, seconds: 20 });
    console.log(`sdk load report: ${JSON.stringify(report)}`);
    expect(report.errors, report.firstErrors.join("\n")).toBe(0);
    expect(report.fewestRounds).toBeGreaterThan(0);
    expect(report.rounds).toBeGreaterThan(50);
  });
});
