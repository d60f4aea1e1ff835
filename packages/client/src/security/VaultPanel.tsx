import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { type FormEvent, useEffect, useState } from "react";
import { formatTimestamp } from "../ui/format.ts";
import { Fact, FactSection } from "./FactSection.tsx";
import { PasswordField } from "./PasswordField.tsx";
import { fetchSecurity, SecurityApiError, securityPaths } from "./securityApi.ts";
import { operatorSessionAtom } from "./securityAtoms.ts";
import { VAULT_REFRESH_MS } from "./securityTexts.ts";
import type { VaultLogs } from "./securityTypes.ts";
import { formatUptime } from "./severity.ts";

/** The persona whose vault the dashboard opens (the server names who may open it when refused). */
const VAULT_PERSONA = "sirius";

/** The vault's logs, shown once open. */
function VaultContents({ vault }: { vault: VaultLogs }) {
  const { serverStatus: s, systemHealth: h, cryptoSecurity: c, recentActivity: a, hackerAttempts: k } = vault;
  const ms = (v: number | null) => (v === null ? "no requests yet" : `${v} ms`);
  return (
    <div className="vault-grid" data-testid="vault-contents">
      <FactSection title="Server">
        <Fact label="Uptime" value={formatUptime(s.uptime)} />
        <Fact label="Node" value={s.nodeVersion} />
        <Fact label="Platform" value={`${s.platform} ${s.arch}`} />
        <Fact label="Memory" value={`${s.memoryRssMb} MB`} />
      </FactSection>
      <FactSection title="System health">
        <Fact
          label="Database"
          value={`${h.databaseConnection} (${ms(h.databaseLatencyMs)})`}
          testId="vault-database"
        />
        <Fact label="API response (p50)" value={ms(h.apiResponseTime)} />
        <Fact label="Error rate" value={`${h.errorRate}% of ${h.requestsMeasured}`} />
        <Fact
          label="Event-loop delay (p99)"
          value={h.eventLoopDelay ? `${h.eventLoopDelay.window.p99Ms} ms` : "not measured"}
          testId="vault-loop-delay"
        />
      </FactSection>
      <FactSection title="Crypto security">
        <Fact label="Addresses protected" value={String(c.addressesProtected)} />
        <Fact
          label="AMINA supply"
          value={`${c.aminaTokenSecurity.accountedFor} / ${c.aminaTokenSecurity.totalSupply} ${c.aminaTokenSecurity.supplyIntact ? "intact" : "MISMATCH"}`}
        />
        <Fact label="Player keys held" value={String(c.privateKeyProtection.playerKeysHeld)} />
        <Fact
          label="Ledger"
          value={
            c.transactionSafety.ledgerBalanced === null
              ? "not checked yet"
              : c.transactionSafety.ledgerBalanced
                ? "balanced"
                : "MISMATCH"
          }
        />
      </FactSection>
      <FactSection title="Activity">
        <Fact label="Game sessions today" value={String(a.gameSessionsToday)} testId="vault-sessions-today" />
        <Fact label="Security sweeps" value={String(a.securityChecksPerformed)} />
        <Fact label="Threats blocked" value={String(a.threatsBlocked)} />
        <Fact label="Resolved by operator" value={String(a.vulnerabilitiesFixed)} />
      </FactSection>
      <FactSection title="Hacker attempts">
        <Fact label="Blocked" value={String(k.totalBlocked)} />
        <Fact label="Last blocked source" value={k.lastBlockedIP ?? "none"} />
        <Fact label="Most common" value={k.mostCommonAttack?.replaceAll("_", " ") ?? "none"} />
        <Fact label="Auto-blocking" value={k.autoBlockingActive ? "active" : "off"} />
      </FactSection>
      <p className="hint-text vault-footer">
        Protected by {vault.protectedBy}. Refreshed every {vault.vaultRefreshCycle}; last{" "}
        {formatTimestamp(vault.lastUpdated)}.
      </p>
    </div>
  );
}

/** The vault behind its own password, kept in memory while open and refreshed every 5 minutes. */
export function VaultPanel() {
  const session = useAtomValue(operatorSessionAtom);
  const [typed, setTyped] = useState("");
  const [vaultPassword, setVaultPassword] = useState<string | null>(null);
  const token = session?.token ?? null;
  const vault = useQuery({
    queryKey: ["security", "vault", token, vaultPassword],
    queryFn: ({ signal }) =>
      fetchSecurity<VaultLogs>(securityPaths.vault(VAULT_PERSONA), {
        token,
        signal,
        headers: { "X-Vault-Password": vaultPassword ?? "" },
      }),
    enabled: token !== null && vaultPassword !== null,
    refetchInterval: VAULT_REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
  const failedAt = vault.errorUpdatedAt;
  const failure = vault.error;

  useEffect(() => {
    if (failedAt === 0 || !(failure instanceof SecurityApiError)) return;
    if (failure.failure.status === 401) return; // the whole screen locks
    setVaultPassword(null);
    window.alert(failure.failure.message);
  }, [failedAt, failure]);

  const open = (event: FormEvent) => {
    event.preventDefault();
    setVaultPassword(typed);
    setTyped("");
  };

  return (
    <section className="panel vault-panel" aria-labelledby="vault-title">
      <div className="panel-header">
        <h2 id="vault-title">Vault</h2>
        {vaultPassword !== null && (
          <button type="button" className="btn btn-ghost" onClick={() => setVaultPassword(null)}>
            Close vault
          </button>
        )}
      </div>
      {vaultPassword === null ? (
        <form className="row gap vault-form" onSubmit={open}>
          <PasswordField
            id="vault-password"
            label="Vault password"
            labelHidden
            placeholder="Vault password"
            autoComplete="off"
            value={typed}
            onChange={setTyped}
          />
          <button type="submit" className="btn btn-primary" disabled={typed === ""}>
            Open vault
          </button>
        </form>
      ) : vault.data ? (
        <VaultContents vault={vault.data} />
      ) : (
        <p className="loading">Opening the vault...</p>
      )}
    </section>
  );
}
