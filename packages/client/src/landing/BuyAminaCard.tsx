import * as Collapsible from "@radix-ui/react-collapsible";
import { useState } from "react";
import { useCryptoStatus } from "../api/queries.ts";
import { ExchangeLinks } from "../ui/ExchangeLinks.tsx";
import { formatAmount, shortenAddress, toUnits } from "../ui/format.ts";
import { Icon } from "../ui/icons.tsx";

/** The landing's collapsible Buy AMINA card: supply, network, asset id, creator and the exchanges. */
export function BuyAminaCard() {
  const [open, setOpen] = useState(false);
  const status = useCryptoStatus();
  const asset = status.data?.asset;
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className="panel buy-card">
      <Collapsible.Trigger
        className="buy-card-trigger"
        aria-label={open ? "Hide Buy AMINA" : "Show Buy AMINA"}
      >
        <span className="buy-card-title">
          <Icon name="coin" /> Buy AMINA
        </span>
        <span className="chevron" aria-hidden="true">
          {open ? "▴" : "▾"}
        </span>
      </Collapsible.Trigger>
      <Collapsible.Content className="buy-card-content">
        {status.isPending && <p className="loading">Reading the chain...</p>}
        {status.error && (
          <p className="form-error" role="alert">
            {status.error.message}
          </p>
        )}
        {asset && status.data && (
          <>
            <dl className="facts">
              <div>
                <dt>Total supply</dt>
                <dd data-testid="total-supply">
                  {formatAmount(toUnits(asset.totalSupply), "AMINA")} {asset.unitName || "AMINA"}
                </dd>
              </div>
              <div>
                <dt>Network</dt>
                <dd>{status.data.network}</dd>
              </div>
              <div>
                <dt>Asset ID</dt>
                <dd className="mono">{String(asset.id)}</dd>
              </div>
              <div>
                <dt>Creator</dt>
                <dd className="mono" title={asset.creator}>
                  {shortenAddress(asset.creator, 6, 6)}
                </dd>
              </div>
            </dl>
            <ExchangeLinks exchanges={status.data.exchanges} />
          </>
        )}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
