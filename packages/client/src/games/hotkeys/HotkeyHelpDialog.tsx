import * as Dialog from "@radix-ui/react-dialog";
import { HOTKEYS } from "./hotkeyMap.ts";

/** The list of hotkeys in a dialog ("?" or the Keys button opens it). */
export function HotkeyHelpDialog({
  open,
  onOpenChange,
  hotkeysOn,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  hotkeysOn: boolean;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby="hotkey-help-text" data-testid="hotkey-help">
          <Dialog.Title className="dialog-title">Keyboard shortcuts</Dialog.Title>
          <Dialog.Description id="hotkey-help-text" className="dialog-description">
            {hotkeysOn
              ? "Hotkeys are on. They are ignored while you type in a field."
              : "Hotkeys are off: turn them on with the Hotkeys switch above the game."}
          </Dialog.Description>
          <table className="hotkey-table">
            <tbody>
              {HOTKEYS.map((hotkey) => (
                <tr key={hotkey.key}>
                  <th scope="row">
                    <kbd>{hotkey.key}</kbd>
                  </th>
                  <td>{hotkey.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Dialog.Close className="dialog-close" aria-label="Close">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
