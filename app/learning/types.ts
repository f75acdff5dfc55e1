import type { LearningAccess, LearningLevel } from "~/db/schema/learning";

// The learning hub's shapes shared by the server and the browser.

export type { LearningAccess, LearningLevel };

/** The hub's topics (a module has one), in the order the filter lists them. */
export const LEARNING_TOPICS = {
  "cash-flow": "Cash flow",
  tax: "Tax and compliance",
  pricing: "Pricing and margins",
  systems: "Systems and delegation",
  people: "Hiring and people",
  marketing: "Marketing",
} as const;
export type LearningTopic = keyof typeof LEARNING_TOPICS;

export const LEVEL_LABELS: Record<LearningLevel, string> = { beginner: "Beginner", intermediate: "Intermediate", advanced: "Advanced" };

/** One field of a template worksheet. */
export type TemplateField = { id: string; label: string; hint?: string; multiline?: boolean };

/**
 * The exercise that applies a lesson to the owner's own business (learning_lessons.worksheet, JSON).
 * - cash-flow-forecast: 13 weeks of receipts and payments from an opening balance → totals, closing
 *   balances and the lowest-balance week; exported as XLSX and CSV.
 * - pricing-calculator: costs and a target margin → ex-GST and GST-inclusive prices to the cent.
 * - sop: a standard operating procedure (purpose, owner, trigger, steps, checks) filled in.
 * - template: a titled set of questions whose answers make a short plan or checklist document.
 */
export type WorksheetSpec =
  | { kind: "cash-flow-forecast"; title: string }
  | { kind: "pricing-calculator"; title: string }
  | { kind: "sop"; title: string }
  | { kind: "template"; title: string; intro?: string; fields: TemplateField[] };
export type WorksheetKind = WorksheetSpec["kind"];
