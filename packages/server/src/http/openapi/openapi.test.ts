/**
 * The OpenAPI document is valid OpenAPI 3.1, generated from the routes Fastify serves (so a route
 * cannot be served undocumented), with each body's schema taken from the route's own zod schema;
 * it is served at /api/openapi.json, with the reference page at /api/docs under its own policy.
 */
import { compileErrors, validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { useCasino } from "../test-helpers.ts";
import { DOCS_CONTENT_SECURITY_POLICY } from "./docs-routes.ts";

type Operation = { operationId?: string; requestBody?: unknown; parameters?: { name: string; in: string }[] };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

describe("the OpenAPI document", () => {
  const casino = useCasino();
  const fetchDocument = async () =>
    (await (await fetch(`${casino.url}/api/openapi.json`)).json()) as Document;

  it("is a valid OpenAPI 3.1 document", async () => {
    const document = await fetchDocument();
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
    expect(document.openapi).toBe("3.1.0");
  });

  it("lists the served routes with their schemas, and no page of its own", async () => {
    const { paths } = await fetchDocument();
    const operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    for (const route of [
      "POST /api/games/dice",
      "GET /api/games/{gameType}/state",
      "POST /api/crypto/deposit",
      "POST /api/poker/tables/{id}/action",
      "GET /api/poker/tournaments/",
      "POST /api/security/login",
      "PUT /api/limits",
      "GET /healthz",
    ])
      expect(
        operations.some((op) => op === route || op === route.replace(/\/$/, "")),
        route,
      ).toBe(true);
    expect(operations.filter((op) => op.includes("/api/docs") || op.includes("openapi.json"))).toEqual([]);
    expect(new Set(operations).size).toBe(operations.length);
    expect(paths["/api/games/dice"]?.post?.requestBody).toBeDefined();
    expect(paths["/api/games/dice"]?.post?.operationId).toBe("postGamesDice");
    const names = paths["/api/crypto/transactions/{wallet}"]?.get?.parameters?.map(
      (p) => `${p.in}:${p.name}`,
    );
    expect(names).toEqual(expect.arrayContaining(["path:wallet", "query:limit"]));
  });

  it("is served at /api/openapi.json, with the reference page at /api/docs under its own policy", async () => {
    const answer = await fetch(`${casino.url}/api/openapi.json`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
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
