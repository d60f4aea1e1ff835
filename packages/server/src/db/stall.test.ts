/**
 * A long read transaction on the live SQLite file (an open `sqlite3` shell, a report, a slow copy)
 * must not freeze the casino, however large the WAL has grown: while one is held for 30 s, 20
 * bettors keep betting over real HTTP and a probe keeps fetching the home page from a real
 * `main.ts` process. Every bet settles (a busy 503 with Retry-After is allowed, but hardly ever
 * happens) within a second, the probe stays fast, and afterwards every settled bet is in the
 * ledger and its invariants hold.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { connectDemoClient } from "../http/test-helpers.ts";
import { checkLedgerInvariants } from "../ledger/invariants.ts";
import { startMain } from "../main-process.test-helpers.ts";
import { CASINO_MIGRATIONS } from "../migrations.ts";
import { useTempDir } from "../temp-dir.test-helpers.ts";
import { openDatabase } from "./connect.ts";
import {
  type Answered,
  growWal,
  holdReadTransaction,
  startBettor,
  startProbe,
  summarize,
} from "./stall-load.test-helpers.ts";

const BETTORS = 20;
const BET_PAUSE_MS = 200;
const PROBE_EVERY_MS = 25;
const WARM_UP_MS = 1000;
const BASELINE_MS = 8000;
const HOLD_MS = 30_000;
/** The probe's p99 bound while the reader holds its transaction. */
const PROBE_P99_MS = 200;
/** The longest a bet may take to settle or be refused. */
const BET_MS = 1000;
/** A WAL grown past 32 MB, as a few seconds of heavy betting leave it. */
const WAL_MEGABYTES = 40;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a long read transaction on the live database", () => {
  const dataDir = useTempDir("casino-stall-");

  it("freezes nothing: the probe stays fast and every bet settles or gets a quick 503", {
    timeout: 120_000,
  }, async () => {
    const { child, port } = await startMain({
      PORT: "0",
      DATA_DIR: dataDir,
      CLIENT_DIST: join(dataDir, "no-client"),
      LOG_LEVEL: "info",
      RATE_LIMIT_SESSION_PER_SECOND: "100000",
      RATE_LIMIT_SESSION_BURST: "100000",
      RATE_LIMIT_ADDRESS_PER_SECOND: "100000",
      RATE_LIMIT_ADDRESS_BURST: "100000",
      RATE_LIMIT_IDENTITY_PER_MINUTE: "1000",
      RATE_LIMIT_IDENTITY_BURST: "1000",
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    const file = join(dataDir, "casino.sqlite");
    const url = `http://127.0.0.1:${port}`;
    const bets: Answered[] = [];
    const probes: Answered[] = [];
    try {
      const tokens = await Promise.all(
        Array.from({ length: BETTORS }, async () => (await connectDemoClient(url)).client.token as string),
      );
      growWal(file, WAL_MEGABYTES);
      expect(statSync(`${file}-wal`).size).toBeGreaterThan(32 * 1024 * 1024);
      // Let the client see the keep-alive sockets the server closed while the WAL grew.
      await sleep(100);
      const bettors = tokens.map((token) => startBettor(url, token, BET_PAUSE_MS, (a) => bets.push(a)));
      const probe = startProbe(`${url}/`, PROBE_EVERY_MS, (a) => probes.push(a));
      await sleep(WARM_UP_MS);

      // The same load without the reader first: the machine's own noise, to compare against.
      const baselineStart = performance.now();
      await sleep(BASELINE_MS);
      const holdStart = performance.now();
      await holdReadTransaction(file, HOLD_MS);
      const holdEnd = performance.now();
      for (const loop of [...bettors, probe]) loop.stop();
      await Promise.all([...bettors, probe].map((loop) => loop.done));

      const baseline = summarize(bets, probes, baselineStart, holdStart);
      const held = summarize(bets, probes, holdStart, holdEnd);
      console.log(`stall test, ${BASELINE_MS / 1000} s without the reader: ${JSON.stringify(baseline)}`);
      console.log(`stall test, ${HOLD_MS / 1000} s read transaction held: ${JSON.stringify(held)}`);

      // The spec's bounds; on a machine already slower than that without the reader (a shared CI
      // host), a few times its own figures: what a frozen casino cannot meet either way.
      const probeBound = Math.max(PROBE_P99_MS, 2 * baseline.probeP99);
      const betBound = Math.max(BET_MS, 3 * baseline.slowestBetMs);
      expect(held.probes).toBeGreaterThan(HOLD_MS / PROBE_EVERY_MS / 4);
      expect(held.probeP99).toBeLessThan(probeBound);
      // A reader takes no lock a writer needs: bets go on settling, hardly any is refused as busy.
      expect(held.settled).toBeGreaterThan(0);
      expect(held.busy).toBeLessThanOrEqual(held.settled / 100);
      expect(probes.filter((a) => a.status !== 200)).toEqual([]);
      for (const bet of bets) {
        expect(
          bet.status === 200 || (bet.status === 503 && bet.retryAfter !== null),
          `${bet.path} at ${Math.round(bet.startedAt - holdStart)} ms of the hold: ${bet.status} ${bet.error ?? ""}`,
        ).toBe(true);
        expect(bet.ms).toBeLessThan(betBound);
      }
    } finally {
      child.kill("SIGTERM");
      await exited;
    }

    const handle = await openDatabase({
      migrations: CASINO_MIGRATIONS,
      dataDir,
      backgroundCheckpoints: false,
    });
    try {
      const report = await checkLedgerInvariants(handle.db);
      expect(report.mismatches).toEqual([]);
      expect(report.ok).toBe(true);
      const rounds = await handle.db
        .selectFrom("game_rounds")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("game_type", "=", "dice")
        .executeTakeFirstOrThrow();
      const settledBets = bets.filter((a) => a.path === "/api/games/dice" && a.status === 200).length;
      expect(Number(rounds.n)).toBe(settledBets);
    } finally {
      await handle.close();
    }
  });
});
