/** A password input under its label (or with a label only screen readers read); `onChange` gets the text. */
export function PasswordField(props: {
  id: string;
  label: string;
  labelHidden?: boolean;
  placeholder?: string;
  autoComplete: string;
  value: string;
  onChange: (text: string) => void;
  required?: boolean;
}) {
  return (
    <>
      <label className={props.labelHidden ? "sr-only" : "field-label"} htmlFor={props.id}>
        {props.label}
      </label>
      <input
        id={props.id}
        className="input"
        type="password"
        placeholder={props.placeholder}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        required={props.required}
      />
    </>
  );
}
