import { formatUnits } from "@casino/protocol";
import { checkWithdraw, shareOfBalance, WITHDRAW_FRACTIONS } from "./cashierRules.ts";
import { TransferForm, useTransferForm } from "./TransferForm.tsx";

/** Withdraw tab: amount up to the AMINA balance, 25% / 50% / MAX, and the withdrawal call. */
export function WithdrawTab({ connected, balanceUnits }: { connected: boolean; balanceUnits: number }) {
  const form = useTransferForm("withdraw", (amount) => checkWithdraw(amount, balanceUnits));
  const empty = balanceUnits <= 0;

  return (
    <TransferForm
      id="withdraw-amount"
      form={form}
      max={Number(formatUnits(balanceUnits))}
      blocked={!connected || empty}
      submitLabel="Withdraw AMINA"
    >
      <p className="hint-text">Available to withdraw: {formatUnits(balanceUnits)} AMINA</p>
      <fieldset className="quick-amounts">
        <legend className="sr-only">Quick amounts</legend>
        {WITHDRAW_FRACTIONS.map((quick) => (
          <button
            key={quick.label}
            type="button"
            className="btn btn-chip"
            disabled={form.processing || empty}
            onClick={() => form.setAmount(shareOfBalance(balanceUnits, quick.fraction))}
          >
            {quick.label}
          </button>
        ))}
      </fieldset>
    </TransferForm>
  );
}
