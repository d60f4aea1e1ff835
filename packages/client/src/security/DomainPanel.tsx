import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useEffect } from "react";
import { describeApiFailure } from "../api/http.ts";
import { formatTimestamp } from "../ui/format.ts";
import { callSecurityApi, SecurityApiError, securityPaths } from "./securityApi.ts";
import { operatorSessionAtom } from "./securityAtoms.ts";
import {
  DOMAIN_CHECK_INTERVAL_MS,
  describeDomainFixFailure,
  describeHealthCheckFailure,
} from "./securityTexts.ts";
import type { DomainFixAnswer, DomainReport } from "./securityTypes.ts";
import { useOperatorQuery } from "./useOperatorQuery.ts";

/** The domain panel: a health check every 30 s (a failure alerts) and the maintenance switch. */
export function DomainPanel() {
  const session = useAtomValue(operatorSessionAtom);
  const queryClient = useQueryClient();
  const report = useOperatorQuery<DomainReport>(
    "domain-report",
    securityPaths.domainReport,
    DOMAIN_CHECK_INTERVAL_MS,
  );
  const failedAt = report.errorUpdatedAt;
  const failure = report.error;

  useEffect(() => {
    if (failedAt === 0 || !failure) return;
    if (failure instanceof SecurityApiError && failure.failure.status === 401) return; // the screen locks
    window.alert(describeHealthCheckFailure(failure.message));
  }, [failedAt, failure]);

  const toggle = useMutation({
    mutationFn: async (enable: boolean) => {
      const result = await callSecurityApi<DomainFixAnswer>("POST", securityPaths.domainFix, {
        token: session?.token ?? null,
        body: { domain: window.location.hostname || "localhost", enable },
      });
      if (!result.ok) throw new Error(describeApiFailure(result.error));
      return result.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["security"] }),
    onError: (error) => window.alert(describeDomainFixFailure(error.message)),
  });

  const data = report.data;
  const on = data?.maintenance ?? false;
  return (
    <section className="panel domain-panel" aria-labelledby="domain-title">
      <h2 id="domain-title">Domain</h2>
      <dl className="domain-facts">
        <div>
          <dt>Domain</dt>
          <dd className="mono">{data?.domain ?? "..."}</dd>
        </div>
        <div>
          <dt>Issues fixed</dt>
          <dd data-testid="domain-issues-fixed">{data?.totalIssuesFixed ?? "..."}</dd>
        </div>
        <div>
          <dt>Active issues</dt>
          <dd data-testid="domain-active-issues">{data?.activeIssues ?? "..."}</dd>
        </div>
        <div>
          <dt>Last checkup</dt>
          <dd>{data?.lastCheckup ? formatTimestamp(data.lastCheckup) : "not yet"}</dd>
        </div>
      </dl>
      <div className="maintenance-row">
        <button
          type="button"
          role="switch"
          aria-checked={on}
          className={`option-button maintenance-switch ${on ? "is-on" : ""}`}
          disabled={!data || toggle.isPending}
          onClick={() => toggle.mutate(!on)}
        >
          <span className="maintenance-knob" aria-hidden="true" />
          Maintenance mode
        </button>
        <span
          className={on ? "maintenance-state is-on" : "maintenance-state"}
          data-testid="maintenance-state"
        >
          {on ? "ON: new bets and hands refused" : "OFF: play open"}
        </span>
      </div>
      <p className="hint-text">
        Emergency domain fix: while on, new bets and new poker hands are refused; open rounds can finish.
        Health check every {DOMAIN_CHECK_INTERVAL_MS / 1000} s.
      </p>
    </section>
  );
}
