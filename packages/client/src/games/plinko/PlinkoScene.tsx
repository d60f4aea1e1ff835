import type { PlinkoRisk } from "@casino/protocol";
import { lazy, Suspense, useEffect, useState } from "react";
import { useFirstInteraction } from "../../ui/useFirstInteraction.ts";
import { chooseScenePreference } from "../frame/scenePreference.ts";
import type { FlightStore, PlinkoBall } from "./flightStore.ts";
import { PlinkoBoardArt } from "./PlinkoBoardArt.tsx";
import { useLandings } from "./useLandings.ts";

/** The balls' PixiJS layer, and PixiJS itself, fetched only once a player is at the controls. */
const PlinkoBalls = lazy(() => import("./PlinkoCanvas.tsx"));

/** What the board draws from: the balls in flight, the risk's slots, and who hears of a landing. */
export type PlinkoSceneProps = {
  store: FlightStore;
  risk: PlinkoRisk;
  onLand: (ball: PlinkoBall, landedSlot: number) => void;
};

/** True once `store` has held a ball (reserved or falling). */
function useEverActive(store: FlightStore): boolean {
  const [active, setActive] = useState(() => store.activeCount() > 0);
  useEffect(() => {
    if (active) return;
    return store.subscribe((count) => {
      if (count > 0) setActive(true);
    });
  }, [store, active]);
  return active;
}

/**
 * Quantum Plinko's board: the pegs and slots in SVG from the first paint, and over them the balls,
 * drawn by PixiJS, which is loaded when the player first reaches for the page or drops a ball (a ball
 * dropped before it is ready is drawn where its flight has got to). Landings go by the clock.
 */
export default function PlinkoScene({ store, risk, onLand }: PlinkoSceneProps) {
  const lit = useLandings(store, onLand);
  const interacted = useFirstInteraction();
  const played = useEverActive(store);
  const wanted = interacted || played;
  return (
    <div
      className="plinko-canvas"
      data-testid="plinko-board"
      data-renderer={wanted ? chooseScenePreference() : undefined}
      role="img"
      aria-label={`Plinko board, ${risk} risk: 12 rows of pegs over 13 slots`}
    >
      <PlinkoBoardArt risk={risk} lit={lit} />
      {wanted ? (
        <Suspense fallback={null}>
          <PlinkoBalls store={store} />
        </Suspense>
      ) : null}
    </div>
  );
}
