import { useEffect, useRef, useState } from "react";
import { describeChanges } from "./announce.ts";
import type { TableSnapshot } from "./tableSnapshot.ts";

const KEPT_LINES = 14;

/** The table's running commentary: a visible log that screen readers hear as a polite live region. */
export function TableLog({ snapshot, viewerId }: { snapshot: TableSnapshot; viewerId: string | null }) {
  const previous = useRef<TableSnapshot | null>(null);
  const nextId = useRef(0);
  const [lines, setLines] = useState<{ id: number; text: string }[]>([]);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const said = describeChanges(previous.current, snapshot, viewerId);
    previous.current = snapshot;
    if (said.length === 0) return;
    setLines((kept) => {
      const added = said.map((text) => {
        nextId.current += 1;
        return { id: nextId.current, text };
      });
      return [...kept, ...added].slice(-KEPT_LINES);
    });
  }, [snapshot, viewerId]);

  // Keep the newest line in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever lines are added
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [lines]);

  return (
    <section className="panel poker-log-panel" aria-labelledby="poker-log-title">
      <h2 id="poker-log-title" className="poker-panel-title">
        Table log
      </h2>
      <ol
        className="poker-log"
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        data-testid="table-log"
      >
        {lines.length === 0 && <li className="hint-text">Actions and results appear here.</li>}
        {lines.map((line) => (
          <li key={line.id}>{line.text}</li>
        ))}
      </ol>
    </section>
  );
}
