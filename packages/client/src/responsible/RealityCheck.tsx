import { lazy, Suspense, useEffect, useState } from "react";
import { dueRealityCheck, formatDuration } from "./limitsRules.ts";
import { useLimits } from "./responsibleApi.ts";

// The dialog's code (Radix dialog) loads only when a reminder is due.
const RealityCheckDialog = lazy(() => import("./RealityCheckDialog.tsx"));

/** How often the server's session figures are read while a reality check is set. */
const POLL_MS = 60_000;
/** How often the screen looks whether a reminder is due. */
const TICK_MS = 5_000;

/**
 * The reality-check reminder: every N minutes of a play session (N chosen on the responsible-gaming
 * screen), a dialog with the time played and the net result, both from the server's session figures.
 */
export function RealityCheck() {
  const limits = useLimits(POLL_MS);
  const [now, setNow] = useState(() => Date.now());
  const [seen, setSeen] = useState<{ session: string; count: number }>({ session: "", count: 0 });
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const session = limits.data?.session;
  const startedAt = session?.startedAt ?? null;
  const due = dueRealityCheck(startedAt, session?.realityCheckMinutes ?? null, now);
  const acknowledged = seen.session === startedAt ? seen.count : 0;
  const open = startedAt !== null && due > acknowledged;
  const refetch = limits.refetch;
  useEffect(() => {
    if (open) void refetch();
  }, [open, refetch]);
  if (!session || !startedAt) return null;

  const close = () => setSeen({ session: startedAt, count: due });
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <RealityCheckDialog
        playedFor={formatDuration(now - Date.parse(startedAt))}
        netResult={session.netResult}
        onClose={close}
      />
    </Suspense>
  );
}
