import { formatUnits } from "@casino/protocol";
import { type FormEvent, useState } from "react";
import { useToast } from "../ui/toast.ts";
import { checkWithdraw, shareOfBalance, WITHDRAW_FRACTIONS } from "./cashierRules.ts";
import { useTransfer } from "./useTransfer.ts";

/** Withdraw tab: amount up to the AMINA balance, 25% / 50% / MAX, and the withdrawal call. */
export function WithdrawTab({ connected, balanceUnits }: { connected: boolean; balanceUnits: number }) {
  const [amount, setAmount] = useState("");
  const toast = useToast();
  const { processing, run } = useTransfer("withdraw");
  const empty = balanceUnits <= 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const check = checkWithdraw(amount, balanceUnits);
    if (!check.ok) {
      toast({ tone: "error", title: check.title, description: check.description });
      return;
    }
    if (await run(check.wire)) setAmount("");
  }

  return (
    <form className="cashier-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={processing}>
      <label className="field-label" htmlFor="withdraw-amount">
        Amount (AMINA)
      </label>
      <input
        id="withdraw-amount"
        className="input"
        type="number"
        inputMode="decimal"
        min={0.001}
        step={0.001}
        max={Number(formatUnits(balanceUnits))}
        placeholder="0.000"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        disabled={processing}
      />
      <p className="hint-text">Available to withdraw: {formatUnits(balanceUnits)} AMINA</p>
      <fieldset className="quick-amounts">
        <legend className="sr-only">Quick amounts</legend>
        {WITHDRAW_FRACTIONS.map((quick) => (
          <button
            key={quick.label}
            type="button"
            className="btn btn-chip"
            disabled={processing || empty}
            onClick={() => setAmount(shareOfBalance(balanceUnits, quick.fraction))}
          >
            {quick.label}
          </button>
        ))}
      </fieldset>
      <button
        type="submit"
        className="btn btn-primary btn-wide"
        disabled={!connected || processing || amount.trim() === "" || empty}
      >
        {processing ? "Processing..." : "Withdraw AMINA"}
      </button>
    </form>
  );
}
