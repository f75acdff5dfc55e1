import * as z from "zod";

export type FieldErrors<T> = Partial<Record<keyof T & string, string>> & { form?: string };

/** Parses submitted form fields with a zod schema: the data, or the first error for each field. */
export function parseForm<S extends z.ZodType<Record<string, unknown>>>(
  formData: FormData,
  schema: S,
): { success: true; data: z.output<S> } | { success: false; errors: FieldErrors<z.output<S>> } {
  const values: Record<string, string> = {};
  // A repeated field counts once, first value first: the same one formData.get() gives the action.
  for (const [key, value] of formData) if (typeof value === "string") values[key] ??= value;
  const result = schema.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return { success: false, errors: errors as FieldErrors<z.output<S>> };
}

/** An optional text field: blank becomes undefined, otherwise trimmed and bounded. */
export function optionalText(max: number, label: string) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)
    .optional()
    .transform((value) => (value ? value : undefined));
}
