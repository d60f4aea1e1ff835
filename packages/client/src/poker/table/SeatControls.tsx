import type { PlayerSnap, TableSnapshot } from "./tableSnapshot.ts";

/** The pre-actions a seat can queue, with their labels. */
const PRE_ACTIONS = [
  ["check_fold", "Check/Fold"],
  ["call_any", "Call Any"],
] as const;

/** Whether the viewer holds live cards in a running hand (pre-actions make sense). */
function inLiveHand(snapshot: TableSnapshot, me: PlayerSnap): boolean {
  return snapshot.gamePhase !== "waiting" && me.inHand && !me.hasFolded && !me.isAllIn;
}

/** Pre-actions (check/fold, call any) while waiting for the turn, sit out next hand, and Start Hand. */
export function SeatControls({
  snapshot,
  me,
  myTurn,
  busy,
  showStartHand,
  onPreAction,
  onSitOut,
  onStartHand,
}: {
  snapshot: TableSnapshot;
  me: PlayerSnap;
  myTurn: boolean;
  busy: boolean;
  showStartHand: boolean;
  onPreAction: (preAction: "check_fold" | "call_any" | "none") => void;
  onSitOut: (sittingOut: boolean) => void;
  onStartHand: () => void;
}) {
  const preActions = !myTurn && inLiveHand(snapshot, me);
  return (
    <section className="poker-seat-controls" aria-label="Seat options">
      {preActions && (
        <fieldset className="poker-pre-actions">
          <legend className="field-label">Before your turn</legend>
          {PRE_ACTIONS.map(([preAction, label]) => (
            <label key={preAction} className="poker-check">
              <input
                type="checkbox"
                checked={me.preAction === preAction}
                disabled={busy}
                onChange={(event) => onPreAction(event.target.checked ? preAction : "none")}
              />
              {label}
            </label>
          ))}
        </fieldset>
      )}
      <label className="poker-check">
        <input
          type="checkbox"
          checked={me.isSittingOut}
          disabled={busy}
          onChange={(event) => onSitOut(event.target.checked)}
        />
        Sit out next hand
      </label>
      {showStartHand && (
        <button type="button" className="btn btn-primary" disabled={busy} onClick={onStartHand}>
          Start Hand
        </button>
      )}
    </section>
  );
}
