/** The answers of /api/security/* as the dashboard reads them: the operator API's protocol schemas. */
export type {
  ComprehensiveScan,
  DomainFixAnswer,
  DomainReport,
  DomStats,
  EventLoopDelay,
  HackerStats,
  LedgerCheck,
  LedgerFullCheck,
  LoginAnswer,
  LoopDelayWindow,
  PersonaStatField,
  PersonaStats,
  RealTimeVulnerabilities,
  SecurityStatus,
  Severity,
  Timeline,
  TimelineBucket,
  Vulnerability,
} from "@casino/protocol/schemas/operator-answers";
export type { VaultLogs } from "@casino/protocol/schemas/operator-vault";
