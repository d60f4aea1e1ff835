import { formatUnits } from "@casino/protocol";
import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { useBalances } from "./balance.ts";
import { isDemoIdentity } from "./demoIdentity.ts";
import { RecoveryKeyPanel, useRecoveryStatus } from "./RecoveryKeyPanel.tsx";

/** What leaving the identity is for: disconnecting, or switching to a new demo identity. */
export type LeaveKind = "disconnect" | "new-identity";

const TEXTS: Record<LeaveKind, { trigger: string; title: string; confirm: string }> = {
  disconnect: { trigger: "Disconnect", title: "Disconnect this identity?", confirm: "Yes, disconnect" },
  "new-identity": {
    trigger: "Use a new demo identity",
    title: "Leave this identity for a new one?",
    confirm: "Yes, use a new identity",
  },
};

/** What the player leaves behind, in words: the identity, its balances and how (or whether) it comes back. */
function LeaveSummary({ wallet }: { wallet: string }) {
  const { hcUnits, aminaUnits } = useBalances();
  const status = useRecoveryStatus(isDemoIdentity(wallet) ? wallet : null);
  if (!isDemoIdentity(wallet)) {
    return <p>You can connect {wallet} again at any time by signing in with its wallet.</p>;
  }
  return (
    <>
      <p data-testid="leave-summary">
        The demo identity <span className="mono">{wallet}</span> holds {formatUnits(hcUnits)} HC and{" "}
        {formatUnits(aminaUnits)} AMINA, with its game history. A demo identity has no wallet behind it:
        without its recovery key it cannot be opened again.
      </p>
      {status.data && !status.data.hasKey && (
        <p className="hint-text">
          You have not saved a recovery key for it: once you leave, it is lost for good.
        </p>
      )}
    </>
  );
}

/**
 * A button that asks before the player leaves the connected identity (disconnect, or a new demo
 * identity): it says what would be lost and offers to save the recovery key first.
 */
export function LeaveIdentityDialog({
  kind,
  wallet,
  disabled,
  onConfirm,
}: {
  kind: LeaveKind;
  wallet: string;
  disabled: boolean;
  onConfirm: () => void;
}) {
  const [open, setOpen] = useState(false);
  const texts = TEXTS[kind];
  const descriptionId = `leave-${kind}-description`;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          className={kind === "disconnect" ? "btn btn-danger" : "btn"}
          disabled={disabled}
        >
          {texts.trigger}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby={descriptionId} data-testid="leave-dialog">
          <Dialog.Title className="dialog-title">{texts.title}</Dialog.Title>
          <Dialog.Description id={descriptionId} className="dialog-description" asChild>
            <div>
              <LeaveSummary wallet={wallet} />
            </div>
          </Dialog.Description>
          {isDemoIdentity(wallet) && (
            <section className="connect-section" aria-label="Recovery key">
              <h3>Save the recovery key first</h3>
              <RecoveryKeyPanel wallet={wallet} />
            </section>
          )}
          <div className="row gap dialog-actions">
            <Dialog.Close asChild>
              <button type="button" className="btn">
                Cancel
              </button>
            </Dialog.Close>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => {
                setOpen(false);
                onConfirm();
              }}
            >
              {texts.confirm}
            </button>
          </div>
          <Dialog.Close className="dialog-close" aria-label="Close">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
