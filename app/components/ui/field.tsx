import type { ReactNode } from "react";

/** A labelled form control with its hint and error wired up for assistive technology. */
export function Field({
  name,
  label,
  error,
  hint,
  required,
  children,
  value,
}: {
  name: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  children: (props: {
    id: string;
    name: string;
    "aria-invalid": boolean;
    "aria-describedby"?: string;
    required?: boolean;
    defaultValue?: string;
  }) => ReactNode;
  value?: string;
}) {
  const id = `field-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="required" aria-hidden="true">
            {" "}
            *
          </span>
        ) : (
          <span className="hint"> (optional)</span>
        )}
      </label>
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children({ id, name, "aria-invalid": Boolean(error), "aria-describedby": describedBy, required, defaultValue: value })}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
