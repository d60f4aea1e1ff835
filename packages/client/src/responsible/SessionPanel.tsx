import type { LimitsAnswer } from "@casino/protocol/schemas/responsible";
import { useState } from "react";
import { describeApiFailure } from "../api/http.ts";
import { formatDuration, formatUtc } from "./limitsRules.ts";
import { saveLimits, useShowSavedLimits } from "./responsibleApi.ts";
import { type SaveNote, SaveRow } from "./SaveRow.tsx";

/** Minutes typed into a field: a whole number, or null for "off" (blank). */
function readMinutes(text: string): number | null {
  return text.trim() === "" ? null : Number(text);
}

/** A minutes input; blank means off. */
function MinutesField(props: {
  label: string;
  off: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label>
      {props.label}
      <input
        className="input"
        inputMode="numeric"
        placeholder={props.off}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}

/** The session time limit, the reality-check interval and the current session's figures. */
export function SessionPanel({ answer }: { answer: LimitsAnswer }) {
  const { session } = answer;
  const [limit, setLimit] = useState(session.minutes === null ? "" : String(session.minutes));
  const [reminder, setReminder] = useState(
    session.realityCheckMinutes === null ? "" : String(session.realityCheckMinutes),
  );
  const [note, setNote] = useState<SaveNote | null>(null);
  const showSaved = useShowSavedLimits();
  const played = session.startedAt ? Date.parse(answer.now) - Date.parse(session.startedAt) : 0;

  const save = async () => {
    const result = await saveLimits({
      sessionMinutes: readMinutes(limit),
      realityCheckMinutes: readMinutes(reminder),
    });
    if (!result.ok) return setNote({ error: true, text: describeApiFailure(result.error) });
    setNote({ error: false, text: "Saved. A shorter session limit applies now; a longer one in 24 hours." });
    await showSaved(result.data);
  };

  return (
    <section className="panel rg-session" aria-labelledby="rg-session-title">
      <h2 id="rg-session-title">Session time and reality checks</h2>
      <p className="hint-text" data-testid="rg-session-now">
        {session.startedAt
          ? `This session started ${formatUtc(session.startedAt)}: played ${formatDuration(played)}, net result ${session.netResult.HC} HC and ${session.netResult.AMINA} AMINA.`
          : "No session running: a session starts with your next bet."}{" "}
        A session ends after a {session.breakMinutes}-minute break without bets.
      </p>
      <div className="rg-fields">
        <MinutesField
          label="Session time limit (minutes, 5-1440)"
          off="No limit"
          value={limit}
          onChange={setLimit}
        />
        <MinutesField
          label="Reality check every (minutes, 5-240)"
          off="Off"
          value={reminder}
          onChange={setReminder}
        />
      </div>
      {session.pendingMinutes && (
        <p className="rg-pending">
          Pending: {session.pendingMinutes.minutes ?? "no"} minute limit from{" "}
          {formatUtc(session.pendingMinutes.effectiveAt)}
        </p>
      )}
      <SaveRow label="Save session settings" note={note} onSave={() => void save()} />
    </section>
  );
}
