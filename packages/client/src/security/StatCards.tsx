import { formatCount } from "../ui/format.ts";
import type { DomStats, HackerStats, RealTimeVulnerabilities } from "./securityTypes.ts";

/** One figure with its label. */
function StatCard({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="panel stat-card">
      <p className="stat-label">{label}</p>
      <p className="stat-value" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

const show = (value: number | undefined) => (value === undefined ? "..." : formatCount(value));

/** The headline figures, all read from the server every second. */
export function StatCards({
  dom,
  vulnerabilities,
  hackers,
}: {
  dom: DomStats | undefined;
  vulnerabilities: RealTimeVulnerabilities | undefined;
  hackers: HackerStats | undefined;
}) {
  const stats = vulnerabilities?.realTimeStats;
  return (
    <div className="stat-cards">
      <StatCard label="Bets today" value={show(dom?.betsToday)} testId="stat-bets-today" />
      <StatCard label="Security events" value={show(stats?.totalVulnerabilities)} testId="stat-events" />
      <StatCard label="Active issues" value={show(dom?.activeIssues)} testId="stat-active-issues" />
      <StatCard label="Threats blocked" value={show(hackers?.totalBlocked)} testId="stat-blocked" />
      <StatCard
        label="Fix success rate"
        value={stats ? `${stats.fixSuccessRate}%` : "..."}
        testId="stat-fix-rate"
      />
      <StatCard
        label="Most common attack"
        value={hackers ? (hackers.mostCommonAttack?.replaceAll("_", " ") ?? "none") : "..."}
        testId="stat-common-attack"
      />
    </div>
  );
}
