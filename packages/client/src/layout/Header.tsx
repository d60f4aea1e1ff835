import { useAtomValue } from "jotai";
import { Link, NavLink } from "react-router";
import { OnlineCount } from "../floor/feed/OnlineCount.tsx";
import { formatAmount } from "../ui/format.ts";
import { Hint } from "../ui/Hint.tsx";
import { useBalances } from "../wallet/balance.ts";
import { WalletButton } from "../wallet/WalletButton.tsx";
import { walletAddressAtom } from "../wallet/walletAtoms.ts";
import "./header.css";

/** One balance chip: a link to the cashier showing the amount, or "…" while the balances load. */
function BalanceChip(props: {
  currency: "AMINA" | "HC";
  text: string;
  busy: boolean;
  hint: string;
  spoken: string;
}) {
  const lower = props.currency.toLowerCase();
  return (
    <Hint label={props.hint}>
      <Link to="/cashier" className={`balance-chip balance-${lower}`}>
        <span className="balance-label">{props.currency}</span>{" "}
        <strong data-testid={`header-${lower}`} aria-busy={props.busy}>
          {props.text}
        </strong>
        <span className="sr-only"> {props.spoken}, open the cashier</span>
      </Link>
    </Hint>
  );
}

/** The casino header every player screen shares: logo, both balances (with an identity only), wallet button, Cashier link. */
export function Header() {
  const wallet = useAtomValue(walletAddressAtom);
  const { aminaUnits, hcUnits, isLoading } = useBalances();
  // While the balances load, the chips say so rather than show a zero the player does not have.
  const amina = isLoading ? "…" : formatAmount(aminaUnits, "AMINA");
  const hc = isLoading ? "…" : formatAmount(hcUnits, "HC");
  return (
    <header className="site-header">
      <Link to="/casino" className="logo" aria-label="AMINA Casino lobby">
        <span className="logo-mark" aria-hidden="true">
          ✦
        </span>
        <span className="logo-text">
          AMINA <span className="logo-accent">Casino</span>
        </span>
      </Link>
      <nav className="header-actions" aria-label="Account">
        <OnlineCount />
        {wallet && (
          <>
            <BalanceChip
              currency="AMINA"
              text={amina}
              busy={isLoading}
              hint="AMINA token balance in the casino (limited supply of 1,000)"
              spoken="balance"
            />
            <BalanceChip
              currency="HC"
              text={hc}
              busy={isLoading}
              hint="House Coins: play money for demo play"
              spoken="House Coins balance"
            />
          </>
        )}
        <WalletButton />
        <NavLink to="/leaderboards" className="btn btn-ghost">
          Leaderboards
        </NavLink>
        <NavLink to="/cashier" className="btn btn-ghost">
          Cashier
        </NavLink>
      </nav>
    </header>
  );
}
