/** The downloadable form of a recovery key: a small text file named after the identity. */
import type { RecoveryKey } from "@casino/protocol/schemas/recovery";

/** The file's text: what the key is, for which identity, and how to use it. */
export function describeRecoveryFile(key: RecoveryKey, origin: string): string {
  return [
    "AMINA Casino demo identity recovery key",
    "",
    `Identity: ${key.walletAddress}`,
    `Recovery key: ${key.recoveryKey}`,
    `Created: ${new Date(key.createdAt).toISOString()}`,
    "",
    `To play this identity in any browser, open ${origin}, press the wallet button and restore it with this key.`,
    "Anyone holding this key can play this identity: keep it private.",
    "",
  ].join("\n");
}

/** Saves the key as `amina-recovery-<identity>.txt` through the browser's download. */
export function downloadRecoveryKey(key: RecoveryKey): void {
  const blob = new Blob([describeRecoveryFile(key, window.location.origin)], { type: "text/plain" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `amina-recovery-${key.walletAddress}.txt`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
