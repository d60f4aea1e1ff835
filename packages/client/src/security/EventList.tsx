import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { describeApiFailure } from "../api/http.ts";
import { formatTimestamp } from "../ui/format.ts";
import { callSecurityApi, securityPaths } from "./securityApi.ts";
import { operatorSessionAtom } from "./securityAtoms.ts";
import { RECENT_EVENTS_SHOWN } from "./securityTexts.ts";
import type { Vulnerability } from "./securityTypes.ts";
import { describeEventType, needsOperator, severityClass } from "./severity.ts";

/** The 20 most recent security events, coloured by severity, with what blocked them. */
export function EventList({ events }: { events: Vulnerability[] | undefined }) {
  const session = useAtomValue(operatorSessionAtom);
  const queryClient = useQueryClient();
  const resolve = useMutation({
    mutationFn: async (id: number) => {
      const result = await callSecurityApi("POST", securityPaths.resolve(id), {
        token: session?.token ?? null,
      });
      if (!result.ok) throw new Error(describeApiFailure(result.error));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["security"] }),
    onError: (error) => window.alert(`Resolve failed: ${error.message}`),
  });

  return (
    <section className="panel event-panel" aria-labelledby="events-title">
      <h2 id="events-title">Recent vulnerabilities</h2>
      {!events ? (
        <p className="loading">Loading events...</p>
      ) : events.length === 0 ? (
        <p className="empty-state">No security events recorded.</p>
      ) : (
        <ol className="event-list">
          {events.slice(0, RECENT_EVENTS_SHOWN).map((event) => (
            <li
              key={event.id}
              className={`event-item ${severityClass(event.severity)}`}
              data-testid="security-event"
            >
              <div className="event-head">
                <span className="severity-tag">{event.severity}</span>
                <strong className="event-type">{describeEventType(event.type)}</strong>
                <span className="hint-text">{formatTimestamp(event.timestamp)}</span>
              </div>
              <p className="event-details">{event.details}</p>
              <p className="hint-text event-meta">
                <span className="mono">{event.location}</span> · risk {event.riskScore} · source{" "}
                <span className="mono">{event.source}</span> ·{" "}
                {event.autoFixed ? `blocked by ${event.fixedCode ?? "rule"}` : "not blocked"}
                {event.resolved ? " · resolved" : ""}
              </p>
              {needsOperator(event) && (
                <button
                  type="button"
                  className="btn btn-ghost event-resolve"
                  disabled={resolve.isPending}
                  onClick={() => resolve.mutate(event.id)}
                >
                  Mark resolved
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
