/**
 * Supernova in one casino process: an engine per currency (HC and AMINA), started once the
 * currency's chain exists (made at first start, in slices, while the casino already serves).
 */
import { CURRENCIES, type Currency } from "@casino/protocol";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { RoundRecord } from "../rounds/types.ts";
import type { CasinoServices } from "../services.ts";
import { type ChainOptions, ensureChain } from "./chain-store.ts";
import { CrashEngine } from "./engine.ts";

/** How a process runs Supernova (tests shorten the chain and the phases). */
export interface CrashOptions {
  chainLength?: number;
  bettingMs?: number;
  pauseMs?: number;
  /** Milliseconds between the engine's steps. */
  tickMs?: number;
  /** A fixed secret last hash and salt (tests: the worked examples' chain); never set in production. */
  testChain?: { lastHash: string; salt: string };
}

/** The engines of a process and their lifecycle. */
export interface CrashRuntime {
  /** The engine of a currency once its chain is ready, else undefined. */
  engine(currency: Currency): CrashEngine | undefined;
  /** Resolves when every engine runs. */
  ready(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
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

  // Inside an idempotent request's transaction every read goes through it (SQLite has one writer connection).
  const usernameOf = async (userId: string, trx?: Kysely<Database>): Promise<string> => {
    const row = await (trx ?? services.handle.db)
      .selectFrom("users")
      .select(["username"])
      .where("id", "=", userId)
      .executeTakeFirst();
    return row?.username ?? `player_${userId.slice(-6)}`;
  };

  const startCurrency = async (currency: Currency) => {
    const chainOptions: ChainOptions = {
      ...(options.chainLength ? { length: options.chainLength } : {}),
      ...(options.testChain ?? {}),
      progress: (done, length) => {
        if (done % 200_000 === 0) services.log.info({ currency, done, length }, "crash chain being made");
      },
    };
    const chain = await ensureChain(services.handle, currency, chainOptions);
    if (stopped) return;
    const engine = new CrashEngine({
      handle: services.handle,
      currency,
      chain,
      now: services.now,
      ...(options.bettingMs === undefined ? {} : { bettingMs: options.bettingMs }),
      ...(options.pauseMs === undefined ? {} : { pauseMs: options.pauseMs }),
      ...(options.observe ? { observe: options.observe } : {}),
      ...(options.isPaused ? { isPaused: options.isPaused } : {}),
      usernameOf,
      log: (message, error) => services.log.error({ err: error, currency }, message),
    });
    engines.set(currency, engine);
    await engine.start(options.tickMs ?? 20);
  };

  return {
    engine: (currency) => engines.get(currency),
    ready: () => starting ?? Promise.resolve(),
    start() {
      starting ??= (async () => {
        for (const currency of CURRENCIES) await startCurrency(currency);
      })().catch((error: unknown) => services.log.error({ err: error }, "crash rounds failed to start"));
    },
    async stop() {
      stopped = true;
      await starting;
      await Promise.all([...engines.values()].map((engine) => engine.stop()));
    },
  };
}
