/** The casino process: reads the configuration, starts the server, and stops cleanly on SIGINT/SIGTERM. */
import { startCasino } from "./app.ts";
import { loadConfig } from "./config.ts";

const loaded = loadConfig();
if (!loaded.ok) {
  console.error(`casino: bad configuration\n  ${loaded.errors.join("\n  ")}`);
  process.exit(1);
}
const config = loaded.config;

const casino = await startCasino({
  port: config.port,
  dataDir: config.dataDir,
  clientDist: config.clientDist,
  logLevel: config.logLevel,
  trustProxy: config.trustProxy,
  publicOrigins: config.publicOrigins,
  aminaAssetId: config.aminaAssetId,
  rateLimit: config.rateLimit,
  httpTimeouts: config.httpTimeouts,
  walWarnBytes: config.walWarnBytes,
  poker: { bots: config.pokerBots },
  crash: { chainLength: config.crashChainLength },
  ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
  ...(config.databaseSchema ? { pgSchema: config.databaseSchema } : {}),
  ...(config.redisUrl ? { redisUrl: config.redisUrl } : {}),
  ...(config.internalUrl ? { internalUrl: config.internalUrl } : {}),
  ...(config.publicAddress ? { publicAddress: config.publicAddress } : {}),
  ...(config.metricsPort ? { metricsPort: config.metricsPort } : {}),
});

let stopping = false;
/** Closes rooms, connections and the database, then exits; a second signal exits at once. */
async function stop(signal: string): Promise<void> {
  if (stopping) process.exit(1);
  stopping = true;
  casino.services.log.info({ signal }, "casino shutting down");
  try {
    await casino.close();
    process.exit(0);
  } catch (error) {
    console.error("casino: shutdown failed", error);
    process.exit(1);
  }
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
