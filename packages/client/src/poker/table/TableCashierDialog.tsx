import { useState } from "react";
import { AmountField } from "../../ui/AmountField.tsx";
import { formatAmountInput, formatCount, formatMoney } from "../../ui/format.ts";
import { useBalances, useRefreshBalance } from "../../wallet/balance.ts";
import { moveChips } from "../api/pokerApi.ts";
import { PokerDialog } from "../PokerDialog.tsx";
import {
  type ChipAction,
  checkChipTransaction,
  describeChipFailure,
  stackUnits,
} from "./chipCashierRules.ts";
import type { PlayerSnap, TableSnapshot } from "./tableSnapshot.ts";

/** The table's Cashier: buy chips with AMINA or cash chips out; answers are alerts (SPEC.md section 8). */
export function TableCashierDialog({
  snapshot,
  me,
  wallet,
}: {
  snapshot: TableSnapshot;
  me: PlayerSnap | null;
  wallet: string | null;
}) {
  const [open, setOpen] = useState(false);
  const [action, setAction] = useState<ChipAction>("buy");
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const balances = useBalances();
  const refreshBalance = useRefreshBalance();
  const aminaTable = snapshot.currency === "AMINA";
  const limits = {
    balanceUnits: balances.aminaUnits,
    stackChips: me?.chipCount ?? 0,
    chipsPerCoin: snapshot.chipsPerCoin,
  };
  const checked = checkChipTransaction(text, action, limits);
  const disabled = busy || !aminaTable || !me || !wallet || !checked.ok;

  async function submit() {
    if (!checked.ok || !wallet) return;
    setBusy(true);
    const result = await moveChips(wallet, action, checked.wire, snapshot.id);
    setBusy(false);
    if (!result.ok) {
      window.alert(describeChipFailure(result.error.message));
      return;
    }
    window.alert(result.data.message);
    setText("");
    await refreshBalance();
  }

  return (
    <PokerDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className="btn">
          Cashier
        </button>
      }
      title="Table Cashier"
      description={
        aminaTable
          ? `Buy chips with AMINA or cash them out between hands. 1 AMINA = ${formatCount(snapshot.chipsPerCoin)} chips.`
          : "Chips are bought and cashed out only at AMINA tables; House tables play a fixed 50 HC buy-in."
      }
      descriptionId="poker-cashier-description"
      testId="table-cashier"
    >
      <div className="poker-cashier-balances">
        <span>
          AMINA balance{" "}
          <strong className="mono" data-testid="cashier-dialog-amina">
            {formatMoney(balances.aminaUnits, "AMINA")}
          </strong>
        </span>
        <span>
          Your chips <strong className="mono">{me?.chipCount ?? 0}</strong>
          {aminaTable && <> ({formatMoney(stackUnits(limits), "AMINA")})</>}
        </span>
      </div>
      <div className="row gap" role="radiogroup" aria-label="Transaction">
        {(["buy", "cashout"] as const).map((choice) => (
          <label key={choice} className="poker-check">
            <input
              type="radio"
              name="chip-action"
              checked={action === choice}
              onChange={() => setAction(choice)}
            />
            {choice === "buy" ? "Buy chips" : "Cash out"}
          </label>
        ))}
      </div>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <AmountField
          label="Amount (AMINA)"
          id="poker-chip-amount"
          min={0.001}
          step={0.001}
          max={action === "buy" ? formatAmountInput(balances.aminaUnits) : undefined}
          value={text}
          placeholder="0.010"
          onChange={setText}
        />
        {text !== "" && !checked.ok && <p className="form-error">{checked.message}</p>}
        <button type="submit" className="btn btn-primary btn-wide poker-cashier-submit" disabled={disabled}>
          {busy ? "Processing..." : action === "buy" ? "Buy Chips" : "Cash Out"}
        </button>
      </form>
    </PokerDialog>
  );
}
