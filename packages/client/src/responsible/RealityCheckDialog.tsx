import * as Dialog from "@radix-ui/react-dialog";
import { Link } from "react-router";

/** The reality-check dialog: time played and net result this session (loaded when a reminder is due). */
export default function RealityCheckDialog({
  playedFor,
  netResult,
  onClose,
}: {
  playedFor: string;
  netResult: { HC: string; AMINA: string };
  onClose: () => void;
}) {
  return (
    <Dialog.Root open onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby="reality-check-text">
          <Dialog.Title className="dialog-title">Reality check</Dialog.Title>
          <Dialog.Description id="reality-check-text" className="dialog-description">
            You have played for {playedFor} this session. Net result: {netResult.HC} HC, {netResult.AMINA}{" "}
            AMINA.
          </Dialog.Description>
          <div className="row gap">
            <button type="button" className="btn btn-primary" onClick={onClose}>
              Keep playing
            </button>
            <Link to="/responsible-gaming" className="btn" onClick={onClose}>
              Take a break
            </Link>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
