import { CHAT_LIMITS } from "@casino/protocol/schemas/chat";
import { useAtomValue } from "jotai";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { walletAddressAtom } from "../../wallet/walletAtoms.ts";
import { formatChatTime } from "./chatLog.ts";
import { type ChatStatus, useChatRoom } from "./useChatRoom.ts";
import "./chat.css";

/** Below this width the panel starts collapsed. */
const PHONE_QUERY = "(max-width: 640px)";

const STATUS_WORDS: Record<ChatStatus, string> = {
  offline: "Connect a wallet to chat",
  connecting: "Connecting...",
  live: "Live",
  banned: "Banned",
  unavailable: "Unavailable",
};

/** Whether the page is phone-sized now (the panel's first state). */
function isPhone(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.(PHONE_QUERY).matches === true;
}

/**
 * A chat channel: the latest messages (plain text, links not clickable) in a live region, and a
 * labelled input that sends on Enter. Collapsible, and collapsed at first on phones.
 */
export function ChatPanel({ channel, title }: { channel: string; title: string }) {
  const wallet = useAtomValue(walletAddressAtom);
  const { status, messages, notice, post } = useChatRoom(channel, wallet !== null);
  const [open, setOpen] = useState(() => !isPhone());
  const [draft, setDraft] = useState("");
  const logRef = useRef<HTMLOListElement>(null);
  const id = useId();
  const count = messages.length;

  // Keep the newest message in view.
  useEffect(() => {
    const log = logRef.current;
    if (log && count > 0) log.scrollTop = log.scrollHeight;
  }, [count]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (text.length === 0) return;
    if (post(text)) setDraft("");
  };

  return (
    <section className="panel chat-panel" aria-labelledby={`${id}-title`} data-testid="chat-panel">
      <header className="chat-header">
        <h2 id={`${id}-title`} className="chat-title">
          {title}
        </h2>
        <span className={`chat-status is-${status}`} data-testid="chat-status">
          {STATUS_WORDS[status]}
        </span>
        <button
          type="button"
          className="btn btn-ghost chat-toggle"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? "Hide" : "Show"}
        </button>
      </header>
      <div id={`${id}-body`} className="chat-body" hidden={!open}>
        <div role="log" aria-live="polite" aria-relevant="additions" aria-label={`${title} messages`}>
          <ol ref={logRef} className="chat-log">
            {messages.length === 0 && <li className="chat-empty">No messages yet.</li>}
            {messages.map((m) => (
              <li key={m.id} className="chat-line">
                <span className="chat-name">{m.username}</span>{" "}
                <time className="chat-time" dateTime={new Date(m.at).toISOString()}>
                  {formatChatTime(m.at)}
                </time>{" "}
                <span className="chat-text">{m.text}</span>
              </li>
            ))}
          </ol>
        </div>
        {notice && (
          <p className="chat-notice" role="alert">
            {notice}
          </p>
        )}
        <form className="chat-form" onSubmit={submit}>
          <label htmlFor={`${id}-input`} className="chat-label">
            Message
          </label>
          <input
            id={`${id}-input`}
            className="chat-input"
            type="text"
            autoComplete="off"
            maxLength={CHAT_LIMITS.maxLength}
            value={draft}
            disabled={status !== "live"}
            placeholder={status === "live" ? "Say something (Enter to send)" : STATUS_WORDS[status]}
            aria-describedby={`${id}-count`}
            onChange={(event) => setDraft(event.target.value)}
          />
          <span id={`${id}-count`} className="chat-count">
            {draft.length}/{CHAT_LIMITS.maxLength}
          </span>
          <button type="submit" className="btn chat-send" disabled={status !== "live" || draft.trim() === ""}>
            Send
          </button>
        </form>
      </div>
    </section>
  );
}
