/**
 * The OpenAPI document is valid OpenAPI 3.1, its request examples pass their routes' own schemas, and
 * it lists exactly the routes the app serves (read from the real /api router's stack): a route added
 * without its entry in route-table.ts, or an entry whose route is gone, fails here by name.
 */
import { compileErrors, validate } from "@readme/openapi-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiRouter } from "../api.ts";
import { createHealthRoutes } from "../routes/health.ts";
import { startTestCasino, type TestCasino } from "../test-helpers.ts";
import { buildOpenApiDocument } from "./build-document.ts";
import { DOCS_CONTENT_SECURITY_POLICY } from "./docs-routes.ts";
import { API_ROUTES } from "./route-table.ts";
import { listServedRoutes } from "./served-routes.ts";

/** The reference page's own files (its script and Swagger UI's assets) are not API routes. */
const isDocsAsset = (path: string) => path.startsWith("/api/docs/");

describe("the OpenAPI document", () => {
  let casino: TestCasino;
  beforeAll(async () => {
    casino = await startTestCasino();
  });
  afterAll(() => casino?.stop());

  it("is a valid OpenAPI 3.1 document", async () => {
    const document = buildOpenApiDocument();
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
    expect(document.openapi).toBe("3.1.0");
  });

  it("has a request example for every body, and each passes its route's schema", () => {
    for (const route of API_ROUTES) {
      if (!route.body) continue;
      const parsed = route.body.schema.safeParse(route.body.example);
      expect(parsed.success, `${route.method.toUpperCase()} ${route.path}: ${parsed.error?.message}`).toBe(
        true,
      );
    }
  });

  it("lists every served route, and every listed route is served", () => {
    const served = [
      ...listServedRoutes(createApiRouter(casino.services) as never, "/api"),
      ...listServedRoutes(createHealthRoutes({ handle: casino.handle }) as never),
    ]
      .filter((r) => !isDocsAsset(r.path))
      .map((r) => `${r.method.toUpperCase()} ${r.path}`);
    const documented = API_ROUTES.map((r) => `${r.method.toUpperCase()} ${r.path}`);
    const undocumented = served.filter((r) => !documented.includes(r));
    const gone = documented.filter((r) => !served.includes(r));
    expect(undocumented, "served but missing from packages/server/src/http/openapi/route-table.ts").toEqual(
      [],
    );
    expect(gone, "in the OpenAPI route table but not served").toEqual([]);
    expect(new Set(documented).size, "a route is listed twice").toBe(documented.length);
  });

  it("is served at /api/openapi.json, with the reference page at /api/docs under its own policy", async () => {
    const answer = await fetch(`${casino.url}/api/openapi.json`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    const page = await fetch(`${casino.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toBe(DOCS_CONTENT_SECURITY_POLICY);
    const html = await page.text();
    for (const asset of html.matchAll(/(?:src|href)="([^"]+)"/g)) {
      const file = await fetch(`${casino.url}${asset[1]}`);
      expect(file.status, asset[1]).toBe(200);
      await file.arrayBuffer();
    }
  });
});
