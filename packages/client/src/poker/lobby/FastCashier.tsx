import { Link } from "react-router";
import { formatAmount } from "../../ui/format.ts";
import { useBalances } from "../../wallet/balance.ts";

/** Fast Cashier: both balances at a glance and the way to AMINA for the AMINA tables. */
export function FastCashier() {
  const balances = useBalances();
  return (
    <aside className="panel poker-fast-cashier" aria-labelledby="poker-fast-cashier-title">
      <h2 id="poker-fast-cashier-title" className="poker-panel-title">
        Fast Cashier
      </h2>
      <p className="poker-balances">
        <span>
          AMINA{" "}
          <strong className="mono" data-testid="poker-amina">
            {formatAmount(balances.aminaUnits, "AMINA")}
          </strong>
        </span>
        <span>
          House Coins <strong className="mono">{formatAmount(balances.hcUnits, "HC")}</strong>
        </span>
      </p>
      <p className="hint-text">
        AMINA tables buy in with AMINA at 1 AMINA = 1,000 chips; top up or cash out chips at the table with
        its Cashier.
      </p>
      <Link to="/cashier" className="btn btn-primary">
        Deposit AMINA
      </Link>
    </aside>
  );
}
