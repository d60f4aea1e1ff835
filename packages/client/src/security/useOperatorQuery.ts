/** A polled dashboard read with the operator's token; a 401 (expired or revoked login) locks the screen. */
import { useQuery } from "@tanstack/react-query";
import { useAtom } from "jotai";
import { useEffect } from "react";
import { describePolling } from "./polling.ts";
import { fetchSecurity, SecurityApiError } from "./securityApi.ts";
import { operatorSessionAtom } from "./securityAtoms.ts";
import { POLL_INTERVAL_MS } from "./securityTexts.ts";

/** Polls `path` every `intervalMs` while unlocked. */
export function useOperatorQuery<T>(name: string, path: string, intervalMs: number = POLL_INTERVAL_MS) {
  const [session, setSession] = useAtom(operatorSessionAtom);
  const token = session?.token ?? null;
  const query = useQuery({
    queryKey: ["security", name, path, token],
    queryFn: ({ signal }) => fetchSecurity<T>(path, { token, signal }),
    ...describePolling(token !== null, intervalMs),
  });
  const unauthorized = query.error instanceof SecurityApiError && query.error.failure.status === 401;
  useEffect(() => {
    if (unauthorized) setSession(null);
  }, [unauthorized, setSession]);
  return query;
}
