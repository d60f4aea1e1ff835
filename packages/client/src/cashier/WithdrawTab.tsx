import { formatUnits } from "@casino/protocol";
import { formatMoney } from "../ui/format.ts";
import { checkWithdraw, shareOfBalance, WITHDRAW_FRACTIONS } from "./cashierRules.ts";
import { QuickAmounts } from "./QuickAmounts.tsx";
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
      <p className="hint-text">Available to withdraw: {formatMoney(balanceUnits, "AMINA")}</p>
      <QuickAmounts
        amounts={WITHDRAW_FRACTIONS.map(({ label, fraction }) => ({
          label,
          amount: shareOfBalance(balanceUnits, fraction),
        }))}
        disabled={form.processing || empty}
        onPick={form.setAmount}
      />
    </TransferForm>
  );
}
