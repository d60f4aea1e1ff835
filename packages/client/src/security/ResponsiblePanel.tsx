import type { ResponsibleEntry } from "@casino/protocol/schemas/responsible";
import { ColumnHeads } from "../ui/ColumnHeads.tsx";
import { formatTimestamp } from "../ui/format.ts";
import { useOperatorQuery } from "./useOperatorQuery.ts";

/** "HC:loss:day 5" for a limit key and amount. */
function describeLimit(key: string, amount: string | null): string {
  const [currency, kind, period] = key.split(":");
  if (key === "session") return `session ${amount ?? "no"} min`;
  return `${period} ${kind} ${amount ?? "none"} ${currency}`;
}

/** The operator's list of players with active limits, pending changes, cool-offs and self-exclusions. */
export function ResponsiblePanel() {
  const list = useOperatorQuery<{ players: ResponsibleEntry[] }>("responsible", "/api/security/responsible");
  const players = list.data?.players ?? [];
  return (
    <section className="panel" aria-labelledby="responsible-title" data-testid="responsible-panel">
      <h2 id="responsible-title">Responsible gaming</h2>
      {players.length === 0 ? (
        <p className="hint-text">{list.isLoading ? "Loading..." : "No player has limits or an exclusion."}</p>
      ) : (
        <div className="rg-operator-wrap" style={{ overflowX: "auto" }}>
          <table className="rg-operator">
            <ColumnHeads titles={["Player", "Exclusion", "Limits", "Pending", "Changed"]} />
            <tbody>
              {players.map((p) => (
                <tr key={p.userId}>
                  <td className="mono">
                    {p.username} <span className="hint-text">(id {p.userId})</span>
                  </td>
                  <td>
                    {p.exclusion
                      ? `${p.exclusion.kind === "self_exclusion" ? "Self-excluded" : "Cool-off"} until ${formatTimestamp(p.exclusion.until)}`
                      : "-"}
                  </td>
                  <td>
                    {[
                      ...p.limits.map((l) => describeLimit(l.key, l.amount)),
                      ...(p.sessionMinutes ? [`session ${p.sessionMinutes} min`] : []),
                    ].join(", ") || "-"}
                  </td>
                  <td>
                    {p.pending
                      .map((c) => `${describeLimit(c.key, c.amount)} from ${formatTimestamp(c.effectiveAt)}`)
                      .join(", ") || "-"}
                  </td>
                  <td>{formatTimestamp(p.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
