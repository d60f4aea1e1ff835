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

/** What one moderation click does: to a user id (the name is only for the outcome line). */
type Sanction =
  | { kind: "mute"; userId: string; username: string; minutes: number }
  | { kind: "ban" | "lift"; userId: string; username: string };

/** A player as the operator reads one: the name and the user id that sanctions act on. */
function PlayerLabel(props: { userId: string; username: string }) {
  return (
    <span className="mono">
      {props.username} <span className="hint-text">(id {props.userId})</span>
    </span>
  );
}

/** One moderation button, disabled while a sanction is being applied. */
function SanctionButton(props: {
  label: string;
  player: { userId: string; username: string };
  danger?: boolean;
  busy: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={`${props.label} ${props.player.username} (id ${props.player.userId})`}
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
      const { kind, username: _username, ...body } = sanction;
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
              <PlayerLabel userId={m.userId} username={m.username} />{" "}
              <span className="hint-text">{formatTimestamp(m.at)}</span> <span>{m.text}</span>{" "}
              <SanctionButton
                label="Mute"
                player={m}
                busy={apply.isPending}
                onClick={() =>
                  apply.mutate({ kind: "mute", userId: m.userId, username: m.username, minutes })
                }
              />{" "}
              <SanctionButton
                label="Ban"
                player={m}
                danger
                busy={apply.isPending}
                onClick={() => apply.mutate({ kind: "ban", userId: m.userId, username: m.username })}
              />
            </li>
          ))}
      </ul>
      <h3>Sanctions in force</h3>
      <ul className="chat-moderation-list" data-testid="chat-moderation-sanctions">
        {sanctions.length === 0 && <li className="hint-text">None.</li>}
        {sanctions.map((s) => (
          <li key={s.userId} className="chat-moderation-line">
            <PlayerLabel userId={s.userId} username={s.username} />{" "}
            {s.banned ? "banned" : `muted until ${formatTimestamp(s.mutedUntil ?? 0)}`}{" "}
            <SanctionButton
              label="Lift"
              player={s}
              busy={apply.isPending}
              onClick={() => apply.mutate({ kind: "lift", userId: s.userId, username: s.username })}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
