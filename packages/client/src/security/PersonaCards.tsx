import { formatCount, formatTimestamp } from "../ui/format.ts";
import { securityPaths } from "./securityApi.ts";
import { PERSONA_FIELD_LABELS, PERSONA_HEADLINE_FIELDS, PERSONA_IDS } from "./securityTexts.ts";
import type { PersonaStats } from "./securityTypes.ts";
import { useOperatorQuery } from "./useOperatorQuery.ts";

/** One persona (a background monitor) with its counters. */
function PersonaCard({ persona }: { persona: (typeof PERSONA_IDS)[number] }) {
  const { data } = useOperatorQuery<PersonaStats>(`persona-${persona}`, securityPaths.personaStats(persona));
  const headline = PERSONA_HEADLINE_FIELDS[persona];
  const rest = (["totalReports", "issuesDetected", "tasksDispatched"] as const).filter(
    (f) => !(headline as readonly string[]).includes(f),
  );
  return (
    <article
      className="panel persona-card"
      data-testid={`persona-${persona}`}
      aria-label={data?.name ?? persona}
    >
      <header>
        <h3>{data?.name ?? persona}</h3>
        <p className="hint-text">{data?.role ?? ""}</p>
      </header>
      <dl className="persona-stats">
        {[...headline, ...rest].map((field) => (
          <div key={field} className="persona-stat">
            <dt>{PERSONA_FIELD_LABELS[field]}</dt>
            <dd data-testid={`persona-${persona}-${field}`}>{data ? formatCount(data[field]) : "..."}</dd>
          </div>
        ))}
      </dl>
      <p className="hint-text persona-last-run">
        {data?.lastRunAt ? `Last sweep ${formatTimestamp(data.lastRunAt)}` : "Waiting for the first sweep"}
      </p>
    </article>
  );
}

/** The four staff personas, each a real monitor with its stats polled every second. */
export function PersonaCards() {
  return (
    <section className="persona-cards" aria-label="Staff personas">
      {PERSONA_IDS.map((persona) => (
        <PersonaCard key={persona} persona={persona} />
      ))}
    </section>
  );
}
