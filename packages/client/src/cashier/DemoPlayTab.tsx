import { DEMO_GRANT_HC, formatUnits } from "@casino/protocol";
import { useState } from "react";
import { claimDemoGrant } from "../api/cryptoApi.ts";
import { describeApiFailure } from "../api/http.ts";
import { useToast } from "../ui/toast.ts";
import { useApplyBalances, useBalances, useRefreshBalance } from "../wallet/balance.ts";

/** Why the refill cannot be claimed now, in the player's words (null: it can). */
export function describeGrantBlock(connected: boolean, hcUnits: number): string | null {
  if (!connected) return "Connect a wallet to get free House Coins.";
  if (hcUnits >= DEMO_GRANT_HC)
    return `You hold ${formatUnits(hcUnits)} HC: the refill is for balances below ${formatUnits(DEMO_GRANT_HC)} HC.`;
  return null;
}

/** Demo Play tab: refills 1000 House Coins through the server while HC is below 1000. */
export function DemoPlayTab({ connected }: { connected: boolean }) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const applyBalances = useApplyBalances();
  const refreshBalance = useRefreshBalance();
  const { hcUnits, isLoading } = useBalances();
  const blocked = isLoading ? null : describeGrantBlock(connected, hcUnits);

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
        disabled={!connected || busy || isLoading || blocked !== null}
        aria-describedby={blocked ? "demo-grant-blocked" : undefined}
        onClick={() => void claim()}
      >
        {busy ? "Processing..." : "Get 1000 free House Coins"}
      </button>
      {blocked && (
        <p id="demo-grant-blocked" className="hint-text" data-testid="demo-grant-blocked">
          {blocked}
        </p>
      )}
    </div>
  );
}
