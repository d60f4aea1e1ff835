/**
 * A casino in its own process for the poker load test and the crash test, so its memory is
 * measured alone and it can be killed. Options come as JSON in POKER_SERVER_OPTIONS
 * ({ dataDir, port?, poker?, profileFile? }); it prints one JSON line {"ready":true,"url":...} when
 * it listens, and closes cleanly on SIGTERM. With `profileFile`, SIGUSR2 starts the V8 CPU profiler
 * and a second SIGUSR2 stops it and writes the profile there (so only the measured window is
 * profiled).
 */
import { renameSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { join } from "node:path";
import { startCasino } from "../src/app.ts";
import type { PokerServerOptions } from "../src/poker/child-server.ts";

const options = JSON.parse(process.env.POKER_SERVER_OPTIONS ?? "{}") as Partial<PokerServerOptions>;
if (!options.dataDir) {
  console.error("poker-server: POKER_SERVER_OPTIONS needs a dataDir");
  process.exit(1);
}

const casino = await startCasino({
  port: options.port ?? 0,
  dataDir: options.dataDir,
  ...(options.databaseUrl ? { databaseUrl: options.databaseUrl, pgSchema: options.pgSchema } : {}),
  clientDist: join(options.dataDir, "no-client"),
  logLevel: options.logLevel ?? "warn",
  poker: options.poker ?? {},
  rateLimit: {
    sessionPerSecond: 100_000,
    sessionBurst: 100_000,
    addressPerSecond: 100_000,
    addressBurst: 100_000,
  },
});
if (options.tournaments) await casino.services.tournaments.configure(options.tournaments);
console.log(JSON.stringify({ ready: true, url: casino.url, pid: process.pid }));
if (options.memoryLogMs) {
  setInterval(() => {
    const m = process.memoryUsage();
    const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
    console.error(
      `poker-server memory: rss ${mb(m.rss)} MB heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} MB external ${mb(m.external)} MB`,
    );
  }, options.memoryLogMs).unref();
}

let profiler: Session | null = null;
if (options.profileFile) {
  const profileFile = options.profileFile;
  process.on("SIGUSR2", () => void toggleProfiler(profileFile));
}

/** The first SIGUSR2 starts the CPU profiler, the second stops it and writes the profile. */
async function toggleProfiler(file: string): Promise<void> {
  try {
    if (!profiler) {
      profiler = new Session();
      profiler.connect();
      await profiler.post("Profiler.enable");
      await profiler.post("Profiler.setSamplingInterval", { interval: 500 });
      await profiler.post("Profiler.start");
      return;
    }
    const { profile } = await profiler.post("Profiler.stop");
    writeFileSync(`${file}.part`, JSON.stringify(profile));
    renameSync(`${file}.part`, file);
    profiler.disconnect();
  } catch (error) {
    console.error("poker-server: profiler failed", error);
  }
}

let stopping = false;
process.on("SIGTERM", () => {
  if (stopping) return;
  stopping = true;
  void casino.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error("poker-server: close failed", error);
      process.exit(1);
    },
  );
});
