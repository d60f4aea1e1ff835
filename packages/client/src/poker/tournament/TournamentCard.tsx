import type { Tournament } from "./tournamentApi.ts";
import {
  chooseRowAction,
  describeBlinds,
  describeBuyIn,
  describeEntrants,
  describeLevel,
  describePayouts,
  describePrizePool,
  describeStatus,
} from "./tournamentRows.ts";

/** One Sit & Go of the lobby: its facts and the viewer's action (register, unregister, take the seat). */
export function TournamentCard({
  tournament: t,
  userId,
  busy,
  onRegister,
  onUnregister,
  onTakeSeat,
}: {
  tournament: Tournament;
  userId: string | null;
  busy: boolean;
  onRegister: () => void;
  onUnregister: () => void;
  onTakeSeat: (tableId: string) => void;
}) {
  const action = chooseRowAction(t, userId);
  const headingId = `sng-${t.id}-name`;
  const live = t.status === "running";
  return (
    <li
      className={`sng-card is-${t.status}`}
      aria-labelledby={headingId}
      data-testid={`sng-${t.definitionId}`}
    >
      <div className="sng-card-head">
        <h3 id={headingId} className="sng-card-name">
          {t.name}
        </h3>
        <span className={`badge sng-status-${t.status}`} data-testid="sng-status">
          {describeStatus(t)}
        </span>
      </div>
      <p className="hint-text">
        {t.maxPlayers}-max ·{" "}
        {t.currency === "HC" ? "House Coins, bots fill empty seats" : "AMINA, players only"}
      </p>
      <dl className="sng-facts">
        <div>
          <dt>Buy-in</dt>
          <dd>{describeBuyIn(t)}</dd>
        </div>
        <div>
          <dt>Players</dt>
          <dd data-testid="sng-entrants">{describeEntrants(t)}</dd>
        </div>
        <div>
          <dt>Prize pool</dt>
          <dd>{describePrizePool(t)}</dd>
        </div>
        <div>
          <dt>Prizes</dt>
          <dd>{describePayouts(t)}</dd>
        </div>
        <div>
          <dt>{live ? describeLevel(t) : "Starts at"}</dt>
          <dd>{describeBlinds(t)}</dd>
        </div>
      </dl>
      <div className="sng-card-action">
        {action === "register" && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || userId === null}
            aria-label={`Register for ${t.name}`}
            title={userId === null ? "Connect a wallet to register" : undefined}
            onClick={onRegister}
          >
            Register
          </button>
        )}
        {action === "unregister" && (
          <>
            <span className="sng-registered">You are registered</span>
            <button
              type="button"
              className="btn"
              disabled={busy}
              aria-label={`Unregister from ${t.name}`}
              onClick={onUnregister}
            >
              Unregister
            </button>
          </>
        )}
        {action === "take-seat" && t.tableId && (
          <button
            type="button"
            className="btn btn-primary"
            aria-label={`Take your seat at ${t.name}`}
            onClick={() => onTakeSeat(t.tableId as string)}
          >
            Take your seat
          </button>
        )}
      </div>
    </li>
  );
}
