import { CASINO_CHANNEL, CHAT_LIMITS, type ChatModeration } from "@casino/protocol/schemas/chat";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useState } from "react";
import { describeApiFailure } from "../api/http.ts";
import { formatTimestamp } from "../ui/format.ts";
import { callSecurityApi } from "./securityApi.ts";
import { operatorSessionAtom } from "./securityAtoms.ts";
import { useOperatorQuery } from "./useOperatorQuery.ts";
import "./chatModeration.css";

/** The chat moderation calls of the operator API. */
const chatPaths = {
  board: `/api/security/chat?channel=${CASINO_CHANNEL}`,
  mute: "/api/security/chat/mute",
  ban: "/api/security/chat/ban",
  lift: "/api/security/chat/lift",
} as const;

/** Mute lengths the panel offers, in minutes. */
const MUTE_MINUTES = [10, 60, 24 * 60] as const;

/** What one moderation click does. */
type Sanction =
  | { kind: "mute"; username: string; minutes: number }
  | { kind: "ban" | "lift"; username: string };

/** One moderation button, disabled while a sanction is being applied. */
function SanctionButton(props: { label: string; danger?: boolean; busy: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className={props.danger ? "btn btn-danger" : "btn btn-ghost"}
      disabled={props.busy}
      onClick={props.onClick}
    >
      {props.label}
    </button>
  );
}

/** The casino chat's latest messages with mute, ban and lift, and the sanctions in force. */
export function ChatModerationPanel() {
  const session = useAtomValue(operatorSessionAtom);
  const queryClient = useQueryClient();
  const board = useOperatorQuery<ChatModeration>("chat", chatPaths.board, 5000);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [minutes, setMinutes] = useState<number>(MUTE_MINUTES[0]);

  const apply = useMutation({
    mutationFn: async (sanction: Sanction) => {
      const { kind, ...body } = sanction;
      const result = await callSecurityApi("POST", chatPaths[kind], { token: session?.token ?? null, body });
      if (!result.ok) throw new Error(describeApiFailure(result.error));
      return sanction;
    },
    onSuccess: (sanction) => {
      setOutcome(
        sanction.kind === "mute"
          ? `${sanction.username} muted for ${sanction.minutes} min`
          : `${sanction.username} ${sanction.kind === "ban" ? "banned" : "cleared"}`,
      );
      void queryClient.invalidateQueries({ queryKey: ["security", "chat"] });
    },
    onError: (error) => setOutcome(error.message),
  });

  const messages = board.data?.messages ?? [];
  const sanctions = board.data?.sanctions ?? [];
  return (
    <section
      className="panel chat-moderation"
      aria-labelledby="chat-moderation-title"
      data-testid="chat-moderation"
    >
      <h2 id="chat-moderation-title">Chat moderation</h2>
      <p className="hint-text">
        Casino channel, last {CHAT_LIMITS.historySize} messages. Mute for{" "}
        <select
          aria-label="Mute length"
          value={minutes}
          onChange={(event) => setMinutes(Number(event.target.value))}
        >
          {MUTE_MINUTES.map((m) => (
            <option key={m} value={m}>
              {m < 60 ? `${m} min` : `${m / 60} h`}
            </option>
          ))}
        </select>
      </p>
      {outcome && <p role="status">{outcome}</p>}
      <ul className="chat-moderation-list" data-testid="chat-moderation-messages">
        {messages.length === 0 && <li className="hint-text">No messages in the last 24 hours.</li>}
        {messages
          .slice()
          .reverse()
          .map((m) => (
            <li key={m.id} className="chat-moderation-line">
              <span className="mono">{m.username}</span>{" "}
              <span className="hint-text">{formatTimestamp(m.at)}</span> <span>{m.text}</span>{" "}
              <SanctionButton
                label="Mute"
                busy={apply.isPending}
                onClick={() => apply.mutate({ kind: "mute", username: m.username, minutes })}
              />{" "}
              <SanctionButton
                label="Ban"
                danger
                busy={apply.isPending}
                onClick={() => apply.mutate({ kind: "ban", username: m.username })}
              />
            </li>
          ))}
      </ul>
      <h3>Sanctions in force</h3>
      <ul className="chat-moderation-list" data-testid="chat-moderation-sanctions">
        {sanctions.length === 0 && <li className="hint-text">None.</li>}
        {sanctions.map((s) => (
          <li key={s.username} className="chat-moderation-line">
            <span className="mono">{s.username}</span>{" "}
            {s.banned ? "banned" : `muted until ${formatTimestamp(s.mutedUntil ?? 0)}`}{" "}
            <SanctionButton
              label="Lift"
              busy={apply.isPending}
              onClick={() => apply.mutate({ kind: "lift", username: s.username })}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
