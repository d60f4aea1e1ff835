import * as Tabs from "@radix-ui/react-tabs";
import { useAtomValue } from "jotai";
import { Link } from "react-router";
import { useChainBalance, useCryptoStatus } from "../api/queries.ts";
import { ExchangeLinks } from "../ui/ExchangeLinks.tsx";
import { formatAmount, shortenAddress, toUnits } from "../ui/format.ts";
import { PageHeader } from "../ui/PageHeader.tsx";
import { useBalances } from "../wallet/balance.ts";
import { walletAtom } from "../wallet/walletAtoms.ts";
import { faucetRefusalNote } from "./cashierRules.ts";
import { DemoPlayTab } from "./DemoPlayTab.tsx";
import { DepositTab } from "./DepositTab.tsx";
import { TransactionList } from "./TransactionList.tsx";
import { WithdrawTab } from "./WithdrawTab.tsx";
import "./cashier.css";

/** Route /cashier: balances, deposit, withdraw, buy, demo refill and recent transactions. */
export default function CashierPage() {
  const wallet = useAtomValue(walletAtom);
  const connected = wallet.status === "connected" && wallet.address !== null;
  const address = connected ? wallet.address : null;
  const { aminaUnits, hcUnits } = useBalances();
  const chain = useChainBalance(address);
  const status = useCryptoStatus();
  const faucetNote = faucetRefusalNote(chain.data?.faucet);

  return (
    <div className="cashier">
      <PageHeader title="Cashier" className="cashier-header">
        <p className="cashier-wallet mono" data-testid="cashier-wallet" title={address ?? undefined}>
          {address ? shortenAddress(address, 6, 6) : "Demo Mode"}
        </p>
      </PageHeader>
      <div className="balance-cards">
        <section className="panel balance-card balance-card-amina" aria-label="AMINA balance">
          <h2>AMINA</h2>
          <p className="balance-figure" data-testid="cashier-amina">
            {formatAmount(aminaUnits, "AMINA")}
          </p>
          <p className="hint-text">
            In your wallet on chain:{" "}
            <span data-testid="chain-amina">
              {chain.data ? formatAmount(toUnits(chain.data.amina), "AMINA") : "..."}
            </span>{" "}
            AMINA
          </p>
          {faucetNote && (
            <p className="hint-text" data-testid="faucet-note">
              {faucetNote}
            </p>
          )}
        </section>
        <section className="panel balance-card balance-card-hc" aria-label="House Coins balance">
          <h2>House Coins</h2>
          <p className="balance-figure" data-testid="cashier-hc">
            {formatAmount(hcUnits, "HC")}
          </p>
          <p className="hint-text">Play money for demo play</p>
        </section>
      </div>
      {!connected && <p className="form-error">Connect a wallet to deposit or withdraw.</p>}
      <Tabs.Root className="panel cashier-tabs" defaultValue="deposit">
        <Tabs.List className="tab-list" aria-label="Cashier actions">
          <Tabs.Trigger className="tab" value="deposit">
            Deposit
          </Tabs.Trigger>
          <Tabs.Trigger className="tab" value="withdraw">
            Withdraw
          </Tabs.Trigger>
          <Tabs.Trigger className="tab" value="buy">
            Buy AMINA
          </Tabs.Trigger>
          <Tabs.Trigger className="tab" value="demo">
            Demo Play
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content className="tab-panel" value="deposit">
          <DepositTab connected={connected} />
        </Tabs.Content>
        <Tabs.Content className="tab-panel" value="withdraw">
          <WithdrawTab connected={connected} balanceUnits={aminaUnits} />
        </Tabs.Content>
        <Tabs.Content className="tab-panel" value="buy">
          <div className="cashier-form">
            <p>
              AMINA has a fixed supply of 1,000 tokens on {status.data?.network ?? "the Algorand network"}.
              Buy it on an exchange, then deposit it here.
            </p>
            {status.data ? (
              <ExchangeLinks exchanges={status.data.exchanges} />
            ) : (
              <p className="loading">Loading...</p>
            )}
          </div>
        </Tabs.Content>
        <Tabs.Content className="tab-panel" value="demo">
          <DemoPlayTab connected={connected} />
        </Tabs.Content>
      </Tabs.Root>
      <TransactionList wallet={address} />
      <p className="hint-text">
        Set deposit, loss and wager limits or take a break:{" "}
        <Link to="/responsible-gaming">Responsible gaming</Link>
      </p>
    </div>
  );
}
