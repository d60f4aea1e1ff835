/** Balance hooks shared by the header, the cashier and every game screen. */
import { NEW_USER_HC } from "@casino/protocol";
import { useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useCallback } from "react";
import { queryKeys, useUserRecord } from "../api/queries.ts";
import type { UserRecord } from "../api/types.ts";
import { toUnits } from "../ui/format.ts";
import { walletAddressAtom } from "./walletAtoms.ts";

/** Both balances in micro-units. */
export type Balances = { aminaUnits: number; hcUnits: number };

/** What a disconnected visitor sees (SPEC.md section 4: reset to 0 AMINA and 1000 HC). */
export const DISCONNECTED_BALANCES: Balances = { aminaUnits: 0, hcUnits: NEW_USER_HC };

/** The connected wallet's balances (polled every 5 s), or the disconnected defaults. */
export function useBalances(): Balances & { isLoading: boolean } {
  const wallet = useAtomValue(walletAddressAtom);
  const user = useUserRecord(wallet);
  if (!wallet) return { ...DISCONNECTED_BALANCES, isLoading: false };
  if (!user.data) return { aminaUnits: 0, hcUnits: 0, isLoading: user.isPending };
  return {
    aminaUnits: toUnits(user.data.aminaBalance),
    hcUnits: toUnits(user.data.houseBalance),
    isLoading: false,
  };
}

/** Returns a function that re-fetches the balance at once, for right after a round settles. */
export function useRefreshBalance(): () => Promise<void> {
  const client = useQueryClient();
  const wallet = useAtomValue(walletAddressAtom);
  return useCallback(async () => {
    if (!wallet) return;
    await client.invalidateQueries({ queryKey: queryKeys.user(wallet) });
  }, [client, wallet]);
}

/** Returns a function that shows balances a response already carries, without waiting for the poll. */
export function useApplyBalances(): (balances: { aminaBalance?: string; houseBalance?: string }) => void {
  const client = useQueryClient();
  const wallet = useAtomValue(walletAddressAtom);
  return useCallback(
    (balances) => {
      if (!wallet) return;
      client.setQueryData<UserRecord>(queryKeys.user(wallet), (user) =>
        user
          ? {
              ...user,
              aminaBalance: balances.aminaBalance ?? user.aminaBalance,
              houseBalance: balances.houseBalance ?? user.houseBalance,
            }
          : user,
      );
    },
    [client, wallet],
  );
}
