import { type FormEvent, useState } from "react";
import { useToast } from "../ui/toast.ts";
import { checkDeposit, DEPOSIT_QUICK_AMOUNTS } from "./cashierRules.ts";
import { useTransfer } from "./useTransfer.ts";

/** Deposit tab: amount (min 0.001, step 0.001), quick amounts 0.1 / 1 / 5, and the deposit call. */
export function DepositTab({ connected }: { connected: boolean }) {
  const [amount, setAmount] = useState("");
  const toast = useToast();
  const { processing, run } = useTransfer("deposit");

  async function submit(event: FormEvent) {
    event.preventDefault();
    const check = checkDeposit(amount);
    if (!check.ok) {
      toast({ tone: "error", title: check.title, description: check.description });
      return;
    }
    if (await run(check.wire)) setAmount("");
  }

  return (
    <form className="cashier-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={processing}>
      <label className="field-label" htmlFor="deposit-amount">
        Amount (AMINA)
      </label>
      <input
        id="deposit-amount"
        className="input"
        type="number"
        inputMode="decimal"
        min={0.001}
        step={0.001}
        placeholder="0.000"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        disabled={processing}
      />
      <p className="hint-text">Minimum deposit: 0.001 AMINA</p>
      <fieldset className="quick-amounts">
        <legend className="sr-only">Quick amounts</legend>
        {DEPOSIT_QUICK_AMOUNTS.map((quick) => (
          <button
            key={quick}
            type="button"
            className="btn btn-chip"
            onClick={() => setAmount(quick)}
            disabled={processing}
          >
            {quick}
          </button>
        ))}
      </fieldset>
      <button
        type="submit"
        className="btn btn-primary btn-wide"
        disabled={!connected || processing || amount.trim() === ""}
      >
        {processing ? "Processing..." : "Deposit AMINA"}
      </button>
    </form>
  );
}
