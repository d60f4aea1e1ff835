/**
 * The operator side of one casino process: the password hashes, the failed-password throttle, the
 * API metrics, a short cache of the dashboard's figures, the full ledger check and the monitors'
 * schedule. startOperator builds it once per casino process and starts the monitors.
 */
import { type ReadRunner, startReadRunner } from "../db/read-worker.ts";
import type { CasinoServices } from "../services.ts";
import { type ApiMetrics, createApiMetrics } from "./api-metrics.ts";
import { type LoopDelayMonitor, type LoopDelayOptions, startLoopDelayMonitor } from "./loop-delay.ts";
import { auditLedger } from "./monitors/bookkeeper.ts";
import { watchTables } from "./monitors/dealer.ts";
import { auditFairness } from "./monitors/fairness.ts";
import { createFullLedgerCheck, type FullLedgerCheck } from "./monitors/full-ledger-check.ts";
import {
  type MonitorScheduler,
  type ScheduledMonitor,
  scheduleMonitors,
  type Timers,
} from "./monitors/schedule.ts";
import { aggregateEvents } from "./monitors/sentinel.ts";
import { loadPassword } from "./passwords.ts";
import type { PersonaId } from "./personas.ts";
import { type OperatorReadJobs, READ_JOBS_MODULE, readJobs } from "./read-jobs.ts";
import {
  type AccountPace,
  createFailureThrottle,
  createPasswordThrottle,
  type FailureThrottle,
  type PasswordThrottle,
} from "./throttle.ts";

/** How the operator side starts; every field has a default. */
export interface OperatorOptions {
  /** The dashboard password (else OPERATOR_PASSWORD, else `<dataDir>/operator-password`). */
  password?: string;
  /** The vault password (else OPERATOR_VAULT_PASSWORD, else `<dataDir>/vault-password`). */
  vaultPassword?: string;
  /** Where the password files are looked for. */
  dataDir?: string;
  /** The environment the passwords are read from (default process.env). */
  env?: Record<string, string | undefined>;
  /** Run the monitors on their schedules (default true). */
  monitors?: boolean;
  /** Interval of each monitor in ms. */
  intervalsMs?: Partial<Record<PersonaId, number>>;
  /** Delay before each monitor's first run, ms (default: a second or so after start, staggered). */
  firstRunMs?: number;
  /** Timers for the schedule (tests). */
  timers?: Timers;
  /** Randomness of the fairness auditor's sample (tests seed it). */
  random?: () => number;
  /** How long the dashboard's figures are reused, ms (default 1000; tests use 0). */
  cacheMs?: number;
  /** Failed passwords allowed per source and window (default 5 per 15 min). */
  failureLimit?: { maxFailures: number; windowMs: number };
  /** The pace of failed passwords over all sources (default 20 per 15 min free, then 1 s doubling). */
  accountPace?: AccountPace;
  /** Where password attempts are counted, shared by a cluster's processes (default: this process's memory). */
  throttle?: FailureThrottle;
  /** Event-loop delay measurement (windows, stall threshold), or false to measure nothing. */
  loopDelay?: Omit<LoopDelayOptions, "onStall" | "now"> | false;
}

/** Default monitor intervals: the sentinel sweeps often, the incremental ledger check once a minute. */
export const DEFAULT_INTERVALS_MS: Record<PersonaId, number> = {
  orion: 60_000,
  vega: 60_000,
  lyra: 15_000,
  sirius: 5_000,
};

/** The operator state of one process. */
export interface OperatorRuntime {
  services: CasinoServices;
  loginHash: string | undefined;
  vaultHash: string | undefined;
  throttle: PasswordThrottle;
  metrics: ApiMetrics;
  scheduler: MonitorScheduler | undefined;
  /** Heavy reads (the bookkeeper, the dashboard's scans): a worker thread on SQLite. */
  reads: ReadRunner<OperatorReadJobs>;
  /** This process's event-loop delay, once startOperator runs. */
  loopDelay: LoopDelayMonitor | undefined;
  /** The bookkeeper's full check, on demand from the dashboard. */
  fullCheck: FullLedgerCheck;
  /** Reuses a figure computed less than cacheMs ago. */
  cached<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /** Drops every cached figure (after the operator changed something). */
  forget(): void;
}

function createRuntime(services: CasinoServices, options: OperatorOptions): OperatorRuntime {
  const cacheMs = options.cacheMs ?? 1000;
  const memo = new Map<string, { at: number; value: Promise<unknown> }>();
  return {
    services,
    loginHash: undefined,
    vaultHash: undefined,
    throttle: createPasswordThrottle(options.throttle ?? createFailureThrottle(), {
      ...(options.failureLimit ? { source: options.failureLimit } : {}),
      ...(options.accountPace ? { account: options.accountPace } : {}),
    }),
    metrics: createApiMetrics(),
    scheduler: undefined,
    reads: startReadRunner(services.handle, READ_JOBS_MODULE, readJobs),
    loopDelay: undefined,
    fullCheck: createFullLedgerCheck(services),
    cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
      const at = services.now();
      const hit = memo.get(key);
      if (hit && at - hit.at < cacheMs) return hit.value as Promise<T>;
      const value = compute();
      memo.set(key, { at, value });
      value.catch(() => memo.delete(key));
      return value;
    },
    forget() {
      memo.clear();
    },
  };
}

/** The four monitors with their intervals. */
function defineMonitors(
  services: CasinoServices,
  runtime: OperatorRuntime,
  options: OperatorOptions,
): ScheduledMonitor[] {
  const interval = (persona: PersonaId) => options.intervalsMs?.[persona] ?? DEFAULT_INTERVALS_MS[persona];
  const random = options.random;
  const first = options.firstRunMs === undefined ? {} : { firstRunMs: options.firstRunMs };
  const monitors: ScheduledMonitor[] = [
    {
      persona: "orion",
      intervalMs: interval("orion"),
      run: () => auditFairness(services, random ? { random } : {}),
    },
    { persona: "vega", intervalMs: interval("vega"), run: () => auditLedger(services, runtime.reads) },
    { persona: "lyra", intervalMs: interval("lyra"), run: () => watchTables(services) },
    { persona: "sirius", intervalMs: interval("sirius"), run: () => aggregateEvents(services) },
  ];
  return monitors.map((m) => ({ ...m, ...first }));
}

/** Loads the passwords, logs how to set a missing one, and starts the monitors; stop() on shutdown. */
export async function startOperator(
  services: CasinoServices,
  options: OperatorOptions = {},
): Promise<{ runtime: OperatorRuntime; stop(): Promise<void> }> {
  const runtime = createRuntime(services, options);
  const env = options.env ?? process.env;
  const dataDir = options.dataDir ?? ".";
  const login = await loadPassword({
    option: options.password,
    environment: env.OPERATOR_PASSWORD,
    dataDir,
    fileName: "operator-password",
  });
  const vault = await loadPassword({
    option: options.vaultPassword,
    environment: env.OPERATOR_VAULT_PASSWORD,
    dataDir,
    fileName: "vault-password",
  });
  runtime.loginHash = login.hash;
  runtime.vaultHash = vault.hash;
  if (!login.hash) {
    services.log.warn(
      `operator dashboard locked: set OPERATOR_PASSWORD or write the password (or its scrypt hash) to ${dataDir}/operator-password`,
    );
  }
  if (!vault.hash) {
    services.log.warn(
      `operator vault locked: set OPERATOR_VAULT_PASSWORD or write the password (or its scrypt hash) to ${dataDir}/vault-password`,
    );
  }
  services.log.info({ login: login.origin, vault: vault.origin }, "operator passwords loaded");
  if (options.monitors !== false) {
    runtime.scheduler = scheduleMonitors(
      services,
      defineMonitors(services, runtime, options),
      options.timers,
    );
  }
  if (options.loopDelay !== false) {
    runtime.loopDelay = startLoopDelayMonitor({
      ...options.loopDelay,
      now: services.now,
      onStall: (window) =>
        services.security.recordSecurityEvent({
          type: "event_loop_stall",
          severity: "high",
          location: "server event loop",
          details: `event-loop delay p99 ${window.p99Ms} ms (max ${window.maxMs} ms) from ${window.startedAt} to ${window.endedAt}`,
          source: `process:${process.pid}`,
          blocked: false,
          rule: "ops/event-loop-delay",
        }),
    });
  }
  return {
    runtime,
    async stop() {
      await runtime.scheduler?.stop();
      runtime.loopDelay?.stop();
      await runtime.fullCheck.wait();
      await runtime.reads.close();
    },
  };
}
