import { useAtomValue } from "jotai";
import { lazy, Suspense, useRef, useState } from "react";
import { walletAtom } from "./walletAtoms.ts";
import { describeWalletButton } from "./walletLabel.ts";

// The dialog's code (Radix dialog, then the wallets) loads when the button is first pressed.
const ConnectDialog = lazy(() => import("./ConnectDialog.tsx"));

/** The header's wallet button; opens the Connect dialog, whose code loads on demand. */
export function WalletButton() {
  const wallet = useAtomValue(walletAtom);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const label = describeWalletButton(wallet.status, wallet.address);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={`btn wallet-button ${wallet.status === "connected" ? "is-connected" : "btn-primary"}`}
        aria-label={
          wallet.status === "connected" ? `${label}: wallet ${wallet.address}, manage or disconnect` : label
        }
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? "open" : "closed"}
        data-testid="wallet-button"
        onClick={() => setOpen(true)}
      >
        <span className="wallet-dot" aria-hidden="true" />
        <span className="mono">{label}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ConnectDialog onClose={() => setOpen(false)} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}
