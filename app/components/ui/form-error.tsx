/** A form-level problem, announced at once and focusable so focus can be moved to it; `id` lets a control name it with aria-describedby. */
export function FormError({ message, id }: { message?: string; id?: string }) {
  return message ? (
    <p id={id} className="form-error" role="alert" tabIndex={-1}>
      {message}
    </p>
  ) : null;
}
