/**
 * The security-event sink: every rejected input, auth failure, wallet mismatch and rate-limit hit
 * lands in security_events for the sentinel. Batched in memory and written in bulk; it never throws
 * into the request path.
 */
import type { DatabaseHandle } from "../db/connect.ts";
import type { Logger } from "../log.ts";
import { hashSource, loadSourceSalt } from "./source.ts";

/** How bad an event is, as the dashboard shows it. */
export type Severity = "critical" | "high" | "medium" | "low";

/** One event as the request path reports it; `source` is the raw address, hashed before storage. */
export interface SecurityEventInput {
  type: string;
  severity: Severity;
  location: string;
  details: string;
  source: string | undefined;
  blocked: boolean;
  rule?: string | null;
  riskScore?: number;
}

/** Where events go; `record` is fire-and-forget, `flush` waits until everything queued is stored. */
export interface SecurityEventSink {
  recordSecurityEvent(event: SecurityEventInput): void;
  flush(): Promise<void>;
  close(): Promise<void>;
  /** Events dropped because the buffer overflowed (a flood); reported, not stored. */
  readonly droppedCount: number;
}

/** Default risk score per severity when the caller gives none. */
const RISK_BY_SEVERITY: Record<Severity, number> = { critical: 90, high: 70, medium: 40, low: 15 };

export interface SinkOptions {
  flushIntervalMs?: number;
  maxBuffer?: number;
}

type Row = {
  type: string;
  severity: Severity;
  location: string;
  details: string;
  risk_score: number;
  source: string;
  blocked: number;
  rule: string | null;
  resolved: number;
  created_at: number;
};

/** Opens the sink over the casino database (loads or creates the source salt). */
export async function createSecurityEventSink(
  handle: DatabaseHandle,
  log: Logger,
  options: SinkOptions = {},
): Promise<SecurityEventSink> {
  const salt = await loadSourceSalt(handle.db);
  const flushIntervalMs = options.flushIntervalMs ?? 250;
  const maxBuffer = options.maxBuffer ?? 5000;
  let buffer: Row[] = [];
  let dropped = 0;
  let writing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const writeBatch = async (rows: Row[]) => {
    try {
      for (let i = 0; i < rows.length; i += 200) {
        await handle.db
          .insertInto("security_events")
          .values(rows.slice(i, i + 200))
          .execute();
      }
    } catch (error) {
      log.error({ err: error, count: rows.length }, "security events could not be stored");
    }
  };

  const flushNow = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (buffer.length === 0) return writing;
    const rows = buffer;
    buffer = [];
    writing = writing.then(() => writeBatch(rows));
    return writing;
  };

  return {
    recordSecurityEvent(event) {
      if (closed) return;
      try {
        if (buffer.length >= maxBuffer) {
          dropped += 1;
          return;
        }
        buffer.push({
          type: event.type.slice(0, 64),
          severity: event.severity,
          location: event.location.slice(0, 200),
          details: event.details.slice(0, 500),
          risk_score: Math.max(
            0,
            Math.min(100, Math.round(event.riskScore ?? RISK_BY_SEVERITY[event.severity])),
          ),
          source: hashSource(salt, event.source),
          blocked: event.blocked ? 1 : 0,
          rule: event.rule ?? null,
          resolved: 0,
          created_at: Date.now(),
        });
        log.warn(
          { security: event.type, location: event.location, details: event.details },
          "security event",
        );
        timer ??= setTimeout(flushNow, flushIntervalMs);
        timer.unref();
      } catch (error) {
        log.error({ err: error }, "security event could not be queued");
      }
    },
    flush: flushNow,
    async close() {
      await flushNow();
      closed = true;
    },
    get droppedCount() {
      return dropped;
    },
  };
}
