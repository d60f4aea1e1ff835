import type { ReactNode } from "react";

/** One fact of the dashboard: a term and its value (a group of a definition list). */
export function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** A titled group of facts: the title above the definition list (a list holds only its terms), actions after it. */
export function FactSection({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="vault-section">
      <h3>{title}</h3>
      <dl className="vault-facts">{children}</dl>
      {actions}
    </div>
  );
}
