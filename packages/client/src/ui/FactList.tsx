import type { ReactNode } from "react";

/** One fact of a list: its term, its value and the test id the value carries. */
export type Fact = { term: string; value: ReactNode; testId?: string };

/** A description list with each term and its value grouped in a box of their own. */
export function FactList({ className, facts }: { className: string; facts: readonly Fact[] }) {
  return (
    <dl className={className}>
      {facts.map((fact) => (
        <div key={fact.term}>
          <dt>{fact.term}</dt>
          <dd data-testid={fact.testId}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
