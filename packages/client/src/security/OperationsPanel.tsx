import { useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useState } from "react";
import { formatCount, formatTimestamp } from "../ui/format.ts";
import { Fact, FactSection } from "./FactSection.tsx";
import { callSecurityApi, securityPaths } from "./securityApi.ts";
import { operatorSessionAtom } from "./securityAtoms.ts";
import type { ComprehensiveScan } from "./securityTypes.ts";

const count = (n: number) => formatCount(n);

/** The server's event-loop delay and the bookkeeper's checks (incremental runs and the on-demand full check). */
export function OperationsPanel({ scan }: { scan: ComprehensiveScan | undefined }) {
  const session = useAtomValue(operatorSessionAtom);
  const queryClient = useQueryClient();
  const [starting, setStarting] = useState(false);
  const delay = scan?.eventLoopDelay ?? null;
  const ledger = scan?.ledger ?? null;
  const full = scan?.ledgerFullCheck;
  const stalled = delay !== null && delay.window.p99Ms > delay.thresholdMs;

  const startFullCheck = async () => {
    setStarting(true);
    await callSecurityApi("POST", securityPaths.ledgerFullCheck, { token: session?.token ?? null });
    setStarting(false);
    await queryClient.invalidateQueries({ queryKey: ["security", "comprehensive"] });
  };

  return (
    <section className="panel operations-panel" aria-labelledby="operations-title">
      <div className="panel-header">
        <h2 id="operations-title">Operations</h2>
      </div>
      <div className="vault-grid">
        <FactSection title="Event loop">
          <Fact
            label={delay?.complete ? `Delay, last ${Math.round(delay.windowMs / 1000)} s` : "Delay so far"}
            value={
              delay
                ? `p50 ${delay.window.p50Ms} ms · p99 ${delay.window.p99Ms} ms · max ${delay.window.maxMs} ms`
                : "not measured"
            }
            testId="ops-loop-delay"
          />
          <Fact
            label="Stalled windows"
            value={delay ? `${count(delay.stalledWindows)}${stalled ? " (stalled now)" : ""}` : "..."}
            testId="ops-loop-stalls"
          />
        </FactSection>
        <FactSection title="Bookkeeper">
          <Fact
            label="Last run"
            value={
              ledger
                ? `${ledger.ok ? "balanced" : `${count(ledger.mismatchCount)} MISMATCH`} · ${ledger.mode} · ${count(ledger.newEntries)} new entries in ${ledger.durationMs} ms`
                : "not run yet"
            }
            testId="ops-ledger-last-run"
          />
          <Fact
            label="Entries verified"
            value={
              ledger ? `${count(ledger.entriesChecked)} (${count(ledger.balancesChecked)} balances)` : "..."
            }
            testId="ops-ledger-entries"
          />
        </FactSection>
        <FactSection
          title="Full ledger check"
          actions={
            <button
              type="button"
              className="btn btn-ghost"
              disabled={starting || full?.running === true}
              onClick={() => void startFullCheck()}
              data-testid="ops-full-check-start"
            >
              {full?.running ? "Full check running..." : "Run full check"}
            </button>
          }
        >
          <Fact
            label="Last"
            value={
              full?.last
                ? `${full.last.ok ? "balanced" : `${count(full.last.mismatchCount)} MISMATCH`} · ${count(full.last.entriesChecked)} entries in ${full.last.durationMs} ms · ${formatTimestamp(full.last.checkedAt)}`
                : "never run"
            }
            testId="ops-full-check"
          />
        </FactSection>
      </div>
    </section>
  );
}
