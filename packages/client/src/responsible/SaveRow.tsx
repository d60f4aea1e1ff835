/** What the last save said: a confirmation, or a refusal shown as an error. */
export type SaveNote = { text: string; error: boolean };

/** A form's save button with what the last save said beside it. */
export function SaveRow(props: {
  label: string;
  disabled?: boolean;
  note: SaveNote | null;
  onSave: () => void;
}) {
  return (
    <div className="row gap">
      <button type="button" className="btn btn-primary" disabled={props.disabled} onClick={props.onSave}>
        {props.label}
      </button>
      {props.note && (
        <p className={props.note.error ? "form-error" : "hint-text"} role="status">
          {props.note.text}
        </p>
      )}
    </div>
  );
}
