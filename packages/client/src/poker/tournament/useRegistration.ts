/** Register and unregister with the lobby's feedback: a toast either way, then the list and balance refreshed. */
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { ApiResult } from "../../api/http.ts";
import { useToast } from "../../ui/toast.ts";
import { useRefreshBalance } from "../../wallet/balance.ts";
import { registerForTournament, type Tournament, unregisterFromTournament } from "./tournamentApi.ts";
import { describeBuyIn } from "./tournamentRows.ts";
import { tournamentKeys } from "./useTournaments.ts";

/** The pending tournament id (one call at a time) and the two calls. */
export function useRegistration() {
  const client = useQueryClient();
  const toast = useToast();
  const refreshBalance = useRefreshBalance();
  const [pending, setPending] = useState<string | null>(null);

  async function run(
    t: Tournament,
    call: (id: string) => Promise<ApiResult<Tournament>>,
    failedTitle: string,
    done: { title: string; description: string },
  ) {
    setPending(t.id);
    const result = await call(t.id);
    setPending(null);
    if (!result.ok) {
      toast({ tone: "error", title: failedTitle, description: result.error.message });
    } else {
      toast({ tone: "success", ...done });
    }
    await Promise.all([refreshBalance(), client.invalidateQueries({ queryKey: tournamentKeys.list })]);
  }

  return {
    pending,
    /** Buys in: buy-in and fee leave the balance. */
    register: (t: Tournament) =>
      run(t, registerForTournament, "Registration failed", {
        title: "Registered",
        description: `${t.name}: ${describeBuyIn(t)} paid. It starts when all ${t.maxPlayers} seats are taken.`,
      }),
    /** Withdraws: buy-in and fee come back exactly. */
    unregister: (t: Tournament) =>
      run(t, unregisterFromTournament, "Unregistering failed", {
        title: "Unregistered",
        description: `${t.name}: ${describeBuyIn(t)} refunded to your balance.`,
      }),
  };
}
