import { useAtom } from "jotai";
import { formatTimestamp } from "../ui/format.ts";
import { ChatModerationPanel } from "./ChatModerationPanel.tsx";
import { DomainPanel } from "./DomainPanel.tsx";
import { EventList } from "./EventList.tsx";
import { OperationsPanel } from "./OperationsPanel.tsx";
import { PersonaCards } from "./PersonaCards.tsx";
import { ResponsiblePanel } from "./ResponsiblePanel.tsx";
import { StatCards } from "./StatCards.tsx";
import { StatusBadge } from "./StatusBadge.tsx";
import { callSecurityApi, securityPaths } from "./securityApi.ts";
import { operatorSessionAtom } from "./securityAtoms.ts";
import { TIMELINE_MINUTES } from "./securityTexts.ts";
import type {
  ComprehensiveScan,
  DomStats,
  HackerStats,
  RealTimeVulnerabilities,
  Timeline,
} from "./securityTypes.ts";
import { TimelineChart } from "./TimelineChart.tsx";
import { useOperatorQuery } from "./useOperatorQuery.ts";
import { VaultPanel } from "./VaultPanel.tsx";

/** The unlocked dashboard: every figure polled from the server every second while the tab is visible. */
export function Dashboard() {
  const [session, setSession] = useAtom(operatorSessionAtom);
  const dom = useOperatorQuery<DomStats>("dom", securityPaths.dom);
  const vulnerabilities = useOperatorQuery<RealTimeVulnerabilities>(
    "vulnerabilities",
    securityPaths.vulnerabilities,
  );
  const hackers = useOperatorQuery<HackerStats>("hackers", securityPaths.hackers);
  const comprehensive = useOperatorQuery<ComprehensiveScan>("comprehensive", securityPaths.comprehensive);
  const timeline = useOperatorQuery<Timeline>("timeline", securityPaths.timeline(TIMELINE_MINUTES));

  const lock = () => {
    if (session) void callSecurityApi("POST", securityPaths.logout, { token: session.token });
    setSession(null);
  };

  return (
    <div className="security-dashboard">
      <header className="security-header">
        <div>
          <h1>Security Dashboard</h1>
          <p className="hint-text">
            {dom.data ? `Updated ${formatTimestamp(dom.data.timestamp)}` : "Connecting..."}
            {comprehensive.data?.lastCheckup
              ? ` · last monitor sweep ${formatTimestamp(comprehensive.data.lastCheckup)}`
              : ""}
          </p>
        </div>
        <div className="row gap">
          <StatusBadge status={dom.data?.status} />
          <button type="button" className="btn btn-ghost" onClick={lock}>
            Lock
          </button>
        </div>
      </header>
      <StatCards dom={dom.data} vulnerabilities={vulnerabilities.data} hackers={hackers.data} />
      <PersonaCards />
      <div className="security-columns">
        <DomainPanel />
        <TimelineChart buckets={timeline.data?.buckets} />
      </div>
      <OperationsPanel scan={comprehensive.data} />
      <VaultPanel />
      <ResponsiblePanel />
      <ChatModerationPanel />
      <EventList events={vulnerabilities.data?.recentVulnerabilities} />
    </div>
  );
}
