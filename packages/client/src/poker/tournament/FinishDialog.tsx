import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState } from "react";
import { useRefreshBalance } from "../../wallet/balance.ts";
import type { Tournament } from "./tournamentApi.ts";
import { describePlace, readFinish } from "./tournamentRows.ts";

/** The finishing screen: once the viewer's place is known (busted, or the last one standing), place and prize. */
export function FinishDialog({
  tournament,
  viewerId,
  onBackToLobby,
}: {
  tournament: Tournament;
  viewerId: string | null;
  onBackToLobby: () => void;
}) {
  const finish = readFinish(tournament, viewerId);
  const [dismissed, setDismissed] = useState(false);
  const refreshBalance = useRefreshBalance();
  const known = finish !== null;

  // A prize is paid with the hand that ends the tournament: show the new balance.
  useEffect(() => {
    if (known) void refreshBalance();
  }, [known, refreshBalance]);

  if (!finish) return null;
  return (
    <Dialog.Root open={!dismissed} onOpenChange={(open) => setDismissed(!open)}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog sng-finish"
          aria-describedby="sng-finish-description"
          data-testid="sng-finish"
        >
          <Dialog.Title className="dialog-title">{finish.title}</Dialog.Title>
          <Dialog.Description id="sng-finish-description" className="dialog-description">
            {tournament.name}
          </Dialog.Description>
          <dl className="sng-finish-facts">
            <div>
              <dt>Place</dt>
              <dd data-testid="sng-finish-place">
                {describePlace(finish.place)} of {finish.entrants}
              </dd>
            </div>
            <div>
              <dt>Prize</dt>
              <dd data-testid="sng-finish-prize" className={finish.prize ? "sng-prize-won" : undefined}>
                {finish.prizeText}
              </dd>
            </div>
          </dl>
          <div className="row gap sng-finish-actions">
            <button type="button" className="btn btn-primary" onClick={onBackToLobby}>
              Back to lobby
            </button>
            <Dialog.Close className="btn">Keep watching</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
