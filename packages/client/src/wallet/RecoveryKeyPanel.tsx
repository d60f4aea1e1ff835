import type { RecoveryKey } from "@casino/protocol/schemas/recovery";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { describeApiFailure } from "../api/http.ts";
import { issueRecoveryKey, readRecoveryStatus } from "../api/recoveryApi.ts";
import { FormError } from "../ui/FormError.tsx";
import { formatTimestamp } from "../ui/format.ts";
import { downloadRecoveryKey } from "./recoveryFile.ts";

/** Query key of the session's recovery status. */
export const recoveryStatusKey = (wallet: string) => ["recovery", wallet] as const;

/** Reads whether the connected demo identity has a recovery key. */
export function useRecoveryStatus(wallet: string | null) {
  return useQuery({
    queryKey: recoveryStatusKey(wallet ?? ""),
    queryFn: async () => {
      const status = await readRecoveryStatus();
      if (!status.ok) throw new Error(describeApiFailure(status.error));
      return status.data;
    },
    enabled: wallet !== null,
  });
}

/**
 * Shows, creates and hands over the demo identity's recovery key: the key is shown once, with a
 * copy button and a download, and the player is told what the key is for.
 */
export function RecoveryKeyPanel({ wallet }: { wallet: string }) {
  const client = useQueryClient();
  const keyId = useId();
  const status = useRecoveryStatus(wallet);
  const [issued, setIssued] = useState<RecoveryKey | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);

  async function create() {
    setBusy(true);
    setError(null);
    const result = await issueRecoveryKey();
    setBusy(false);
    if (!result.ok) {
      setError(describeApiFailure(result.error));
      return;
    }
    setIssued(result.data);
    setCopied(false);
    await client.invalidateQueries({ queryKey: recoveryStatusKey(wallet) });
  }

  async function copy(key: string) {
    try {
      await navigator.clipboard.writeText(key);
      setCopied(true);
    } catch {
      setError("Copying was blocked by the browser: select the key and copy it, or download it.");
    }
  }

  if (issued) {
    return (
      <div className="recovery-panel" data-testid="recovery-panel">
        <label className="field-label" htmlFor={keyId}>
          Recovery key of {issued.walletAddress}
        </label>
        <textarea
          id={keyId}
          className="input mono recovery-key"
          value={issued.recoveryKey}
          readOnly
          rows={1}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="recovery-key"
        />
        <div className="row gap">
          <button type="button" className="btn btn-primary" onClick={() => void copy(issued.recoveryKey)}>
            {copied ? "Copied" : "Copy key"}
          </button>
          <button type="button" className="btn" onClick={() => downloadRecoveryKey(issued)}>
            Download key
          </button>
        </div>
        <p className="hint-text" role="status">
          {copied ? "The key is on your clipboard. " : ""}
          It is shown only now. Keep it somewhere safe: anyone holding it can play this identity. In any
          browser, open the wallet dialog and restore the identity with it.
        </p>
        <FormError message={error} />
      </div>
    );
  }

  const hasKey = status.data?.hasKey === true;
  return (
    <div className="recovery-panel" data-testid="recovery-panel">
      <p className="hint-text">
        {hasKey && status.data?.createdAt
          ? `You created a recovery key on ${formatTimestamp(status.data.createdAt)}. A new key makes that one stop working.`
          : "This demo identity has no recovery key yet. Without one it is lost when you disconnect, use a new identity or clear this browser's data."}
      </p>
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy || status.isPending}
        onClick={() => void create()}
      >
        {hasKey ? "Create a new recovery key" : "Create recovery key"}
      </button>
      <FormError message={error} />
    </div>
  );
}
