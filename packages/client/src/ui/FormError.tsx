/** A form's error, announced as it appears; nothing while there is none. */
export function FormError(props: { message: string | null | undefined; id?: string }) {
  if (!props.message) return null;
  return (
    <p id={props.id} className="form-error" role="alert">
      {props.message}
    </p>
  );
}
