import { useEffect } from "react";
import { useToast } from "../../ui/toast.ts";
import { useRefreshBalance } from "../../wallet/balance.ts";
import { describeRoundNotice, onRoundSettled } from "./roundNotices.ts";

/** Shows a toast on any page when the server settles one of the player's rounds, and refreshes the balance. */
export function RoundNoticeToaster() {
  const toast = useToast();
  const refreshBalance = useRefreshBalance();
  useEffect(
    () =>
      onRoundSettled((notice) => {
        toast({ tone: "info", ...describeRoundNotice(notice) });
        void refreshBalance();
      }),
    [toast, refreshBalance],
  );
  return null;
}
