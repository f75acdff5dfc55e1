import { CLARITYAI } from "~/content/services";
import type { PromptPacks } from "./chat-types";

// get-prompt-packs (SPEC §3): the quick-start prompts of app/content/services.ts as templates with
// the placeholders {industry}, {process_name}, {target_audience}, {revenue_range} and
// {business_area}, filled from the profile where it knows the answer and with a neutral phrase
// where it doesn't.

export const PLACEHOLDER_DEFAULTS = {
  industry: "your industry",
  process_name: "your process",
  target_audience: "your target audience",
  revenue_range: "your revenue range",
  business_area: "your business area",
} as const;

export type PlaceholderValues = { [K in keyof typeof PLACEHOLDER_DEFAULTS]: string };

const BRACKETS: [RegExp, string][] = [
  [/\[industry\]/g, "{industry}"],
  [/\[your process\]/g, "{process_name}"],
  [/\[your target audience\]/g, "{target_audience}"],
  [/\[revenue range\]/g, "{revenue_range}"],
];

/** One line on what each template is for; {business_area} appears where the area is the point. */
const DESCRIPTIONS: Record<string, string> = {
  "90-day plan": "Three priorities and weekly actions for the next quarter in {industry}.",
  "Decision check": "Test a big decision against cash, capacity and risk before you commit.",
  "BAS readiness": "A monthly routine for GST and PAYG so BAS time holds no surprises.",
  "Cash leak finder": "Find where cash is slipping away in {business_area}.",
  "Process clean-up": "Map {process_name} and find the steps that waste time.",
  "Checklist writer": "Turn {process_name} into a checklist your team can follow.",
  "Ideal customer": "What {target_audience} care about, and how to reach them on a small budget.",
  "Quote follow-up": "A polite two-step follow-up for quotes that have gone quiet.",
  "Growth options": "Three ways to grow in {industry}, compared side by side.",
  "Win-back offer": "Bring back customers who haven't bought from you in a while.",
  "Hard conversation": "Plan a fair, calm conversation about a problem in {business_area}.",
  "Role clarity": "A one-page role description for a new role in {industry}.",
};

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The templates with their placeholders in place. */
export function promptTemplates(): PromptPacks {
  const packs: PromptPacks = {};
  for (const category of CLARITYAI.promptCategories) {
    packs[category.name] = category.prompts.map((prompt) => ({
      id: `${slug(category.name)}-${slug(prompt.title)}`,
      title: prompt.title,
      description: DESCRIPTIONS[prompt.title] ?? prompt.title,
      prompt_template: BRACKETS.reduce((text, [pattern, placeholder]) => text.replace(pattern, placeholder), prompt.text),
    }));
  }
  return packs;
}

export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(/\{(industry|process_name|target_audience|revenue_range|business_area)\}/g, (_, name: keyof PlaceholderValues) => values[name]);
}

export function buildPromptPacks(industry: string | null): PromptPacks {
  const values: PlaceholderValues = { ...PLACEHOLDER_DEFAULTS, ...(industry?.trim() ? { industry: industry.trim().slice(0, 80) } : {}) };
  const packs = promptTemplates();
  for (const templates of Object.values(packs)) {
    for (const template of templates) {
      template.description = fillPlaceholders(template.description, values);
      template.prompt_template = fillPlaceholders(template.prompt_template, values);
    }
  }
  return packs;
}
