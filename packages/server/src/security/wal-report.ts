/** Tells the operator that the SQLite WAL passed its size: a warning in the log and a security event. */
import type { WalOversize } from "../db/wal-watch.ts";
import type { CasinoServices } from "../services.ts";

/** Megabytes, one decimal, for a log line or an event. */
function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Logs the oversized WAL and records it as a security event (not blocked: nothing refused it). */
export function reportWalOversize(services: CasinoServices, report: WalOversize): void {
  const details = `The SQLite WAL is ${megabytes(report.bytes)}, past its ${megabytes(report.limitBytes)}: a reader is pinning it. ${report.readers}`;
  services.log.warn(
    { walBytes: report.bytes, limitBytes: report.limitBytes, holders: report.holders ?? null },
    "SQLite WAL past its size: a reader is pinning it",
  );
  services.security.recordSecurityEvent({
    type: "wal_oversize",
    severity: "high",
    location: "database",
    details: details.slice(0, 1000),
    source: undefined,
    blocked: false,
    rule: "wal-size",
  });
}
