import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { fetchApi } from "../../api/http.ts";
import { type CrashCheck, checkCrashRound, type PublishedCrashRound } from "./crashCheck.ts";
import { formatCrashPoint } from "./crashRound.ts";

/** The verifier's Supernova section: fetches a finished round and checks it with the protocol code. */
export function CrashRoundCheck({ currency, round }: { currency: string; round: number }) {
  const published = useQuery({
    queryKey: ["crash-round", currency, round],
    queryFn: ({ signal }) =>
      fetchApi<PublishedCrashRound>(`/api/crash/rounds/${encodeURIComponent(currency)}/${round}`, signal),
    retry: false,
  });
  const [check, setCheck] = useState<CrashCheck | null>(null);
  const [done, setDone] = useState(0);
  useEffect(() => {
    if (!published.data) return;
    let live = true;
    setCheck(null);
    void checkCrashRound(published.data, (n) => live && setDone(n)).then(
      (result) => live && setCheck(result),
    );
    return () => {
      live = false;
    };
  }, [published.data]);

  if (published.isPending) return <p className="hint-text">Fetching round {round}...</p>;
  if (published.isError)
    return (
      <p className="form-error" data-testid="crash-verdict" data-ok="false">
        Round {round} of {currency} is not available yet: its hash is published when its flight ends.
      </p>
    );
  const data = published.data;
  return (
    <div className="verify-trace" data-testid="verify-trace" data-game="crash">
      <dl className="fact-list">
        <div>
          <dt>Round</dt>
          <dd>
            {currency} #{data.number}{" "}
            {data.status === "void" ? "(voided: every bet still in was refunded)" : ""}
          </dd>
        </div>
        <div>
          <dt>Round hash</dt>
          <dd className="mono">{data.hash}</dd>
        </div>
        <div>
          <dt>Salt (hash of the announced block)</dt>
          <dd className="mono">{data.salt}</dd>
        </div>
        <div>
          <dt>Published terminal hash</dt>
          <dd className="mono">{data.terminal}</dd>
        </div>
      </dl>
      {!check && (
        <p className="hint-text">
          Hashing forward to the terminal: {done} of {data.number} links...
        </p>
      )}
      {check && (
        <ul className="verify-checks">
          <li
            className={check.linked ? "ok-text" : "form-error"}
            data-testid="crash-link"
            data-ok={String(check.linked)}
          >
            {check.linked
              ? `✓ SHA-256 applied ${data.number} ${data.number === 1 ? "time" : "times"} to the round hash gives the published terminal`
              : "✗ The round hash does not lead to the published terminal"}
          </li>
          <li
            className={check.pointMatches === false ? "form-error" : "ok-text"}
            data-testid="crash-verdict"
            data-ok={String(check.pointMatches !== false && check.linked)}
          >
            {check.pointMatches === null
              ? `HMAC-SHA256(hash, salt) gives ${formatCrashPoint(check.computedPoint)} (the round was voided before it)`
              : check.pointMatches
                ? `✓ HMAC-SHA256(hash, salt) gives ${formatCrashPoint(check.computedPoint)}, the crash point shown`
                : `✗ HMAC-SHA256(hash, salt) gives ${formatCrashPoint(check.computedPoint)}, not the ${formatCrashPoint(data.crashPoint ?? 0)} shown`}
          </li>
        </ul>
      )}
    </div>
  );
}
