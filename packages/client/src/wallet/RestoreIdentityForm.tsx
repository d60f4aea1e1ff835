import { normalizeRecoveryKey } from "@casino/protocol/schemas/recovery";
import type { FormEvent } from "react";
import { CodeField } from "../ui/FormFields.tsx";
import { useCodeInput } from "../ui/useCodeInput.ts";

/** The message for a typed key that cannot be a recovery key at all (checked before any request). */
export const MALFORMED_KEY_MESSAGE = "A recovery key has 32 letters and digits, as in 7K2M-9QWE-…";

/** The restore form: a recovery key in, a session on its demo identity out (through `onRestore`). */
export function RestoreIdentityForm({
  busy,
  onRestore,
}: {
  busy: boolean;
  onRestore: (key: string) => Promise<void>;
}) {
  const key = useCodeInput();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = key.read((text) => normalizeRecoveryKey(text) !== undefined, MALFORMED_KEY_MESSAGE);
    if (typed) await onRestore(typed);
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <CodeField
        id="restore-key"
        label="Recovery key"
        input={key}
        placeholder="XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX"
        hintId="restore-key-hint"
      />
      <button type="submit" className="btn" disabled={busy || key.value.trim() === ""}>
        Restore identity
      </button>
      <p id="restore-key-hint" className="hint-text">
        Opens the demo identity of the key in this browser, in place of the one playing here now.
      </p>
    </form>
  );
}
