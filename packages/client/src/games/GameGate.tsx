import { GAME_CATALOGUE, isSinglePlayerGame } from "@casino/protocol";
import { lazy, Suspense } from "react";
import { Link, useParams } from "react-router";
import { GameScreenLoading } from "./frame/GameHeading.tsx";

const GameRoute = lazy(() => import("./GameRoute.tsx"));

/** Finds the single-player catalogue entry a /game/{gameType} URL names, if any. */
export function findSinglePlayerGame(gameType: string | undefined) {
  if (gameType === undefined || !isSinglePlayerGame(gameType)) return undefined;
  const entry = GAME_CATALOGUE.find((game) => game.id === gameType);
  return entry ? { ...entry, id: gameType } : undefined;
}

/** Route /game/:gameType: loads the game screen for a known id, else "Game Not Found". */
export function GameGate() {
  const { gameType } = useParams();
  const entry = findSinglePlayerGame(gameType);
  if (!entry) {
    return (
      <section className="lost-page" aria-labelledby="game-missing-title">
        <p className="lost-code" aria-hidden="true">
          ?
        </p>
        <h1 id="game-missing-title">Game Not Found</h1>
        <p className="lost-text">There is no game called “{gameType}” in this galaxy.</p>
        <Link to="/casino" className="btn btn-primary">
          Back to Casino
        </Link>
      </section>
    );
  }
  return (
    <Suspense fallback={<GameScreenLoading gameType={entry.id} />}>
      <GameRoute gameType={entry.id} />
    </Suspense>
  );
}
