import { describe, expect, it, vi } from "vitest";
import { connectDemoClient, snapshotMoney, useCasino } from "./test-helpers.ts";

describe("malformed percent-escapes in the path", () => {
  const casino = useCasino();

  it.each([
    ["GET", "/api/games/%ff/state"],
    ["GET", "/api/games/%E0%A4%A/state"],
    ["POST", "/api/poker/tables/%ff/leave"],
    ["POST", "/api/poker/tables/%E0%A4%A/join"],
    ["GET", "/api/poker/hands/%ff/history.txt"],
  ])("%s %s answers 400 with no error log", async (method, path) => {
    const { client } = await connectDemoClient(casino.url);
    const errors = vi.spyOn(casino.services.log, "error");
    const before = await snapshotMoney(casino.handle.db);
    const answer = await client.request(method, path, method === "POST" ? { body: {} } : {});
    expect([answer.status, answer.body]).toEqual([
      400,
      { code: "http/bad_path", message: "Malformed percent-escape in the request path" },
    ]);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
  });

  it("answers a bet path with a bad escape outside a parameter with a 404, not a 500", async () => {
    const { client } = await connectDemoClient(casino.url);
    const answer = await client.post("/api/games/dice%ff", { betAmount: 1, currency: "HC", betType: "low" });
    expect(answer.status).toBe(404);
  });
});
