import { describedByOf, FieldFrame } from "~/components/ui/field";

// The learning and page-copy editors' plain fields (/admin/learning, /admin/pages): a label, an
// optional hint and the server's error, wired up for assistive technology.

export function TextInput({
  name,
  id = `field-${name}`,
  label,
  defaultValue,
  error,
  hint,
  maxLength,
}: {
  name: string;
  id?: string;
  label: string;
  defaultValue: string;
  error?: string;
  hint?: string;
  maxLength: number;
}) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        name={name}
        defaultValue={defaultValue}
        required
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, hint, error)}
      />
    </FieldFrame>
  );
}

export function TextArea({
  name,
  label,
  defaultValue,
  error,
  hint,
  rows,
}: {
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  hint?: string;
  rows: number;
}) {
  const id = `field-${name}`;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea
        id={id}
        name={name}
        defaultValue={defaultValue}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, hint, error)}
      />
    </FieldFrame>
  );
}

export function NumberInput({
  name,
  label,
  defaultValue,
  error,
  hint,
  min,
  max,
  required = true,
}: {
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  hint?: string;
  min: number;
  max: number;
  required?: boolean;
}) {
  const id = `field-${name}`;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        required={required}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, hint, error)}
      />
    </FieldFrame>
  );
}
