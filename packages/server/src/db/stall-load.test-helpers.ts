/** Load for the stall test: paced dice bettors over real HTTP and a probe that times a cheap GET. */
import SQLite from "better-sqlite3";

/** How long a request may take before it counts as hung (and is abandoned). */
const HANG_MS = 10_000;

/** One answered (or hung) request: when it started, how long it took, what came back. */
export interface Answered {
  /** What was asked: the request path. */
  path: string;
  startedAt: number;
  ms: number;
  /** 0 when the request hung or the connection failed. */
  status: number;
  retryAfter: string | null;
  /** Why a request got no answer (a timeout, a refused or reset connection). */
  error?: string;
}

/** Sends one request with a session cookie and times it; never throws. */
async function timed(url: string, init: RequestInit): Promise<Answered & { body: unknown }> {
  const path = new URL(url).pathname;
  const startedAt = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(HANG_MS) });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    const ms = performance.now() - startedAt;
    return {
      path,
      startedAt,
      ms,
      status: response.status,
      retryAfter: response.headers.get("retry-after"),
      body,
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return {
      path,
      startedAt,
      ms: performance.now() - startedAt,
      status: 0,
      retryAfter: null,
      body: undefined,
      error: cause ?? (error as Error).name,
    };
  }
}

/** A loop that runs until stopped; `done` settles once its last request has answered. */
export interface Loop {
  stop(): void;
  done: Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Bets 1 HC on dice every `pauseMs` for one session, taking the Demo Play grant when the balance
 * runs low; every money-moving request is recorded.
 */
export function startBettor(
  baseUrl: string,
  token: string,
  pauseMs: number,
  record: (a: Answered) => void,
): Loop {
  let running = true;
  const init = (body: unknown): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/json", cookie: `casino_session=${token}` },
    body: JSON.stringify(body),
  });
  const done = (async () => {
    while (running) {
      const bet = await timed(
        `${baseUrl}/api/games/dice`,
        init({ betAmount: 1, currency: "HC", betType: "low" }),
      );
      record(bet);
      const balance = Number((bet.body as { houseBalance?: string } | undefined)?.houseBalance ?? 1000);
      if (bet.status === 200 && balance < 100)
        record(await timed(`${baseUrl}/api/crypto/demo-grant`, init({})));
      await sleep(pauseMs);
    }
  })();
  return {
    stop: () => {
      running = false;
    },
    done,
  };
}

/** GETs `url` every `everyMs` and records how long each answer took. */
export function startProbe(url: string, everyMs: number, record: (a: Answered) => void): Loop {
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      record(await timed(url, {}));
      await sleep(Math.max(0, everyMs - (performance.now() - started)));
    }
  })();
  return {
    stop: () => {
      running = false;
    },
    done,
  };
}

/** The p-th percentile (0..100) of some numbers, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** Probe and bet figures of the requests started in [from, to). */
export interface WindowFigures {
  probes: number;
  probeP50: number;
  probeP99: number;
  settled: number;
  busy: number;
  other: number;
  slowestBetMs: number;
}

/** Sums up one time window of the load. */
export function summarize(bets: Answered[], probes: Answered[], from: number, to: number): WindowFigures {
  const inside = (a: Answered) => a.startedAt >= from && a.startedAt < to;
  const probeMs = probes.filter(inside).map((a) => a.ms);
  const money = bets.filter(inside);
  return {
    probes: probeMs.length,
    probeP50: Math.round(percentile(probeMs, 50)),
    probeP99: Math.round(percentile(probeMs, 99)),
    settled: money.filter((a) => a.status === 200).length,
    busy: money.filter((a) => a.status === 503).length,
    other: money.filter((a) => a.status !== 200 && a.status !== 503).length,
    slowestBetMs: Math.round(Math.max(0, ...money.map((a) => a.ms))),
  };
}

/**
 * Appends about `megabytes` MB to the WAL of the live database in one transaction through a second
 * connection (a table of its own), so the WAL file is that large whatever the checkpointer does next.
 */
export function growWal(file: string, megabytes: number): void {
  const filler = new SQLite(file);
  filler.pragma("busy_timeout = 10000");
  filler.exec("create table if not exists stall_filler (data blob not null)");
  const insert = filler.prepare("insert into stall_filler (data) values (randomblob(?))");
  filler.transaction(() => {
    for (let i = 0; i < megabytes * 16; i++) insert.run(64 * 1024);
  })();
  filler.close();
}

/**
 * Holds a read transaction on the live database for `ms`, as an open `sqlite3` shell or a slow
 * report does: BEGIN, one SELECT (which takes the snapshot), wait, COMMIT.
 */
export async function holdReadTransaction(file: string, ms: number): Promise<void> {
  const reader = new SQLite(file);
  try {
    reader.exec("begin");
    reader.prepare("select count(*) as n from ledger_entries").get();
    await sleep(ms);
    reader.exec("commit");
  } finally {
    reader.close();
  }
}
