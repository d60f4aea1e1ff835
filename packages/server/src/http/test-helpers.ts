/** Helpers for tests over real HTTP: a casino on a free port with a temporary data folder, and cookie-keeping clients. */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll } from "vitest";
import { type RunningCasino, type StartCasinoOptions, startCasino } from "../app.ts";
import { dropPostgresSchema } from "../db/connect.ts";
import type { Database } from "../db/schema.ts";
import { postgresUrlForTests } from "../db/test-databases.ts";
import { testLogLevel } from "../log.ts";
import { useTempDir } from "../temp-dir.test-helpers.ts";

/** A casino for one test file, with a movable clock. */
export interface TestCasino extends RunningCasino {
  dataDir: string;
  /** Moves the casino's clock forward (challenges, bonuses, session expiry). */
  advanceClock(ms: number): void;
  stop(): Promise<void>;
}

/** Starts a casino on a free port over a fresh SQLite folder (or the given database), logging nothing. */
export async function startTestCasino(options: Partial<StartCasinoOptions> = {}): Promise<TestCasino> {
  const dataDir = mkdtempSync(join(tmpdir(), "casino-http-"));
  let offset = 0;
  const casino = await startCasino({
    port: 0,
    dataDir,
    clientDist: join(dataDir, "no-client"),
    logLevel: testLogLevel(),
    now: () => Date.now() + offset,
    crash: { chainLength: 2000 },
    ...options,
  }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    ...casino,
    dataDir,
    advanceClock(ms) {
      offset += ms;
    },
    async stop() {
      await casino.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The casino of the enclosing suite: started before its tests (with these options, or by `start`)
 * and stopped after them.
 * The returned object is filled in once started, so tests read it as the casino itself.
 */
export function useCasino(start: Partial<StartCasinoOptions> | (() => Promise<TestCasino>) = {}): TestCasino {
  const casino = {} as TestCasino;
  beforeAll(async () => {
    Object.assign(casino, await (typeof start === "function" ? start() : startTestCasino(start)));
  });
  afterAll(async () => {
    if ("stop" in casino) await casino.stop();
  });
  return casino;
}

/** The index.html of the built client that `useBuiltClientCasino` serves. */
export const BUILT_INDEX_HTML = "<html><head><title>x</title></head><body>the real app</body></html>";

/**
 * The suite's casino serving a built client from a temporary folder: `BUILT_INDEX_HTML` and
 * `files` (paths inside the folder, folders made as needed), the folder removed after the suite.
 */
export function useBuiltClientCasino(files: Record<string, string | Uint8Array>): TestCasino {
  // Registered first, so the folder goes after the casino has stopped.
  const dist = useTempDir("casino-dist-");
  return useCasino(() => {
    for (const [path, content] of Object.entries({ "index.html": BUILT_INDEX_HTML, ...files })) {
      mkdirSync(dirname(join(dist, path)), { recursive: true });
      writeFileSync(join(dist, path), content);
    }
    return startTestCasino({ clientDist: dist });
  });
}

/**
 * The suite's casino over a PostgreSQL schema of its own, dropped after the suite (run it under
 * `describe.runIf(postgresUrlForTests())`); `start` gets the database options.
 */
export function usePostgresCasino(
  label: string,
  start: (database: Partial<StartCasinoOptions>) => Promise<TestCasino> = startTestCasino,
): TestCasino {
  const schema = `casino_${label}_${process.pid}_${Date.now()}`;
  const casino = {} as TestCasino;
  beforeAll(async () => {
    Object.assign(casino, await start({ databaseUrl: requirePostgresUrl(), pgSchema: schema }));
  });
  afterAll(async () => {
    if ("stop" in casino) await casino.stop();
    await dropPostgresSchema(requirePostgresUrl(), schema);
  });
  return casino;
}

/** The PostgreSQL server of the tests; only called inside suites that run when there is one. */
function requirePostgresUrl(): string {
  const url = postgresUrlForTests();
  if (!url) throw new Error("PostgreSQL tests are skipped (CASINO_SKIP_POSTGRES=1)");
  return url;
}

/** Security events recorded so far with a type, oldest first (flushes the sink first). */
export async function securityEventsOf(casino: TestCasino, type: string) {
  await casino.flushSecurityEvents();
  return casino.handle.db
    .selectFrom("security_events")
    .selectAll()
    .where("type", "=", type)
    .orderBy("id")
    .execute();
}

/** One HTTP answer, with the body parsed when it is JSON. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes.
  body: any;
}

/** What a request may carry: a JSON body, a raw body (malformed JSON tests) and extra headers. */
export interface RequestOptions {
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

/** A browser-like client: keeps the session cookie between calls, like a tab does. */
export interface ApiClient {
  request(method: string, path: string, options?: RequestOptions): Promise<Answer>;
  get(path: string): Promise<Answer>;
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  /** The session token held in the cookie jar, if any. */
  readonly token: string | undefined;
}

/** Creates a client with an empty cookie jar for a casino's base URL. */
export function createClient(baseUrl: string): ApiClient {
  const jar = new Map<string, string>();
  const request = async (method: string, path: string, options: RequestOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = { ...options.headers };
    if (jar.size > 0) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers["content-type"] ??= "application/json";
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === "";
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: keep the text.
    }
    return { status: response.status, headers: response.headers, text, body: parsed };
  };
  return {
    request,
    get: (path) => request("GET", path),
    post: (path, body, headers) =>
      request("POST", path, { body: body ?? {}, ...(headers ? { headers } : {}) }),
    get token() {
      return jar.get("casino_session");
    },
  };
}

/** A fresh demo identity: DEMO + 9 random uppercase letters or digits. */
export function randomDemoAddress(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  return `DEMO${[...randomBytes(9)].map((b) => alphabet[b % alphabet.length]).join("")}`;
}

/** A new client connected as a new demo wallet; returns the client and the user record. */
export async function connectDemoClient(baseUrl: string, address = randomDemoAddress()) {
  const client = createClient(baseUrl);
  const answer = await client.post("/api/users", { walletAddress: address });
  if (answer.status !== 201 && answer.status !== 200)
    throw new Error(`connect failed: ${answer.status} ${answer.text}`);
  return { client, user: answer.body as { id: string; walletAddress: string }, address };
}

/** How many rows a table holds. */
export async function countRows(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Everything that money touches, for before/after comparisons: balances, ledger and chain rows,
 * cashier records. Equal snapshots mean a refused request changed nothing.
 */
export async function snapshotMoney(db: Kysely<Database>) {
  const count = (table: keyof Database) => countRows(db, table);
  return {
    balances: await db
      .selectFrom("balances")
      .select(["account_id", "currency", "balance"])
      .orderBy("account_id")
      .orderBy("currency")
      .execute(),
    chain: await db.selectFrom("chain_accounts").selectAll().orderBy("address").execute(),
    ledgerEntries: await count("ledger_entries"),
    ledgerTransactions: await count("ledger_transactions"),
    chainTransfers: await count("chain_transfers"),
    cryptoTransactions: await count("crypto_transactions"),
  };
}
