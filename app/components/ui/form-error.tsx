/** A form-level problem, announced at once and focusable so focus can be moved to it. */
export function FormError({ message }: { message?: string }) {
  return message ? (
    <p className="form-error" role="alert" tabIndex={-1}>
      {message}
    </p>
  ) : null;
}
