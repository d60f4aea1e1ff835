import { useAtomValue } from "jotai";
import { PageHeader } from "../ui/PageHeader.tsx";
import { walletAtom } from "../wallet/walletAtoms.ts";
import { ExclusionPanel } from "./ExclusionPanel.tsx";
import { LimitsTable } from "./LimitsTable.tsx";
import { PERIODS_NOTE } from "./limitsRules.ts";
import { useLimits } from "./responsibleApi.ts";
import { SessionPanel } from "./SessionPanel.tsx";
import "./responsible.css";

/** Route /responsible-gaming: money limits, session time and reality checks, cool-off and self-exclusion. */
export default function ResponsiblePage() {
  const wallet = useAtomValue(walletAtom);
  const limits = useLimits();
  const connected = wallet.status === "connected";

  return (
    <div className="responsible">
      <PageHeader title="Responsible gaming">
        <p className="hint-text">{PERIODS_NOTE}</p>
        <p className="hint-text">
          A lower limit applies at once; a higher one, or removing one, takes effect 24 hours later and shows
          as pending until then. The casino checks every bet, poker buy-in and deposit against your limits.
        </p>
      </PageHeader>
      {!connected && <p className="form-error">Connect a wallet to set your limits.</p>}
      {limits.error && <p className="form-error">{limits.error.message}</p>}
      {limits.data && (
        <>
          <ExclusionPanel answer={limits.data} />
          <LimitsTable currency="HC" answer={limits.data} />
          <LimitsTable currency="AMINA" answer={limits.data} />
          <SessionPanel answer={limits.data} />
        </>
      )}
      <p className="hint-text">
        If gambling stops being fun, talk to someone: in many countries free, confidential help is a call
        away.
      </p>
    </div>
  );
}
