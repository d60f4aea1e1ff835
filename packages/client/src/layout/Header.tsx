import { useAtomValue } from "jotai";
import { Link, NavLink } from "react-router";
import { OnlineCount } from "../floor/feed/OnlineCount.tsx";
import { formatAmount } from "../ui/format.ts";
import { Hint } from "../ui/Hint.tsx";
import { useBalances } from "../wallet/balance.ts";
import { WalletButton } from "../wallet/WalletButton.tsx";
import { walletAddressAtom } from "../wallet/walletAtoms.ts";
import "./header.css";

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
            <Hint label="AMINA token balance in the casino (limited supply of 1,000)">
              <Link to="/cashier" className="balance-chip balance-amina">
                <span className="balance-label">AMINA</span>{" "}
                <strong data-testid="header-amina" aria-busy={isLoading}>
                  {amina}
                </strong>
                <span className="sr-only"> balance, open the cashier</span>
              </Link>
            </Hint>
            <Hint label="House Coins: play money for demo play">
              <Link to="/cashier" className="balance-chip balance-hc">
                <span className="balance-label">HC</span>{" "}
                <strong data-testid="header-hc" aria-busy={isLoading}>
                  {hc}
                </strong>
                <span className="sr-only"> House Coins balance, open the cashier</span>
              </Link>
            </Hint>
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
