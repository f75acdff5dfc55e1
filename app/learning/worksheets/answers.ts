import * as z from "zod";
import type { WorksheetSpec } from "../types";
import type { TemplateAnswers } from "./documents";
import { FORECAST_WEEKS } from "./forecast";
import { parseDollars } from "./money";
import { MAX_MARGIN_PERCENT } from "./pricing";
import type { WorksheetAnswers } from "./stored";

export { blankAnswers, readAnswers, type AnswersOf, type WorksheetAnswers } from "./stored";

// A worksheet's answers: read from the form the owner filled (every input's name is the path of its
// value, "receipts.0.amounts.4"), checked with zod, each problem reported against the input it came
// from; and the stored JSON read back safely. Inputs and the stored shape are the same for the page
// with or without JavaScript.

/** Input name → the message to show beside it. */
export type FieldErrors = Record<string, string>;
export type ParsedAnswers = { ok: true; answers: WorksheetAnswers } | { ok: false; errors: FieldErrors };

export const LIMITS = { receiptLines: 15, paymentLines: 25, costLines: 20, label: 80, text: 2000, listItems: 30, item: 500 } as const;

const money = (options: { allowNegative?: boolean } = {}) =>
  z.string().transform((text, ctx) => {
    const value = parseDollars(text, options);
    if (value === null) {
      ctx.addIssue({
        code: "custom",
        message: options.allowNegative ? "Enter an amount in dollars, like 1250 or -300.50" : "Enter an amount in dollars (0 or more), like 1250 or 1250.50",
      });
      return z.NEVER;
    }
    return value;
  });

const label = z.string().trim().max(LIMITS.label, `Keep this to ${LIMITS.label} characters`);
const text = z.string().trim().max(LIMITS.text, `Keep this to ${LIMITS.text} characters`);

const forecastLine = z.object({ label, amounts: z.array(money()).length(FORECAST_WEEKS) });

const forecastSchema = z.object({
  firstWeekStarting: z
    .string()
    .trim()
    .refine((value) => value === "" || (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))), "Enter a date, like 2026-07-06"),
  openingBalance: money({ allowNegative: true }),
  minimumBuffer: money(),
  receipts: z.array(forecastLine).max(LIMITS.receiptLines, `At most ${LIMITS.receiptLines} receipt lines`),
  payments: z.array(forecastLine).max(LIMITS.paymentLines, `At most ${LIMITS.paymentLines} payment lines`),
});

const pricingSchema = z.object({
  item: label,
  costs: z.array(z.object({ label, amount: money() })).max(LIMITS.costLines, `At most ${LIMITS.costLines} cost lines`),
  targetMarginPercent: z
    .string()
    .trim()
    .transform((value, ctx) => {
      const number = /^\d+(\.\d{1,2})?$/.test(value.replace(/%$/, "")) ? Number(value.replace(/%$/, "")) : NaN;
      if (!(number >= 0 && number <= MAX_MARGIN_PERCENT)) {
        ctx.addIssue({ code: "custom", message: `Enter a margin from 0 to ${MAX_MARGIN_PERCENT} per cent` });
        return z.NEVER;
      }
      return number;
    }),
  gstRegistered: z.boolean(),
});

const lines = (value: string) =>
  value
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(\d+[.)]|[-•*])\s+/, "").trim())
    .filter(Boolean);
const list = text
  .transform(lines)
  .pipe(z.array(z.string().max(LIMITS.item, `Keep each line to ${LIMITS.item} characters`)).max(LIMITS.listItems, `At most ${LIMITS.listItems} lines`));

const sopSchema = z.object({ title: label, purpose: text, owner: label, trigger: text, steps: list, checks: list });

/** The form's values as a nested object: "receipts.0.amounts.4" → { receipts: [{ amounts: [, , , , "…"] }] }. */
function formObject(form: FormData): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string" || !/^[A-Za-z][\w-]*(\.\d{1,2}|\.[A-Za-z][\w-]*)*$/.test(name)) continue;
    const path = name.split(".");
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((key, i) => {
      const last = i === path.length - 1;
      const index = /^\d+$/.test(key) ? Number(key) : key;
      const container = node as Record<string | number, unknown>;
      if (last) container[index] = value;
      else {
        if (container[index] === undefined) container[index] = /^\d+$/.test(path[i + 1]!) ? [] : {};
        node = container[index] as Record<string, unknown>;
      }
    });
  }
  return root;
}

/** Sparse arrays (a line removed in the middle) close up; missing amounts read as empty. */
function compact<T>(values: unknown, fill: (value: Record<string, unknown>) => T): T[] {
  if (!Array.isArray(values)) return [];
  return values.filter((value) => value !== undefined && typeof value === "object").map((value) => fill(value as Record<string, unknown>));
}
const str = (value: unknown) => (typeof value === "string" ? value : "");

function errorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const name = issue.path.join(".") || "form";
    errors[name] ??= issue.message;
  }
  return errors;
}

const isBlankLine = (line: { label: string; amounts: string[] }) =>
  line.label.trim() === "" && line.amounts.every((amount) => amount.trim() === "" || Number(amount) === 0);

/** The answers the owner submitted for this worksheet, or what is wrong with them. */
export function parseWorksheetForm(spec: WorksheetSpec, form: FormData): ParsedAnswers {
  const raw = formObject(form);
  if (spec.kind === "cash-flow-forecast") {
    const forecastLines = (value: unknown) =>
      compact(value, (line) => ({
        label: str(line.label),
        amounts: Array.from({ length: FORECAST_WEEKS }, (_, w) => str((line.amounts as unknown[] | undefined)?.[w])),
      }));
    const input = {
      firstWeekStarting: str(raw.firstWeekStarting),
      openingBalance: str(raw.openingBalance),
      minimumBuffer: str(raw.minimumBuffer),
      receipts: forecastLines(raw.receipts),
      payments: forecastLines(raw.payments),
    };
    const result = forecastSchema.safeParse(input);
    if (!result.success) return { ok: false, errors: errorsOf(result.error) };
    const errors: FieldErrors = {};
    for (const section of ["receipts", "payments"] as const)
      input[section].forEach((line, i) => {
        if (line.label.trim() === "" && !isBlankLine(line)) errors[`${section}.${i}.label`] = "Name this line, like “Rent”";
      });
    if (Object.keys(errors).length) return { ok: false, errors };
    const keep = (section: "receipts" | "payments") => result.data[section].filter((_, i) => !isBlankLine(input[section][i]!));
    return { ok: true, answers: { ...result.data, receipts: keep("receipts"), payments: keep("payments") } };
  }
  if (spec.kind === "pricing-calculator") {
    const input = {
      item: str(raw.item),
      costs: compact(raw.costs, (cost) => ({ label: str(cost.label), amount: str(cost.amount) })),
      targetMarginPercent: str(raw.targetMarginPercent),
      gstRegistered: raw.gstRegistered === "on" || raw.gstRegistered === "yes",
    };
    const result = pricingSchema.safeParse(input);
    if (!result.success) return { ok: false, errors: errorsOf(result.error) };
    const errors: FieldErrors = {};
    input.costs.forEach((cost, i) => {
      if (cost.label.trim() === "" && result.data.costs[i]!.amount !== 0) errors[`costs.${i}.label`] = "Name this cost, like “Materials”";
    });
    if (Object.keys(errors).length) return { ok: false, errors };
    return { ok: true, answers: { ...result.data, costs: result.data.costs.filter((cost, i) => !(input.costs[i]!.label.trim() === "" && cost.amount === 0)) } };
  }
  if (spec.kind === "sop") {
    const result = sopSchema.safeParse({
      title: str(raw.title),
      purpose: str(raw.purpose),
      owner: str(raw.owner),
      trigger: str(raw.trigger),
      steps: str(raw.steps),
      checks: str(raw.checks),
    });
    return result.success ? { ok: true, answers: result.data } : { ok: false, errors: errorsOf(result.error) };
  }
  const fields = (raw.fields ?? {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  const answers: TemplateAnswers = { fields: {} };
  for (const field of spec.fields) {
    const result = text.safeParse(str(fields[field.id]));
    if (result.success) answers.fields[field.id] = result.data;
    else errors[`fields.${field.id}`] = result.error.issues[0]!.message;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, answers };
}
