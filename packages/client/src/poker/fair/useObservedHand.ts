/** Keeps what this page saw of the recent hands, and gives the record of the last finished one. */
import { useRef } from "react";
import type { TableSnapshot } from "../table/tableSnapshot.ts";
import { type ObservedHand, observeHand } from "./observedHand.ts";

const KEPT_HANDS = 3;

/** The observed record of the snapshot's last finished hand, updated as snapshots arrive. */
export function useObservedHand(
  snapshot: TableSnapshot | null,
  viewerId: string | null,
): ObservedHand | undefined {
  const records = useRef(new Map<number, ObservedHand>());
  if (snapshot) {
    const updated = observeHand(records.current.get(snapshot.handNumber), snapshot, viewerId);
    if (updated) records.current.set(updated.handNumber, updated);
    for (const hand of [...records.current.keys()])
      if (hand <= snapshot.handNumber - KEPT_HANDS) records.current.delete(hand);
  }
  return snapshot ? records.current.get(snapshot.lastHandNumber) : undefined;
}
