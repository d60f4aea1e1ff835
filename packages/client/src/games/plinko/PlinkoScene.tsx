import { lazy, Suspense } from "react";
import { useIdle } from "../../ui/useIdle.ts";
import { chooseScenePreference } from "../frame/scenePreference.ts";
import type { BoardProps } from "./PlinkoCanvas.tsx";

/** The PixiJS board and PixiJS itself, fetched and started only once the page is idle. */
const PlinkoCanvas = lazy(() => import("./PlinkoCanvas.tsx"));

/**
 * Quantum Plinko's board: a box the board's size from the first paint, in which the PixiJS board is
 * started once the page is idle (balls dropped before then are drawn where their flights have got to).
 */
export default function PlinkoScene({ store, risk, onLand }: BoardProps) {
  const idle = useIdle();
  return (
    <div
      className="plinko-canvas"
      data-testid="plinko-board"
      data-renderer={idle ? chooseScenePreference() : undefined}
      role="img"
      aria-label={`Plinko board, ${risk} risk: 12 rows of pegs over 13 slots`}
    >
      {idle ? (
        <Suspense fallback={null}>
          <PlinkoCanvas store={store} risk={risk} onLand={onLand} />
        </Suspense>
      ) : null}
    </div>
  );
}
