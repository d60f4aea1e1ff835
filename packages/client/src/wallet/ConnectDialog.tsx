import * as Dialog from "@radix-ui/react-dialog";
import { lazy, type RefObject, Suspense } from "react";

const ConnectPanel = lazy(() => import("./ConnectPanel.tsx"));

/** The Connect wallet dialog (loaded when the header's wallet button first opens it); focus returns to that button on close. */
export default function ConnectDialog({
  onClose,
  returnFocusTo,
}: {
  onClose: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Dialog.Root open onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog"
          aria-describedby="connect-dialog-description"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <Dialog.Title className="dialog-title">Connect wallet</Dialog.Title>
          <Dialog.Description id="connect-dialog-description" className="dialog-description">
            Prove an Algorand address with its wallet, or play with a demo identity.
          </Dialog.Description>
          <Suspense fallback={<p className="loading">Loading wallets...</p>}>
            <ConnectPanel onDone={onClose} />
          </Suspense>
          <Dialog.Close className="dialog-close" aria-label="Close">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
