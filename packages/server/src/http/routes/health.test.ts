/** /healthz answers while the process runs; /readyz names the store that does not answer. */
import Fastify from "fastify";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/schema.ts";
import { createClient, useCasino } from "../test-helpers.ts";
import { registerHealthRoutes } from "./health.ts";

describe("health on SQLite", () => {
  const casino = useCasino();

  it("answers /healthz and is ready once migrated", async () => {
    const client = createClient(casino.url);
    const health = await client.get("/healthz");
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ ok: true });
    const ready = await client.get("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body.ok).toBe(true);
    expect(Object.keys(ready.body.checks).sort()).toEqual(["database", "migrations"]);
  });
});

describe("readiness with PostgreSQL unreachable", () => {
  // A pool aimed at a port nothing listens on: every query fails to connect.
  const pool = new pg.Pool({
    connectionString: "postgres://casino@127.0.0.1:1/casino",
    connectionTimeoutMillis: 1000,
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const app = Fastify();
  registerHealthRoutes(app, { handle: { db, dialect: "postgres", close: () => db.destroy() } });
  let url = "";
  beforeAll(async () => {
    url = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await app.close();
    await db.destroy();
  });

  it("answers 503 naming the database, while /healthz still answers", async () => {
    const ready = await createClient(url).get("/readyz");
    expect(ready.status).toBe(503);
    expect(ready.body.ok).toBe(false);
    expect(ready.body.failed).toContain("database");
    expect(ready.body.checks.database.ok).toBe(false);
    expect((await createClient(url).get("/healthz")).status).toBe(200);
  });
});
