/**
 * Taps on the casino's existing reporting paths: every security event the sink records and every
 * refusal a rate limit reports pass through here on their way, counted before any thinning.
 */
import type { SecurityEventSink } from "../security/events.ts";
import type { LimitEventReporter } from "../security/limit-events.ts";
import type { CasinoMetrics } from "./casino-metrics.ts";

/** The sink, counting each recorded event by type and severity. */
export function countSecurityEvents(sink: SecurityEventSink, metrics: CasinoMetrics): SecurityEventSink {
  return {
    recordSecurityEvent(event) {
      metrics.countSecurityEvent(event.type, event.severity, event.count ?? 1);
      sink.recordSecurityEvent(event);
    },
    flush: () => sink.flush(),
    close: () => sink.close(),
    get droppedCount() {
      return sink.droppedCount;
    },
  };
}

/** The reporter, counting every refusal by rule (the reporter itself stores a few per window). */
export function countRefusals(reporter: LimitEventReporter, metrics: CasinoMetrics): LimitEventReporter {
  return {
    report(key, event) {
      metrics.countRefusal(event.rule ?? event.type);
      reporter.report(key, event);
    },
  };
}
