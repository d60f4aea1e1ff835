/** The answers of /api/security/* as the dashboard reads them (the server's operator routes). */

/** SECURE only while no critical or high event is unresolved. */
export type SecurityStatus = "SECURE" | "WARNING" | "CRITICAL";

/** How bad an event is. */
export type Severity = "critical" | "high" | "medium" | "low";

/** POST /api/security/login. */
export type LoginAnswer = { token: string; expiresAt: string };

/** GET /api/security/dom. */
export type DomStats = {
  status: SecurityStatus;
  timestamp: string;
  activeIssues: number;
  unresolvedCritical: number;
  unresolvedHigh: number;
  totalEvents: number;
  threatsBlocked: number;
  betsToday: number;
  maintenance: boolean;
};

/** One recorded security event (recentVulnerabilities item). */
export type Vulnerability = {
  id: number;
  type: string;
  severity: Severity;
  autoFixed: boolean;
  resolved: boolean;
  timestamp: string;
  location: string;
  details: string;
  riskScore: number;
  source: string;
  fixedCode: string | null;
};

/** GET /api/security/real-time-vulnerabilities. */
export type RealTimeVulnerabilities = {
  timestamp: string;
  status: SecurityStatus;
  realTimeStats: {
    totalVulnerabilities: number;
    fixSuccessRate: number;
    activeIssues: number;
  } & Record<Severity, number>;
  recentVulnerabilities: Vulnerability[];
};

/** GET /api/security/hackers. */
export type HackerStats = {
  totalBlocked: number;
  lastBlockedIP: string | null;
  lastBlockedAt: string | null;
  mostCommonAttack: string | null;
  autoBlockingActive: boolean;
  attacksByType: { type: string; count: number }[];
  topSources: { source: string; count: number; lastSeen: string }[];
};

/** The nine persona stat fields of SPEC.md section 3. */
export type PersonaStatField =
  | "totalReports"
  | "issuesDetected"
  | "tasksDispatched"
  | "fairnessVerifications"
  | "bookkeepingEntries"
  | "financialChecks"
  | "totalShuffles"
  | "tablesMonitored"
  | "backendLogs";

/** GET /api/security/{persona}/stats. */
export type PersonaStats = {
  persona: string;
  name: string;
  role: string;
  duty: string;
  lastRunAt: string | null;
  details: Record<string, number>;
} & Record<PersonaStatField, number>;

/** One window of the server's event-loop delay, in ms. */
export type LoopDelayWindow = {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
  samples: number;
  startedAt: string;
  endedAt: string;
};

/** The server's event-loop delay: the last full window (or the one so far). */
export type EventLoopDelay = {
  window: LoopDelayWindow;
  complete: boolean;
  windowMs: number;
  thresholdMs: number;
  stalledWindows: number;
};

/** The bookkeeper's last run. */
export type LedgerCheck = {
  ok: boolean;
  mode: "incremental" | "rebuild" | "wait";
  balancesChecked: number;
  entriesChecked: number;
  newEntries: number;
  durationMs: number;
  mismatchCount: number;
  checkedAt: string;
};

/** The bookkeeper's full check: running here, and the last one's result. */
export type LedgerFullCheck = {
  running: boolean;
  runningSince: string | null;
  last: {
    ok: boolean;
    entriesChecked: number;
    mismatchCount: number;
    durationMs: number;
    checkedAt: string;
  } | null;
};

/** GET /api/security/comprehensive (the parts the dashboard shows). */
export type ComprehensiveScan = {
  status: SecurityStatus;
  timestamp: string;
  betsToday: number;
  lastCheckup: string | null;
  ledger: LedgerCheck | null;
  ledgerFullCheck: LedgerFullCheck;
  eventLoopDelay: EventLoopDelay | null;
};

/** GET /api/security/domain/report. */
export type DomainReport = {
  domain: string;
  status: SecurityStatus;
  totalIssuesFixed: number;
  activeIssues: number;
  lastCheckup: string | null;
  maintenance: boolean;
  maintenanceSince: string | null;
};

/** POST /api/security/emergency-domain-fix. */
export type DomainFixAnswer = { success: boolean; domain: string; maintenance: boolean; message: string };

/** GET /api/security/timeline. */
export type Timeline = { minutes: number; buckets: TimelineBucket[] };

/** One minute of the chart. */
export type TimelineBucket = { minute: string; events: number; bets: number };

/** GET /api/security/{persona}/vault. */
export type VaultLogs = {
  serverStatus: { uptime: number; nodeVersion: string; platform: string; arch: string; memoryRssMb: number };
  systemHealth: {
    databaseConnection: string;
    databaseLatencyMs: number | null;
    databaseDialect: string;
    apiResponseTime: number | null;
    errorRate: number;
    requestsMeasured: number;
    eventLoopDelay: EventLoopDelay | null;
  };
  cryptoSecurity: {
    addressesProtected: number;
    aminaTokenSecurity: {
      supplyIntact: boolean;
      totalSupply: string;
      accountedFor: string;
      custody: string;
      wallets: string;
      creatorReserve: string;
    };
    privateKeyProtection: { playerKeysHeld: number; signedChallengesVerified: number };
    transactionSafety: {
      ledgerBalanced: boolean | null;
      ledgerCheckedAt: string | null;
      confirmedTransfers: number;
      failedTransfers: number;
    };
  };
  recentActivity: {
    gameSessionsToday: number;
    securityChecksPerformed: number;
    threatsBlocked: number;
    vulnerabilitiesFixed: number;
  };
  hackerAttempts: {
    totalBlocked: number;
    lastBlockedIP: string | null;
    mostCommonAttack: string | null;
    autoBlockingActive: boolean;
  };
  protectedBy: string;
  vaultRefreshCycle: string;
  lastUpdated: string;
};
