import type { HandLogMessage } from "@casino/protocol/schemas/poker-hand-log";
import { useCallback, useEffect, useRef, useState } from "react";
import { tellHand } from "./handStory.ts";
import { describeSeating } from "./seatingNews.ts";
import type { TableSnapshot } from "./tableSnapshot.ts";

/** The lines kept for this visit: every hand played here, up to a bound no session reaches. */
const KEPT_LINES = 3000;

/** One line of the log: a hand's own line (`hand` set), a hand's title, or table news. */
type LogLine = { id: number; text: string; hand: number | null; title?: boolean };

/**
 * The table's story for this visit: each hand told line for line as its hand history tells it
 * (from the room's hand events), with players sitting down and leaving and the viewer's turns
 * between; scrollable, reachable by keyboard, and read politely by screen readers.
 */
export function TableLog({
  snapshot,
  handLog,
  viewerId,
}: {
  snapshot: TableSnapshot;
  handLog: HandLogMessage | null;
  viewerId: string | null;
}) {
  const previous = useRef<TableSnapshot | null>(null);
  const told = useRef(new Map<number, number>());
  const nextId = useRef(0);
  const [lines, setLines] = useState<LogLine[]>([]);

  const add = useCallback((added: Omit<LogLine, "id">[]) => {
    if (added.length === 0) return;
    setLines((kept) =>
      [
        ...kept,
        ...added.map((line) => {
          nextId.current += 1;
          return { ...line, id: nextId.current };
        }),
      ].slice(-KEPT_LINES),
    );
  }, []);

  useEffect(() => {
    const news = describeSeating(previous.current, snapshot, viewerId);
    if (snapshot.id !== "") previous.current = snapshot;
    add(news.map((text) => ({ text, hand: null })));
  }, [snapshot, viewerId, add]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a hand is told again only when its events change
  useEffect(() => {
    if (!handLog) return;
    const story = tellHand(handLog.events, snapshot, viewerId);
    const known = told.current.get(handLog.handNumber) ?? 0;
    if (story.length <= known) return;
    told.current.set(handLog.handNumber, story.length);
    const title = known === 0 ? [{ text: `Hand #${handLog.handNumber}`, hand: null, title: true }] : [];
    add([...title, ...story.slice(known).map((text) => ({ text, hand: handLog.handNumber }))]);
  }, [handLog, viewerId, add]);

  return (
    <section className="panel poker-log-panel" aria-labelledby="poker-log-title">
      <h2 id="poker-log-title" className="poker-panel-title">
        Table log
      </h2>
      <div
        className="poker-log"
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-labelledby="poker-log-title"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling log is read with the keyboard
        tabIndex={0}
        data-testid="table-log"
      >
        {lines.length === 0 ? (
          <p className="hint-text">Seats, blinds, actions and results appear here.</p>
        ) : (
          <ol className="poker-log-lines">
            {lines.map((line) => (
              <li
                key={line.id}
                className={line.title ? "poker-log-title" : undefined}
                data-hand={line.hand ?? undefined}
              >
                {line.text}
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
