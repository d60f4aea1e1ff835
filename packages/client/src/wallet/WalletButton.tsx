import * as Dialog from "@radix-ui/react-dialog";
import { useAtomValue } from "jotai";
import { lazy, Suspense, useState } from "react";
import { walletAtom } from "./walletAtoms.ts";
import { describeWalletButton } from "./walletLabel.ts";

const ConnectPanel = lazy(() => import("./ConnectPanel.tsx"));

/** The header's wallet button; opens the Connect dialog, whose wallet code loads on demand. */
export function WalletButton() {
  const wallet = useAtomValue(walletAtom);
  const [open, setOpen] = useState(false);
  const label = describeWalletButton(wallet.status, wallet.address);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          className={`btn wallet-button ${wallet.status === "connected" ? "is-connected" : "btn-primary"}`}
          aria-label={
            wallet.status === "connected" ? `${label}: wallet ${wallet.address}, manage or disconnect` : label
          }
          data-testid="wallet-button"
        >
          <span className="wallet-dot" aria-hidden="true" />
          <span className="mono">{label}</span>
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby="connect-dialog-description">
          <Dialog.Title className="dialog-title">Connect wallet</Dialog.Title>
          <Dialog.Description id="connect-dialog-description" className="dialog-description">
            Prove an Algorand address with its wallet, or play with a demo identity.
          </Dialog.Description>
          <Suspense fallback={<p className="loading">Loading wallets...</p>}>
            <ConnectPanel onDone={() => setOpen(false)} />
          </Suspense>
          <Dialog.Close className="dialog-close" aria-label="Close">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
