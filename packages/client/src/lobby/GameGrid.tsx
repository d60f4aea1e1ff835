import { GAME_CATALOGUE } from "@casino/protocol";
import { Link } from "react-router";
import { Hint } from "../ui/Hint.tsx";

/** The lobby's game grid, one card per catalogue entry. */
export function GameGrid() {
  return (
    <section aria-labelledby="games-title">
      <h2 id="games-title" className="section-title">
        Games
      </h2>
      <ul className="game-grid">
        {GAME_CATALOGUE.map((entry) => (
          <li key={entry.id} className="game-card" data-testid={`game-card-${entry.id}`}>
            <span className="game-icon" aria-hidden="true">
              {entry.icon}
            </span>
            <h3 className="game-title">{entry.title}</h3>
            <p className="game-description">{entry.description}</p>
            <dl className="game-facts">
              <div>
                <dt>Max win</dt>
                <dd>{entry.maxWin}</dd>
              </div>
              <div>
                <dt>Bet range</dt>
                <dd>{entry.betRange}</dd>
              </div>
              <div>
                <dt>House edge</dt>
                <dd>
                  <Hint label="The share of every bet the house keeps on average over many rounds">
                    <button
                      type="button"
                      className="edge-hint"
                      aria-label={`House edge ${entry.houseEdge}: what is this?`}
                    >
                      {entry.houseEdge}
                    </button>
                  </Hint>
                </dd>
              </div>
            </dl>
            <Link
              to={entry.path}
              className="btn btn-primary btn-wide"
              aria-label={`${entry.multiplayer ? "Join Table" : "Play Now"}: ${entry.title}`}
            >
              {entry.multiplayer ? "Join Table" : "Play Now"}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
