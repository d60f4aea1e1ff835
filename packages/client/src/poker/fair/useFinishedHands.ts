/** Keeps the list of hands finished while this table page was open. */
import { useRef } from "react";
import type { TableSnapshot } from "../table/tableSnapshot.ts";
import { type FinishedHand, recordFinishedHand } from "./finishedHands.ts";
import type { ObservedHand } from "./observedHand.ts";

/** The finished hands, newest first, updated as snapshots arrive. */
export function useFinishedHands(
  snapshot: TableSnapshot,
  observed: ObservedHand | undefined,
): readonly FinishedHand[] {
  const list = useRef<readonly FinishedHand[]>([]);
  list.current = recordFinishedHand(list.current, snapshot, observed);
  return list.current;
}
