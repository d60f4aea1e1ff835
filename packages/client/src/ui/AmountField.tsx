import type { ComponentProps, ReactNode } from "react";

/** What an amount input takes: any input attribute but its type, and `onChange` with the typed text. */
type AmountInputProps = Omit<ComponentProps<"input">, "type" | "onChange"> & {
  onChange: (text: string) => void;
};

/** A number input for an amount, styled as the site's inputs (`className` adds to `input`). */
export function AmountInput({ className, onChange, ...input }: AmountInputProps) {
  return (
    <input
      {...input}
      className={className ? `input ${className}` : "input"}
      type="number"
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** An amount input under its label. */
export function AmountField({ label, ...input }: AmountInputProps & { id: string; label: ReactNode }) {
  return (
    <>
      <label className="field-label" htmlFor={input.id}>
        {label}
      </label>
      <AmountInput {...input} />
    </>
  );
}
