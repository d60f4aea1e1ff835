import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, startTestCasino, type TestCasino, useCasino } from "./http/test-helpers.ts";

describe("startCasino without a built client", () => {
  const casino = useCasino();

  it("serves /api/crypto/status and the placeholder page on one port", async () => {
    const client = createClient(casino.url);
    const status = await client.get("/api/crypto/status");
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      network: "Algorand",
      mode: "demo",
      asset: { name: "AMINA", decimals: 6, totalSupply: "1000" },
    });
    expect(status.body.exchanges).toHaveLength(2);
    const page = await client.get("/casino");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(page.text).toContain("AMINA Casino");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers unknown API paths with a JSON 404, not the page", async () => {
    const answer = await createClient(casino.url).get("/api/no-such-thing");
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: "http/not_found", message: "Not found" });
  });

  it("does not hand out credentialed CORS to other origins", async () => {
    const answer = await createClient(casino.url).request("GET", "/api/crypto/status", {
      headers: { origin: "https://evil.example" },
    });
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    expect(answer.headers.get("access-control-allow-credentials")).toBeNull();
  });
});

describe("startCasino with a built client", () => {
  let casino: TestCasino;
  const dist = mkdtempSync(join(tmpdir(), "casino-dist-"));
  beforeAll(async () => {
    mkdirSync(join(dist, "assets"), { recursive: true });
    writeFileSync(join(dist, "index.html"), "<html><body>the real app</body></html>");
    writeFileSync(join(dist, "assets", "app.js"), "console.log(1)");
    casino = await startTestCasino({ clientDist: dist });
  });
  afterAll(async () => {
    await casino?.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it("serves files and falls back to index.html for client routes", async () => {
    const client = createClient(casino.url);
    expect((await client.get("/assets/app.js")).text).toBe("console.log(1)");
    for (const path of ["/", "/casino", "/game/dice", "/no/such/page"]) {
      const page = await client.get(path);
      expect(page.status).toBe(200);
      expect(page.text).toContain("the real app");
    }
    expect((await client.get("/assets/missing.js")).status).toBe(404);
  });
});
