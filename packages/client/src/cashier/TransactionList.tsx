import { useTransactions } from "../api/queries.ts";
import { formatAmount, formatTimestamp, shortenAddress, toUnits } from "../ui/format.ts";

const TYPE_LABELS: Record<string, string> = {
  deposit: "Deposit",
  withdraw: "Withdrawal",
  daily_bonus: "Daily bonus",
  demo_grant: "Demo grant",
  faucet: "Faucet",
};

/** Recent Transactions: the wallet's cashier history, newest first, with an empty state. */
export function TransactionList({ wallet }: { wallet: string | null }) {
  const transactions = useTransactions(wallet);
  const rows = transactions.data ?? [];
  return (
    <section className="panel" aria-labelledby="transactions-title">
      <h2 id="transactions-title">Recent Transactions</h2>
      {wallet && transactions.isPending && <p className="loading">Loading transactions...</p>}
      {transactions.isError && (
        <p className="form-error" role="alert">
          {transactions.error.message}
        </p>
      )}
      {!transactions.isPending && rows.length === 0 && (
        <p className="empty-state" data-testid="transactions-empty">
          No transactions yet. Deposits, withdrawals and grants will appear here.
        </p>
      )}
      {rows.length > 0 && (
        <ul className="record-list" data-testid="transactions">
          {rows.map((row) => {
            const units = toUnits(row.amount);
            const amount = formatAmount(units, row.currency === "HC" ? "HC" : "AMINA");
            const outgoing = row.type === "withdraw";
            return (
              <li key={String(row.id)} className="transaction record-row">
                <span className="transaction-type record-title">{TYPE_LABELS[row.type] ?? row.type}</span>
                <span className={outgoing ? "transaction-out" : "tone-gain"}>
                  {outgoing ? "-" : "+"}
                  {amount} {row.currency}
                </span>
                <span className="record-meta">{row.status}</span>
                <span className="record-meta">{formatTimestamp(row.createdAt)}</span>
                {row.txnHash && (
                  <span className="record-meta mono" title={row.txnHash}>
                    {shortenAddress(row.txnHash, 6, 6)}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
