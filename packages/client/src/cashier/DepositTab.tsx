import { checkDeposit, DEPOSIT_QUICK_AMOUNTS } from "./cashierRules.ts";
import { TransferForm, useTransferForm } from "./TransferForm.tsx";

/** Deposit tab: amount (min 0.001, step 0.001), quick amounts 0.1 / 1 / 5, and the deposit call. */
export function DepositTab({ connected }: { connected: boolean }) {
  const form = useTransferForm("deposit", checkDeposit);

  return (
    <TransferForm id="deposit-amount" form={form} blocked={!connected} submitLabel="Deposit AMINA">
      <p className="hint-text">Minimum deposit: 0.001 AMINA</p>
      <fieldset className="quick-amounts">
        <legend className="sr-only">Quick amounts</legend>
        {DEPOSIT_QUICK_AMOUNTS.map((quick) => (
          <button
            key={quick}
            type="button"
            className="btn btn-chip"
            onClick={() => form.setAmount(quick)}
            disabled={form.processing}
          >
            {quick}
          </button>
        ))}
      </fieldset>
    </TransferForm>
  );
}
