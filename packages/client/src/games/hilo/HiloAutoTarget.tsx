import { useId } from "react";
import { MAX_HILO_TARGET } from "../autobet/hiloStrategy.ts";

/** Hi-Lo's auto-bet field: correct guesses before cashing out, with the strategy spelled out. */
export function HiloAutoTarget({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const id = useId();
  return (
    <div className="hilo-auto-target">
      <label className="field-label" htmlFor={id}>
        Cash out after correct guesses (1-{MAX_HILO_TARGET})
      </label>
      <input
        id={id}
        className="input mono"
        inputMode="numeric"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        data-testid="hilo-auto-target"
      />
      <p className="hint-text" data-testid="hilo-auto-strategy">
        Auto strategy: each guess takes the likelier side (the smaller multiplier; ties go HIGHER), and the
        round is cashed out after this many correct guesses. A wrong or equal card ends the round as a loss.
      </p>
    </div>
  );
}
