import { type FormEvent, type ReactNode, useState } from "react";
import { AmountField } from "../ui/AmountField.tsx";
import { useToast } from "../ui/toast.ts";
import type { AmountCheck } from "./cashierRules.ts";
import { useTransfer } from "./useTransfer.ts";

/** The amount typed in a cashier tab, and the submit that checks it before moving AMINA. */
export type TransferFormState = {
  amount: string;
  setAmount: (amount: string) => void;
  processing: boolean;
  submit: (event: FormEvent) => Promise<void>;
};

/** Keeps a tab's amount: a refused amount shows its toast, a completed transfer clears the field. */
export function useTransferForm(
  kind: "deposit" | "withdraw",
  check: (amount: string) => AmountCheck,
): TransferFormState {
  const [amount, setAmount] = useState("");
  const toast = useToast();
  const { processing, run } = useTransfer(kind);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = check(amount);
    if (!checked.ok) {
      toast({ tone: "error", title: checked.title, description: checked.description });
      return;
    }
    if (await run(checked.wire)) setAmount("");
  }

  return { amount, setAmount, processing, submit };
}

/** A cashier tab's form: the AMINA amount field, what the tab shows under it, and the submit button. */
export function TransferForm({
  id,
  form,
  max,
  blocked,
  submitLabel,
  children,
}: {
  id: string;
  form: TransferFormState;
  max?: number;
  /** True while the transfer may not be sent whatever the amount (no wallet, nothing to withdraw). */
  blocked: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  const { amount, setAmount, processing, submit } = form;
  return (
    <form className="cashier-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={processing}>
      <AmountField
        label="Amount (AMINA)"
        id={id}
        inputMode="decimal"
        min={0.000001}
        step={0.000001}
        max={max}
        placeholder="0.000"
        value={amount}
        onChange={setAmount}
        disabled={processing}
      />
      {children}
      <button
        type="submit"
        className="btn btn-primary btn-wide"
        disabled={blocked || processing || amount.trim() === ""}
      >
        {processing ? "Processing..." : submitLabel}
      </button>
    </form>
  );
}
