import { LIMIT_KINDS, LIMIT_PERIODS, type LimitsAnswer } from "@casino/protocol/schemas/responsible";
import { useState } from "react";
import { describeApiFailure } from "../api/http.ts";
import { describeUsed, findChanges, formatUtc, KIND_LABELS, PERIOD_LABELS, slotKey } from "./limitsRules.ts";
import { saveLimits, useShowSavedLimits } from "./responsibleApi.ts";
import { type SaveNote, SaveRow } from "./SaveRow.tsx";

/** One currency's deposit, loss and wager limits per day, week and month, with what each period used. */
export function LimitsTable({ currency, answer }: { currency: "HC" | "AMINA"; answer: LimitsAnswer }) {
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [note, setNote] = useState<SaveNote | null>(null);
  const [saving, setSaving] = useState(false);
  const showSaved = useShowSavedLimits();
  const limits = answer.limits.filter((l) => l.currency === currency);

  const save = async () => {
    const changes = findChanges(limits, typed);
    if (changes.length === 0) return setNote({ error: false, text: "Nothing changed." });
    setSaving(true);
    const result = await saveLimits({ limits: changes });
    if (!result.ok) {
      setSaving(false);
      return setNote({ error: true, text: describeApiFailure(result.error) });
    }
    // The fields keep what was typed until the saved limits are on screen, then show those.
    await showSaved(result.data);
    setSaving(false);
    setTyped({});
    setNote({ error: false, text: "Saved. Lower limits apply now; higher or removed ones in 24 hours." });
  };

  return (
    <section className="panel rg-limits" aria-labelledby={`rg-${currency}`}>
      <h2 id={`rg-${currency}`}>{currency === "HC" ? "House Coins (HC)" : "AMINA"} limits</h2>
      <div className="rg-table-wrap">
        <table className="rg-table">
          <thead>
            <tr>
              <th scope="col">Limit</th>
              {LIMIT_PERIODS.map((period) => (
                <th scope="col" key={period}>
                  {PERIOD_LABELS[period]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {LIMIT_KINDS.map((kind) => (
              <tr key={kind}>
                <th scope="row">{KIND_LABELS[kind]}</th>
                {LIMIT_PERIODS.map((period) => {
                  const limit = limits.find((l) => l.kind === kind && l.period === period);
                  if (!limit) return <td key={period} />;
                  const key = slotKey(limit);
                  const label = `${PERIOD_LABELS[period]} ${kind} limit (${currency})`;
                  return (
                    <td key={period} data-period={PERIOD_LABELS[period]}>
                      <input
                        className="input rg-input"
                        inputMode="decimal"
                        aria-label={label}
                        placeholder="No limit"
                        value={typed[key] ?? limit.amount ?? ""}
                        onChange={(e) => setTyped({ ...typed, [key]: e.target.value })}
                      />
                      <span className="rg-used">
                        {describeUsed(kind, limit.used, currency)} · resets {formatUtc(limit.resetsAt)}
                      </span>
                      {limit.pending && (
                        <span className="rg-pending" data-testid="rg-pending">
                          Pending: {limit.pending.amount ?? "no limit"} from{" "}
                          {formatUtc(limit.pending.effectiveAt)}
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <SaveRow label={`Save ${currency} limits`} disabled={saving} note={note} onSave={() => void save()} />
    </section>
  );
}
