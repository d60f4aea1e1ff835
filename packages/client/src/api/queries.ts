/** react-query hooks for every REST read, keyed so mutations can invalidate exactly what they change. */
import { useQuery } from "@tanstack/react-query";
import { CRYPTO_STATUS_PATH, chainBalancePath, transactionsPath } from "./cryptoApi.ts";
import { gameSessionsPath, seedsPath } from "./fairApi.ts";
import { type AnswerSchema, fetchApi } from "./http.ts";
import { lazySchema } from "./lazySchema.ts";
import { CACHE_TIMES } from "./queryClient.ts";
import { userPath } from "./walletApi.ts";

/** Query keys in one place, so invalidation and reads can never drift apart. */
export const queryKeys = {
  cryptoStatus: ["crypto-status"] as const,
  user: (wallet: string) => ["user", wallet] as const,
  transactions: (wallet: string) => ["transactions", wallet] as const,
  chainBalance: (wallet: string) => ["chain-balance", wallet] as const,
  seeds: (wallet: string) => ["seeds", wallet] as const,
  gameSessions: (wallet: string) => ["game-sessions", wallet] as const,
};

/** Token status for the landing card and the cashier's exchange links (cached 5 min). */
export function useCryptoStatus() {
  return useQuery({
    queryKey: queryKeys.cryptoStatus,
    queryFn: ({ signal }) => fetchApi(CRYPTO_STATUS_PATH, signal, {}, lazySchema("cryptoStatusSchema")),
    staleTime: CACHE_TIMES.statusStale,
  });
}

/** A read of one wallet's data, checked by its schema; off while no wallet is connected. */
function walletQuery<T>(
  wallet: string | null,
  key: (wallet: string) => readonly unknown[],
  path: (wallet: string) => string,
  schema: AnswerSchema<T>,
) {
  return {
    queryKey: key(wallet ?? ""),
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchApi(path(wallet ?? ""), signal, {}, schema),
    enabled: wallet !== null,
  };
}

/** The user's record with both balances, polled every 5 s while an address exists. */
export function useUserRecord(wallet: string | null) {
  return useQuery({
    ...walletQuery(wallet, queryKeys.user, userPath, lazySchema("userRecordSchema")),
    refetchInterval: wallet ? CACHE_TIMES.balancePoll : false,
    staleTime: 0,
  });
}

/** The wallet's cashier transactions (cached 30 s). */
export function useTransactions(wallet: string | null) {
  return useQuery({
    ...walletQuery(wallet, queryKeys.transactions, transactionsPath, lazySchema("cryptoTransactionsSchema")),
    staleTime: CACHE_TIMES.transactionsStale,
  });
}

/** The wallet's simulated on-chain AMINA, which deposits draw from and withdrawals return to. */
export function useChainBalance(wallet: string | null) {
  return useQuery(
    walletQuery(wallet, queryKeys.chainBalance, chainBalancePath, lazySchema("chainBalanceSchema")),
  );
}

/** The wallet's seed commitment and next nonce for the provably-fair panel. */
export function useSeeds(wallet: string | null) {
  return useQuery(walletQuery(wallet, queryKeys.seeds, seedsPath, lazySchema("seedInfoSchema")));
}

/** The wallet's settled rounds, latest first, for the history panel. */
export function useGameSessions(wallet: string | null) {
  return useQuery({
    ...walletQuery(wallet, queryKeys.gameSessions, gameSessionsPath, lazySchema("gameSessionRecordsSchema")),
    staleTime: 0,
  });
}
