/**
 * The security-event sink: every rejected input, auth failure, wallet mismatch and rate-limit hit
 * lands in security_events for the sentinel. Batched in memory and written in bulk; it never throws
 * into the request path. Within one batch the first few like events (same type, source, severity,
 * place, rule) are rows of their own; the rest fold into the last of them (its count and the time
 * of the last), unlogged: a flood of refused requests is a few rows and log lines per second, not
 * one per request.
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
  /** How many like events this report stands for (thinned reports, see limit-events.ts); default 1. */
  count?: number;
}

/** Where events go; `record` is fire-and-forget, `flush` waits until everything queued is stored. */
export interface SecurityEventSink {
  recordSecurityEvent(event: SecurityEventInput): void;
  flush(): Promise<void>;
  close(): Promise<void>;
  /** Events dropped because the buffer overflowed (a flood); reported, not stored. */
  readonly droppedCount: number;
}

/** Like events stored as rows of their own per batch; the further ones only add to the last one's count. */
export const LIKE_EVENTS_PER_BATCH = 5;

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
  count: number;
  last_seen: number;
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
  let likes = new Map<string, { seen: number; row: Row }>();
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
    likes = new Map();
    writing = writing.then(() => writeBatch(rows));
    return writing;
  };

  return {
    recordSecurityEvent(event) {
      if (closed) return;
      try {
        const now = Date.now();
        const type = event.type.slice(0, 64);
        const source = hashSource(salt, event.source);
        const location = event.location.slice(0, 200);
        const blocked = event.blocked ? 1 : 0;
        const rule = event.rule ?? null;
        const key = JSON.stringify([type, source, event.severity, location, blocked, rule]);
        const like = likes.get(key);
        const count = Math.max(1, Math.floor(event.count ?? 1));
        if (like && like.seen >= LIKE_EVENTS_PER_BATCH) {
          like.row.count += count;
          like.row.last_seen = now;
          return;
        }
        if (buffer.length >= maxBuffer) {
          dropped += 1;
          return;
        }
        const row: Row = {
          type,
          severity: event.severity,
          location,
          details: event.details.slice(0, 500),
          risk_score: Math.max(
            0,
            Math.min(100, Math.round(event.riskScore ?? RISK_BY_SEVERITY[event.severity])),
          ),
          source,
          blocked,
          rule,
          resolved: 0,
          created_at: now,
          count,
          last_seen: now,
        };
        buffer.push(row);
        likes.set(key, { seen: (like?.seen ?? 0) + 1, row });
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
