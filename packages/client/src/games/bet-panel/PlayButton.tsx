import type { ReactNode } from "react";

/** The id of the bet panel's note saying why a bet cannot be placed now (a pause, a limit). */
export const BET_BLOCK_REASON_ID = "bet-block-reason";

/**
 * A game's main play button (roll, drop, spin, deal): off until the game is `ready` and while a bet
 * block holds, the bet panel's note on the block then describing it.
 */
export function PlayButton(props: {
  ready: boolean;
  blocked: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="btn btn-primary btn-huge main-action"
      disabled={!props.ready || props.blocked}
      aria-describedby={props.blocked ? BET_BLOCK_REASON_ID : undefined}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  );
}
