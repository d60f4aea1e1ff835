import { describe, expect, it } from "vitest";
import { appPageContentSecurityPolicy, CONTENT_SECURITY_POLICY } from "./http/security-headers.ts";
import { createClient, useBuiltClientCasino, useCasino } from "./http/test-helpers.ts";

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

  it("names the allowed methods and headers in a preflight's answer only", async () => {
    const client = createClient(casino.url);
    const headers = { origin: "https://other.example" };
    const preflight = await client.request("OPTIONS", "/api/games/dice", {
      headers: { ...headers, "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-methods")).toContain("POST");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("Content-Type");
    expect(preflight.headers.get("access-control-max-age")).not.toBeNull();
    for (const origin of [headers, {}]) {
      const answer = await client.request("GET", "/api/crypto/status", { headers: origin });
      expect(answer.headers.get("access-control-allow-origin")).toBe("*");
      expect(answer.headers.get("access-control-allow-methods")).toBeNull();
      expect(answer.headers.get("access-control-max-age")).toBeNull();
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });
});

describe("startCasino with a built client", () => {
  const casino = useBuiltClientCasino({ "assets/app.js": "console.log(1)" });

  it("serves files and falls back to index.html: 200 for client routes, 404 for any other path", async () => {
    const client = createClient(casino.url);
    expect((await client.get("/assets/app.js")).text).toBe("console.log(1)");
    for (const path of ["/", "/casino", "/game/dice", "/history/", "/responsible-gaming?tab=limits"]) {
      const page = await client.get(path);
      expect(page.status, path).toBe(200);
      expect(page.text).toContain("the real app");
    }
    for (const path of ["/no/such/page", "/game/roulette", "/cashier/extra"]) {
      const page = await client.get(path);
      expect(page.status, path).toBe(404);
      expect(page.text).toContain("the real app");
      expect(page.text).toContain("<title>Lost in Space (page not found) · AMINA Casino</title>");
    }
    expect((await client.get("/game/plinko")).text).toContain("<title>Quantum Plinko · AMINA Casino</title>");
    expect((await client.get("/assets/missing.js")).status).toBe(404);
  });

  it("gives each answer of the app page its own style nonce, in the page and in its CSP alone", async () => {
    const client = createClient(casino.url);
    const nonces: string[] = [];
    for (const path of ["/", "/poker"]) {
      const page = await client.get(path);
      const nonce = /<head>\s*<meta name="csp-nonce" content="([A-Za-z0-9+/]{22}==)" \/>/.exec(
        page.text,
      )?.[1];
      expect(nonce).toBeDefined();
      nonces.push(nonce!);
      expect(page.headers.get("content-security-policy")).toBe(appPageContentSecurityPolicy(nonce!));
      expect(page.headers.get("content-security-policy")).toContain("script-src 'self';");
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    // Files and API answers keep the policy without a nonce.
    for (const path of ["/assets/app.js", "/api/crypto/status"])
      expect((await client.get(path)).headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
  });
});
