import * as z from "zod";
import { ACTION_ITEM_MAX_LENGTH, ACTION_ITEMS_MAX, NOTES_MAX_LENGTH, RATING_COMMENT_MAX_LENGTH, SUMMARY_MAX_LENGTH } from "./record-limits";

export { OUTCOME_CHANGE_DAYS } from "./record-limits";

// The session record's forms (/meeting/{id}/record), one schema each; their limits are in record-limits.ts.

export const OutcomeSchema = z.object({
  outcome: z.enum(["completed", "no_show"], { error: "Choose completed or no-show." }),
});

export const NotesSchema = z.object({
  notes: z.string({ error: "Write your notes first." }).max(NOTES_MAX_LENGTH, `Notes can be at most ${NOTES_MAX_LENGTH.toLocaleString("en-AU")} characters.`),
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const ActionItemSchema = z.object({
  text: z.string().trim().min(1).max(ACTION_ITEM_MAX_LENGTH, `Each action item can be at most ${ACTION_ITEM_MAX_LENGTH} characters.`),
  due: z
    .string()
    .trim()
    .refine(
      (value) => value === "" || (ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))),
      "Enter a due date as a date, or leave it empty.",
    )
    .transform((value) => (value === "" ? null : value)),
});

export const SummarySchema = z.object({
  summary: z
    .string({ error: "Write a short summary first." })
    .trim()
    .min(1, "Write a short summary first.")
    .max(SUMMARY_MAX_LENGTH, `The summary can be at most ${SUMMARY_MAX_LENGTH.toLocaleString("en-AU")} characters.`),
  items: z.array(ActionItemSchema).max(ACTION_ITEMS_MAX, `A summary can have at most ${ACTION_ITEMS_MAX} action items.`),
});
export type SummaryInput = z.infer<typeof SummarySchema>;

export const RatingSchema = z.object({
  rating: z.coerce
    .number({ error: "Choose a rating from 1 to 5." })
    .int("Choose a rating from 1 to 5.")
    .min(1, "Choose a rating from 1 to 5.")
    .max(5, "Choose a rating from 1 to 5."),
  comment: z
    .string()
    .trim()
    .max(RATING_COMMENT_MAX_LENGTH, `Comments can be at most ${RATING_COMMENT_MAX_LENGTH.toLocaleString("en-AU")} characters.`)
    .optional()
    .transform((value) => (value ? value : null)),
  publish: z.boolean(),
});
export type RatingInput = z.infer<typeof RatingSchema>;

/**
 * The summary form's fields: the summary and the action-item rows (itemText / itemDue, repeated in
 * order). Rows left blank are dropped; a due date without its text is a mistake worth saying.
 */
export function summaryFields(form: FormData): { summary: unknown; items: { text: string; due: string }[]; orphanDue: boolean } {
  const texts = form.getAll("itemText").map(String);
  const dues = form.getAll("itemDue").map(String);
  const items: { text: string; due: string }[] = [];
  let orphanDue = false;
  for (let i = 0; i < Math.max(texts.length, dues.length); i++) {
    const text = (texts[i] ?? "").trim();
    const due = (dues[i] ?? "").trim();
    if (text) items.push({ text, due });
    else if (due) orphanDue = true;
  }
  return { summary: form.get("summary") ?? undefined, items, orphanDue };
}
