/** The responsible-gaming calls: read the limits, change them, start a cool-off or a self-exclusion. */
import type { LimitKind, LimitPeriod, LimitsAnswer } from "@casino/protocol/schemas/responsible";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { type ApiResult, fetchApi, requestApi } from "../api/http.ts";
import { walletAtom } from "../wallet/walletAtoms.ts";

/** One limit to set (an amount in coins as typed) or remove (null). */
export interface LimitChange {
  currency: "HC" | "AMINA";
  kind: LimitKind;
  period: LimitPeriod;
  amount: string | null;
}

/** The body of PUT /api/limits. */
export interface LimitsChange {
  limits?: LimitChange[];
  sessionMinutes?: number | null;
  realityCheckMinutes?: number | null;
}

/** The query key of the player's limits. */
export const limitsKey = (wallet: string) => ["responsible-limits", wallet] as const;

/** The player's limits, session figures and exclusion; refetched every `pollMs` when given. */
export function useLimits(pollMs?: number) {
  const wallet = useAtomValue(walletAtom);
  const address = wallet.status === "connected" ? wallet.address : null;
  return useQuery({
    queryKey: limitsKey(address ?? ""),
    queryFn: ({ signal }) => fetchApi<LimitsAnswer>("/api/limits", signal),
    enabled: address !== null,
    refetchInterval: pollMs ?? false,
    staleTime: 0,
  });
}

/**
 * Shows the server's answer to a change to every reader of the limits at once (so no field
 * falls back to its old value while they refetch), then refetches them.
 */
export function useShowSavedLimits() {
  const client = useQueryClient();
  return (answer: LimitsAnswer) => {
    client.setQueriesData<LimitsAnswer>({ queryKey: ["responsible-limits"] }, answer);
    return client.invalidateQueries({ queryKey: ["responsible-limits"] });
  };
}

/** PUT /api/limits. */
export function saveLimits(change: LimitsChange): Promise<ApiResult<LimitsAnswer>> {
  return requestApi<LimitsAnswer>("PUT", "/api/limits", { body: change });
}

/** POST /api/cool-off. */
export function startCoolOff(hours: number): Promise<ApiResult<LimitsAnswer>> {
  return requestApi<LimitsAnswer>("POST", "/api/cool-off", { body: { hours } });
}

/** POST /api/self-exclusion. */
export function startSelfExclusion(months: number): Promise<ApiResult<LimitsAnswer>> {
  return requestApi<LimitsAnswer>("POST", "/api/self-exclusion", { body: { months } });
}
