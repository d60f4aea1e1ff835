/** The live feed's tabs and players online for a component (one shared room per browser tab). */
import { useAtomValue } from "jotai";
import { useEffect, useSyncExternalStore } from "react";
import { walletAddressAtom } from "../../wallet/walletAtoms.ts";
import { type FeedState, openFeedConnection, readFeed, subscribeFeed } from "./liveFeedConnection.ts";

/** Connects while mounted and re-renders on every batch. */
export function useLiveFeed(): FeedState {
  const wallet = useAtomValue(walletAddressAtom);
  useEffect(() => openFeedConnection(wallet ?? null), [wallet]);
  return useSyncExternalStore(subscribeFeed, readFeed, readFeed);
}
