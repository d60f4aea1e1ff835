import { checkDeposit, DEPOSIT_QUICK_AMOUNTS } from "./cashierRules.ts";
import { QuickAmounts } from "./QuickAmounts.tsx";
import { TransferForm, useTransferForm } from "./TransferForm.tsx";

/** The quick deposit buttons: each fills in its own amount. */
const QUICK_DEPOSITS = DEPOSIT_QUICK_AMOUNTS.map((amount) => ({ label: amount, amount }));

/** Deposit tab: amount (min 0.001, exact to 0.000001), quick amounts 0.1 / 1 / 5, and the deposit call. */
export function DepositTab({ connected }: { connected: boolean }) {
  const form = useTransferForm("deposit", checkDeposit);

  return (
    <TransferForm id="deposit-amount" form={form} blocked={!connected} submitLabel="Deposit AMINA">
      <p className="hint-text">Minimum deposit: 0.001 AMINA</p>
      <QuickAmounts amounts={QUICK_DEPOSITS} disabled={form.processing} onPick={form.setAmount} />
    </TransferForm>
  );
}
