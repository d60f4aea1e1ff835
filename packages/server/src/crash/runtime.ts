/**
 * Supernova in one casino process: per currency (HC and AMINA), once the chain exists (made at
 * first start, in slices, while the casino already serves), the process that takes the currency's
 * lease hosts its rounds with an engine, renews the lease every few seconds and stops hosting when
 * it loses it; the others keep trying, so a crashed host's currency passes to a live process, which
 * voids the unfinished flight and goes on from the next hash.
 */
import { CURRENCIES, type Currency } from "@casino/protocol";
import DataLoader from "dataloader";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { RoundRecord } from "../rounds/types.ts";
import type { CasinoServices } from "../services.ts";
import { type ChainOptions, ensureChain } from "./chain-store.ts";
import { CrashEngine } from "./engine.ts";
import { acquireCrashLease, releaseCrashLease, renewCrashLease } from "./lease.ts";

/** How a process runs Supernova (tests shorten the chain and the phases). */
export interface CrashOptions {
  chainLength?: number;
  bettingMs?: number;
  pauseMs?: number;
  /** Milliseconds between the engine's steps. */
  tickMs?: number;
  /** A fixed secret last hash and salt (tests: the worked examples' chain); never set in production. */
  testChain?: { lastHash: string; salt: string };
  /** This process's lease owner id (the poker tables' node id). */
  nodeId?: string;
  /** How often the lease is renewed or, by a process without it, tried. */
  leaseCheckMs?: number;
  /** Told how long each room bet or cash-out took from its arrival to its answer (the load test). */
  onAnswer?: (action: CrashAction, ms: number) => void;
}

/** What a player asks of a round. */
export type CrashAction = "bet" | "cashOut";

/** The engines of a process and their lifecycle. */
export interface CrashRuntime {
  /** The engine of a currency once its chain is ready and its first round open, else undefined. */
  engine(currency: Currency): CrashEngine | undefined;
  /** Resolves when every engine runs. */
  ready(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
  /** Records how long a room bet or cash-out took from its arrival to its answer. */
  observeAnswer(action: CrashAction, ms: number): void;
}

/** Builds the runtime; `observe` is told of every settled bet (metrics, the live feed). */
export function createCrashRuntime(
  services: CasinoServices,
  options: CrashOptions & {
    observe?: (round: RoundRecord) => void;
    isPaused?: (trx?: Kysely<Database>) => Promise<boolean>;
  } = {},
): CrashRuntime {
  const engines = new Map<Currency, CrashEngine>();
  let starting: Promise<void> | undefined;
  let stopped = false;

  // Names asked for in the same turn of the event loop (a batch of bets) are read in one query.
  const readUsernames = async (userIds: readonly string[], trx?: Kysely<Database>): Promise<string[]> => {
    const rows = await (trx ?? services.handle.db)
      .selectFrom("users")
      .select(["id", "username"])
      .where("id", "in", [...userIds])
      .execute();
    const names = new Map(rows.map((row) => [row.id, row.username]));
    return userIds.map((id) => names.get(id) ?? `player_${id.slice(-6)}`);
  };
  const usernames = new DataLoader<string, string>((ids) => readUsernames(ids), { cache: false });
  // Inside an idempotent request's transaction every read goes through it (SQLite has one writer connection).
  const usernameOf = async (userId: string, trx?: Kysely<Database>): Promise<string> =>
    trx ? ((await readUsernames([userId], trx))[0] as string) : usernames.load(userId);

  const owner = options.nodeId ?? "local";
  const checkMs = options.leaseCheckMs ?? 3_000;
  const hosted = new Map<Currency, number>(); // currency -> lease epoch
  const timers: NodeJS.Timeout[] = [];

  const chainOptions: ChainOptions = {
    ...(options.chainLength ? { length: options.chainLength } : {}),
    ...(options.testChain ?? {}),
    progress: (done, length) => {
      if (done % 200_000 === 0) services.log.info({ done, length }, "crash chain being made");
    },
  };

  /** Hosts the currency when its lease is free; renews it while hosting; stops hosting when it is lost. */
  const checkCurrency = async (currency: Currency): Promise<void> => {
    const epoch = hosted.get(currency);
    const engine = engines.get(currency);
    if (epoch !== undefined && engine && !engine.fenced) {
      if (await renewCrashLease(services.handle, currency, owner, epoch, services.now())) return;
      services.log.warn({ currency, epoch }, "crash lease lost: this process stops hosting the rounds");
    }
    if (engine) {
      engines.delete(currency);
      hosted.delete(currency);
      await engine.stop();
    }
    if (stopped) return;
    const chain = await ensureChain(services.handle, currency, chainOptions);
    const taken = await acquireCrashLease(services.handle, currency, owner, services.now());
    if (taken === undefined || stopped) return;
    const next = new CrashEngine({
      handle: services.handle,
      currency,
      chain,
      epoch: taken,
      now: services.now,
      ...(options.bettingMs === undefined ? {} : { bettingMs: options.bettingMs }),
      ...(options.pauseMs === undefined ? {} : { pauseMs: options.pauseMs }),
      ...(options.observe ? { observe: options.observe } : {}),
      ...(options.isPaused ? { isPaused: options.isPaused } : {}),
      usernameOf,
      log: (message, error) => services.log.error({ err: error, currency }, message),
    });
    hosted.set(currency, taken);
    engines.set(currency, next);
    await next.start(options.tickMs ?? 20);
  };

  const check = (currency: Currency) =>
    checkCurrency(currency).catch((error: unknown) =>
      services.log.error({ err: error, currency }, "crash hosting check failed"),
    );

  return {
    // An engine still settling what a previous host left (no round open yet) serves nothing.
    engine: (currency) => {
      const engine = engines.get(currency);
      return engine?.phase === "idle" ? undefined : engine;
    },
    ready: () => starting ?? Promise.resolve(),
    observeAnswer: (action, ms) => options.onAnswer?.(action, ms),
    start() {
      starting ??= (async () => {
        for (const currency of CURRENCIES) {
          await check(currency);
          const timer = setInterval(() => void check(currency), checkMs);
          timer.unref();
          timers.push(timer);
        }
      })();
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await starting;
      await Promise.all(
        [...engines].map(async ([currency, engine]) => {
          await engine.stop();
          const epoch = hosted.get(currency);
          if (epoch !== undefined) await releaseCrashLease(services.handle, currency, owner, epoch);
        }),
      );
      engines.clear();
    },
  };
}
