import { FormError } from "./FormError.tsx";
import type { CodeInput } from "./useCodeInput.ts";

/**
 * A labelled select over `options`; `optionLabel` names each value (the value itself by default).
 * The select is named by the label's text alone, not by the option shown inside the label too.
 */
export function SelectField<T extends string>(props: {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
  optionLabel?: (value: T) => string;
  className?: string;
}) {
  const nameOf = props.optionLabel ?? ((value: T) => value);
  const labelId = `${props.id}-label`;
  return (
    <label className={props.className} htmlFor={props.id}>
      <span id={labelId} className="field-label">
        {props.label}
      </span>
      <select
        id={props.id}
        aria-labelledby={labelId}
        className="input"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as T)}
      >
        {props.options.map((option) => (
          <option key={option} value={option}>
            {nameOf(option)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A checkbox with its text inside the label. */
export function CheckboxField(props: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <label className={props.className}>
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />{" "}
      {props.label}
    </label>
  );
}

/**
 * A labelled one-line field for a code typed or pasted by hand (an address, a key): monospace, no
 * autocomplete or spelling help, its error announced below it (`<id>-error`) and `hintId`
 * describing it while there is no error.
 */
export function CodeField(props: {
  id: string;
  label: string;
  input: CodeInput;
  placeholder: string;
  hintId?: string;
}) {
  const { input } = props;
  const errorId = `${props.id}-error`;
  return (
    <>
      <label className="field-label" htmlFor={props.id}>
        {props.label}
      </label>
      <input
        id={props.id}
        className="input mono"
        value={input.value}
        onChange={(event) => input.change(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={input.error !== null}
        aria-describedby={input.error ? errorId : props.hintId}
        placeholder={props.placeholder}
      />
      <FormError id={errorId} message={input.error} />
    </>
  );
}
