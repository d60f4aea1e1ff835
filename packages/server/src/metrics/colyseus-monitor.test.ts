/** The Colyseus monitor at /colyseus opens only with a valid operator token, even from loopback. */
import { describe, expect, it } from "vitest";
import { createClient, useCasino } from "../http/test-helpers.ts";
import { loginOperator, startOperatorCasino } from "../operator/test-helpers.ts";

describe("colyseus monitor", () => {
  const casino = useCasino(() => startOperatorCasino());

  it("refuses without a token or with a wrong one, with a Basic challenge", async () => {
    const anonymous = await createClient(casino.url).get("/colyseus/api");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Basic /);
    const forged = await createClient(casino.url).request("GET", "/colyseus/api", {
      headers: { authorization: "Bearer not-a-token" },
    });
    expect(forged.status).toBe(401);
    expect(forged.text).not.toContain("rooms");
  });

  it("serves the rooms list to the operator (bearer token or Basic with the token as password)", async () => {
    const operator = await loginOperator(casino.url);
    const rooms = await operator.get("/colyseus/api");
    expect(rooms.status).toBe(200);
    expect(Array.isArray(rooms.body.rooms)).toBe(true);
    const login = await createClient(casino.url).post("/api/security/login", { password: "orbit-control-7" });
    const basic = Buffer.from(`operator:${login.body.token as string}`).toString("base64");
    const page = await createClient(casino.url).request("GET", "/colyseus/", {
      headers: { authorization: `Basic ${basic}` },
    });
    expect(page.status).toBe(200);
  });
});
