import type { ReactNode } from "react";

/** The ids a control's aria-describedby names: its hint and its error, when shown. */
export function describedByOf(id: string, hint?: string, error?: string): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

/** The frame every form control sits in: label, optional hint, the control, optional error. */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: string;
  error?: string;
  /** Added to "field", for a frame laid out differently. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled form control with its hint and error wired up for assistive technology. */
export function Field({
  name,
  id = `field-${name}`,
  label,
  error,
  hint,
  required,
  children,
  value,
}: {
  /** Defaults to field-{name}; a page with several forms gives each its own. */
  id?: string;
  name: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  children: (props: { id: string; name: string; "aria-invalid": boolean; "aria-describedby"?: string; required?: boolean; defaultValue?: string }) => ReactNode;
  value?: string;
}) {
  const marker = required ? (
    <span className="required" aria-hidden="true">
      {" "}
      *
    </span>
  ) : (
    <span className="hint"> (optional)</span>
  );
  return (
    <FieldFrame
      id={id}
      label={
        <>
          {label}
          {marker}
        </>
      }
      hint={hint}
      error={error}
    >
      {children({ id, name, "aria-invalid": Boolean(error), "aria-describedby": describedByOf(id, hint, error), required, defaultValue: value })}
    </FieldFrame>
  );
}
