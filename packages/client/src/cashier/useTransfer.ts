/** Runs a deposit or withdrawal against the server and refreshes everything it changes. */

import { useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useState } from "react";
import { depositAmina, withdrawAmina } from "../api/cryptoApi.ts";
import { describeApiFailure } from "../api/http.ts";
import { queryKeys } from "../api/queries.ts";
import { formatMoney, toUnits } from "../ui/format.ts";
import { useToast } from "../ui/toast.ts";
import { useApplyBalances } from "../wallet/balance.ts";
import { walletAddressAtom } from "../wallet/walletAtoms.ts";

const TEXTS = {
  deposit: {
    call: depositAmina,
    doneTitle: "Deposit Successful",
    done: (amount: string) =>
      `${formatMoney(toUnits(amount), "AMINA")} moved from your wallet into the casino.`,
    failTitle: "Deposit Failed",
    fail: "Failed to process deposit. Please try again.",
  },
  withdraw: {
    call: withdrawAmina,
    doneTitle: "Withdrawal Successful",
    done: (amount: string) => `${formatMoney(toUnits(amount), "AMINA")} sent back to your wallet.`,
    failTitle: "Withdrawal Failed",
    fail: "Failed to process withdrawal. Please try again.",
  },
} as const;

/** A cashier transfer: whether it is processing, and the call that returns whether it succeeded. */
export function useTransfer(kind: "deposit" | "withdraw") {
  const [processing, setProcessing] = useState(false);
  const wallet = useAtomValue(walletAddressAtom);
  const client = useQueryClient();
  const toast = useToast();
  const applyBalances = useApplyBalances();
  const texts = TEXTS[kind];

  async function run(amount: string): Promise<boolean> {
    setProcessing(true);
    const result = await texts.call(amount);
    setProcessing(false);
    if (!result.ok) {
      toast({
        tone: "error",
        title: texts.failTitle,
        description: `${texts.fail} (${describeApiFailure(result.error)})`,
      });
      return false;
    }
    applyBalances(result.data);
    toast({ tone: "success", title: texts.doneTitle, description: texts.done(amount) });
    if (wallet) {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.transactions(wallet) }),
        client.invalidateQueries({ queryKey: queryKeys.chainBalance(wallet) }),
        client.invalidateQueries({ queryKey: queryKeys.user(wallet) }),
      ]);
    }
    return true;
  }

  return { processing, run };
}
