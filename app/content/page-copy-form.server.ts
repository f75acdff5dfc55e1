import * as z from "zod";
import type { PageCopyKind } from "~/db/schema/page-copy";
import { PAGE_COPY_LIMITS, splitParagraphs, type PageCopyFields } from "./page-copy";
import type { Faq } from "./types";

// The page copy editor's form (/admin/pages), checked by the action; the page gets the limits from
// page-copy.ts without zod.

const text = (label: string, max: number) => z.string().trim().min(1, `Enter the ${label}.`).max(max, `The ${label} must be ${max} characters or fewer.`);

export type PageCopyFormErrors = Partial<Record<"headline" | "lead" | "introHeading" | "intro" | "economy" | "faq" | "form", string>>;

/**
 * The editor's form: headline, lead, introHeading (service), intro (paragraphs separated by a blank
 * line), economy (location), and faqQuestion/faqAnswer repeated once a question (a pair left blank is
 * dropped; a question without its answer, or the reverse, is an error).
 */
export function parsePageCopyForm(
  kind: PageCopyKind,
  form: FormData,
): { success: true; data: PageCopyFields } | { success: false; errors: PageCopyFormErrors } {
  const errors: PageCopyFormErrors = {};
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const check = <T>(key: keyof PageCopyFormErrors, schema: z.ZodType<T>, value: unknown): T | null => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    errors[key] ??= result.error.issues[0]?.message ?? "Check this field.";
    return null;
  };
  const L = PAGE_COPY_LIMITS;
  const headline = check("headline", text("headline", L.headline), field("headline"));
  const lead = check("lead", text("lead", L.lead), field("lead"));
  const introHeading = kind === "service" ? check("introHeading", text("intro heading", L.introHeading), field("introHeading")) : null;
  const economy = kind === "location" ? check("economy", text("local economy paragraph", L.economy), field("economy")) : null;
  const intro = check(
    "intro",
    z
      .array(z.string().max(L.paragraph, `Each paragraph must be ${L.paragraph} characters or fewer.`))
      .min(1, "Write at least one paragraph.")
      .max(L.paragraphs, `Keep it to ${L.paragraphs} paragraphs or fewer.`),
    splitParagraphs(field("intro")),
  );
  const questions = form.getAll("faqQuestion").map((value) => (typeof value === "string" ? value.trim() : ""));
  const answers = form.getAll("faqAnswer").map((value) => (typeof value === "string" ? value.trim() : ""));
  const faq: Faq[] = [];
  for (let index = 0; index < Math.max(questions.length, answers.length); index += 1) {
    const question = questions[index] ?? "";
    const answer = answers[index] ?? "";
    if (!question && !answer) continue;
    if (!question || !answer) {
      errors.faq ??= `Question ${index + 1} needs both a question and an answer (or clear both to remove it).`;
      continue;
    }
    if (question.length > L.question || answer.length > L.answer)
      errors.faq ??= `In question ${index + 1}, keep the question to ${L.question} and the answer to ${L.answer} characters.`;
    faq.push({ question, answer });
  }
  if (faq.length === 0) errors.faq ??= "Keep at least one question.";
  if (faq.length > L.faqs) errors.faq ??= `Keep it to ${L.faqs} questions or fewer.`;
  if (Object.keys(errors).length > 0 || headline === null || lead === null || intro === null) return { success: false, errors };
  return { success: true, data: { headline, lead, introHeading, intro, economy, faq } };
}
