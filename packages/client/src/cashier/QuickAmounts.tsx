import { ChoiceGroup } from "../ui/ChoiceGroup.tsx";

/** One quick button: its text and the amount it fills in. */
export type QuickAmount = { label: string; amount: string };

/** The quick amount buttons under a cashier amount field: each fills the field with its amount. */
export function QuickAmounts(props: {
  amounts: readonly QuickAmount[];
  disabled: boolean;
  onPick: (amount: string) => void;
}) {
  return (
    <ChoiceGroup
      className="quick-amounts"
      legend="Quick amounts"
      buttonClass="btn btn-chip"
      buttons={props.amounts.map(({ label, amount }) => ({
        key: label,
        content: label,
        disabled: props.disabled,
        onClick: () => props.onPick(amount),
      }))}
    />
  );
}
