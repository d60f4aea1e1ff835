import type { SinglePlayerGame } from "@casino/protocol";
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from "react";
import { GameScreenLoading } from "./frame/GameHeading.tsx";
import "./games.css";
import "./game-boards.css";

/** Each game's screen, loaded on demand (the Pixi games carry the renderer, the card games do not). */
const SCREENS: Record<SinglePlayerGame, LazyExoticComponent<ComponentType>> = {
  slots: lazy(() => import("./slots/SlotsScreen.tsx")),
  plinko: lazy(() => import("./plinko/PlinkoScreen.tsx")),
  blackjack: lazy(() => import("./blackjack/BlackjackScreen.tsx")),
  hilo: lazy(() => import("./hilo/HiloScreen.tsx")),
  dice: lazy(() => import("./dice/DiceScreen.tsx")),
};

/** The screen of one single-player game (route /game/:gameType, reached only for a known id). */
export default function GameRoute({ gameType }: { gameType: SinglePlayerGame }) {
  const Screen = SCREENS[gameType];
  return (
    <Suspense fallback={<GameScreenLoading gameType={gameType} />}>
      <Screen key={gameType} />
    </Suspense>
  );
}
