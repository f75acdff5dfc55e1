import { z } from "zod";
import type { PageCopyKind } from "~/db/schema/page-copy";
import { isLocationSlug, LOCATIONS, type LocationSlug } from "./locations";
import { isServiceSlug, SERVICES, type ServiceSlug } from "./services";
import type { Faq } from "./types";

// The service and location pages' copy that is content, as the admin edits it (/admin/pages) and
// the public pages read it (page-copy.server.ts). What is not here stays in code: prices, the
// business's figures, time zones, industries, steps, related links and the pages' SEO titles.
//   service: the hero's headline and lead, the intro's heading and paragraphs, the FAQs.
//   location: the hero's headline and lead, "why virtual" paragraphs, the local economy, the FAQs.

export type PageCopyFields = {
  headline: string;
  lead: string;
  /** The intro section's heading (a service page; a location page's is fixed). */
  introHeading: string | null;
  /** Paragraphs: a service's intro, a location's "why virtual coaching". */
  intro: string[];
  /** A location's local economy paragraph. */
  economy: string | null;
  faq: Faq[];
};

export const PAGE_COPY_KIND_LABELS: Record<PageCopyKind, string> = { service: "Service page", location: "Location page" };

export function pageCopyKey(kind: PageCopyKind, slug: string) {
  return `${kind}:${slug}`;
}

/** Whether the page exists in code: only those pages have copy. */
export function isPageCopySlug(kind: string | undefined, slug: string | undefined): kind is PageCopyKind {
  if (kind === "service") return isServiceSlug(slug);
  if (kind === "location") return isLocationSlug(slug);
  return false;
}

/** The page's name in the admin's list and editor. */
export function pageCopyTitle(kind: PageCopyKind, slug: string): string {
  return kind === "service" ? SERVICES[slug as ServiceSlug].title : `${LOCATIONS[slug as LocationSlug].name} business coaching`;
}

/** The public page's path. */
export function pageCopyPath(kind: PageCopyKind, slug: string): string {
  return kind === "service" ? `/services/${slug}` : `/locations/${slug}-business-coaching`;
}

/** The copy as written in code: the seed's first version, and what a page without a row shows. */
export function defaultPageCopy(kind: PageCopyKind, slug: string): PageCopyFields {
  if (kind === "service") {
    const service = SERVICES[slug as ServiceSlug];
    return {
      headline: service.headline,
      lead: service.lead,
      introHeading: service.introHeading,
      intro: [...service.intro],
      economy: null,
      faq: [...service.faq],
    };
  }
  const city = LOCATIONS[slug as LocationSlug];
  return { headline: city.headline, lead: city.lead, introHeading: null, intro: [...city.whyVirtual], economy: city.economy, faq: [...city.faq] };
}

/** Every page with copy, in the order of the site's menus. */
export function allPageCopyPages(): { kind: PageCopyKind; slug: string }[] {
  return [
    ...Object.keys(SERVICES).map((slug) => ({ kind: "service" as const, slug })),
    ...Object.keys(LOCATIONS).map((slug) => ({ kind: "location" as const, slug })),
  ];
}

export const PAGE_COPY_LIMITS = {
  headline: 120,
  lead: 400,
  introHeading: 120,
  paragraph: 1500,
  paragraphs: 6,
  economy: 1500,
  question: 200,
  answer: 1500,
  faqs: 12,
};

const text = (label: string, max: number) => z.string().trim().min(1, `Enter the ${label}.`).max(max, `The ${label} must be ${max} characters or fewer.`);

/** Stored copy read back; anything unreadable reads as null (the caller falls back to the code's copy). */
const StoredFieldsSchema = z.object({
  headline: z.string().min(1),
  lead: z.string().min(1),
  introHeading: z.string().nullable(),
  intro: z.array(z.string()).min(1),
  economy: z.string().nullable(),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
});

export function readStoredPageCopy(json: string | null | undefined): PageCopyFields | null {
  if (!json) return null;
  try {
    const parsed = StoredFieldsSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type PageCopyFormErrors = Partial<Record<"headline" | "lead" | "introHeading" | "intro" | "economy" | "faq" | "form", string>>;

/** Paragraphs typed in one box, separated by a blank line. */
export function splitParagraphs(value: string): string[] {
  return value
    .replaceAll("\r\n", "\n")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, " ").trim())
    .filter(Boolean);
}

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

export function samePageCopy(a: PageCopyFields, b: PageCopyFields): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
