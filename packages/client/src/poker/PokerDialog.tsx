/** The frame of the poker dialogs (join, table cashier): trigger, overlay, title, description, close. */
import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

/** A dialog opened by `trigger`, titled and described for screen readers, with a close button. */
export function PokerDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  descriptionId,
  testId,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  descriptionId: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby={descriptionId} data-testid={testId}>
          <Dialog.Title className="dialog-title">{title}</Dialog.Title>
          <Dialog.Description id={descriptionId} className="dialog-description">
            {description}
          </Dialog.Description>
          {children}
          <Dialog.Close className="dialog-close" aria-label="Close">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
