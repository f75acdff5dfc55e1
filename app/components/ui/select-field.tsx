import { describedByOf, FieldFrame } from "./field";

export type SelectOption = { readonly value: string; readonly label: string };

/**
 * A labelled select in the field frame, its hint and error wired up for assistive technology:
 * the choices as value/label pairs, with an optional blank first choice ("Any status").
 */
export function SelectField({
  id,
  name,
  label,
  options,
  defaultValue,
  blank,
  hint,
  error,
}: {
  id: string;
  name: string;
  label: string;
  options: readonly SelectOption[];
  defaultValue?: string;
  /** A first choice with the empty value, worded for the filter or form ("Any coach", "Unassigned"). */
  blank?: string;
  hint?: string;
  error?: string;
}) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <select id={id} name={name} defaultValue={defaultValue} aria-invalid={error ? true : undefined} aria-describedby={describedByOf(id, hint, error)}>
        {blank !== undefined ? <option value="">{blank}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
