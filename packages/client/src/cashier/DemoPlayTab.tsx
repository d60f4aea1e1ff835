import { useState } from "react";
import { claimDemoGrant } from "../api/cryptoApi.ts";
import { describeApiFailure } from "../api/http.ts";
import { useToast } from "../ui/toast.ts";
import { useApplyBalances, useRefreshBalance } from "../wallet/balance.ts";

/** Demo Play tab: refills 1000 House Coins through the server while HC is below 1000. */
export function DemoPlayTab({ connected }: { connected: boolean }) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const applyBalances = useApplyBalances();
  const refreshBalance = useRefreshBalance();

  async function claim() {
    setBusy(true);
    const result = await claimDemoGrant();
    setBusy(false);
    if (!result.ok) {
      toast({ tone: "error", title: "Demo Play Unavailable", description: describeApiFailure(result.error) });
      return;
    }
    applyBalances({ houseBalance: result.data.houseBalance });
    toast({
      tone: "success",
      title: "House Coins Added!",
      description: "You received 1000 free House Coins for demo play",
    });
    await refreshBalance();
  }

  return (
    <div className="cashier-form">
      <p>
        House Coins are free play money. Run low? Top up to keep exploring the games. The refill is available
        while you hold fewer than 1000 HC.
      </p>
      <button
        type="button"
        className="btn btn-primary btn-wide"
        disabled={!connected || busy}
        onClick={() => void claim()}
      >
        {busy ? "Processing..." : "Get 1000 free House Coins"}
      </button>
    </div>
  );
}
