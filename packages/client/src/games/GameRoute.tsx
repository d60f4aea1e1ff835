import { GAME_CATALOGUE, type SinglePlayerGame } from "@casino/protocol";
import { Link } from "react-router";

/** The screen of one single-player game (route /game/:gameType, loaded on demand). */
export default function GameRoute({ gameType }: { gameType: SinglePlayerGame }) {
  const entry = GAME_CATALOGUE.find((game) => game.id === gameType);
  return (
    <section className="panel placeholder-screen" aria-labelledby="game-title">
      <Link to="/casino" className="back-link">
        ← Back to Casino
      </Link>
      <h1 id="game-title">
        <span aria-hidden="true">{entry?.icon}</span> {entry?.title}
      </h1>
      <p>{entry?.description}</p>
      <p>This table is being prepared.</p>
    </section>
  );
}
