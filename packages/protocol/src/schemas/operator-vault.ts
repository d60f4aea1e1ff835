/** GET /api/security/{persona}/vault: the server, its health and the custody figures the vault shows. */
import { z } from "zod";
import { eventLoopDelaySchema, hackerStatsSchema } from "./operator-answers.ts";

/** The process the vault runs in. */
const serverStatusSchema = z.object({
  uptime: z.number(),
  nodeVersion: z.string(),
  platform: z.string(),
  arch: z.string(),
  memoryRssMb: z.number(),
});

/** Database, API and event-loop health. */
const systemHealthSchema = z.object({
  databaseConnection: z.string(),
  databaseLatencyMs: z.number().nullable(),
  databaseDialect: z.string(),
  apiResponseTime: z.number().nullable(),
  errorRate: z.number(),
  requestsMeasured: z.number(),
  eventLoopDelay: eventLoopDelaySchema.nullable(),
});

/** AMINA custody, keys held and transfers. */
const cryptoSecuritySchema = z.object({
  addressesProtected: z.number(),
  aminaTokenSecurity: z.object({
    supplyIntact: z.boolean(),
    totalSupply: z.string(),
    accountedFor: z.string(),
    custody: z.string(),
    wallets: z.string(),
    creatorReserve: z.string(),
  }),
  privateKeyProtection: z.object({ playerKeysHeld: z.number(), signedChallengesVerified: z.number() }),
  transactionSafety: z.object({
    ledgerBalanced: z.boolean().nullable(),
    ledgerCheckedAt: z.string().nullable(),
    confirmedTransfers: z.number(),
    failedTransfers: z.number(),
  }),
});

/** The vault's answer. */
export const vaultLogsSchema = z.object({
  serverStatus: serverStatusSchema,
  systemHealth: systemHealthSchema,
  cryptoSecurity: cryptoSecuritySchema,
  recentActivity: z.object({
    gameSessionsToday: z.number(),
    securityChecksPerformed: z.number(),
    threatsBlocked: z.number(),
    vulnerabilitiesFixed: z.number(),
  }),
  hackerAttempts: hackerStatsSchema.pick({
    totalBlocked: true,
    lastBlockedIP: true,
    mostCommonAttack: true,
    autoBlockingActive: true,
  }),
  protectedBy: z.string(),
  vaultRefreshCycle: z.string(),
  lastUpdated: z.string(),
});
export type VaultLogs = z.infer<typeof vaultLogsSchema>;
