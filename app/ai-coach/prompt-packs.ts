import { CLARITYAI } from "~/content/clarityai";
import type { PromptPacks } from "./chat-types";

// get-prompt-packs (SPEC §3): the quick-start prompts of app/content/clarityai.ts, with the
// placeholders {industry}, {process_name}, {target_audience}, {revenue_range} and {business_area}
// filled from the profile where it knows the answer. Where it doesn't, the template is phrased so
// it still reads naturally: the button's description (addressed to the owner) takes SPEC §3's
// default phrase ("your process", "your target audience"); the prompt itself (in the owner's own
// words, put in the message box to edit before sending) is written without the unknown detail,
// never "My revenue is your revenue range" or "my your industry business".

export type Placeholder = "industry" | "process_name" | "target_audience" | "revenue_range" | "business_area";

/** SPEC §3's default phrases, for descriptions addressed to the owner. */
export const PLACEHOLDER_DEFAULTS: Record<Placeholder, string> = {
  industry: "your industry",
  process_name: "your process",
  target_audience: "your target audience",
  revenue_range: "your revenue range",
  business_area: "your business",
};

/** What the profile knows, for filling the templates. */
export type PromptProfile = { industry?: string | null; businessType?: string | null; revenueRange?: string | null };

type TemplateText = {
  /** The prompt with its placeholder, used when the profile knows the value. */
  prompt: string;
  /** The prompt as it reads without it. */
  promptWithout?: string;
  description: string;
  descriptionWithout?: string;
};

/** Each quick prompt's wording, by its title in the content (the content's text is the page's example). */
const TEXTS: Record<string, TemplateText> = {
  "90-day plan": {
    prompt: "Build a 90-day plan for my {industry} business with three priorities and weekly actions.",
    promptWithout: "Build a 90-day plan for my business with three priorities and weekly actions.",
    description: "Three priorities and weekly actions for the next quarter of your {industry} business.",
    descriptionWithout: "Three priorities and weekly actions for your next quarter.",
  },
  "Decision check": {
    prompt: "Help me pressure-test a big decision before I commit: ask me what it is, then check it against cash, capacity and risk.",
    description: "Test a big decision against cash, capacity and risk before you commit.",
  },
  "BAS readiness": {
    prompt: "Help me set aside GST and PAYG each month so BAS time isn't a shock.",
    description: "A monthly routine for GST and PAYG so BAS time holds no surprises.",
  },
  "Cash leak finder": {
    prompt: "My revenue is {revenue_range} but cash is always tight. Where should I look?",
    promptWithout: "Sales are coming in but cash is always tight. Where should I look first?",
    description: "Find where cash is slipping away in {business_area}.",
  },
  "Process clean-up": {
    prompt: "Map {process_name} step by step and show me where time is being lost.",
    promptWithout: "Help me map one of our processes step by step and show me where time is being lost.",
    description: "Map {process_name} and find the steps that waste time.",
  },
  "Checklist writer": {
    prompt: "Turn how we do {process_name} into a one-page checklist my team can follow.",
    promptWithout: "Turn one of our everyday jobs into a one-page checklist my team can follow.",
    description: "Turn {process_name} into a checklist your team can follow.",
  },
  "Ideal customer": {
    prompt: "Describe what {target_audience} care about and how to reach them on a small budget.",
    promptWithout: "Help me describe my ideal customers: what they care about and how to reach them on a small budget.",
    description: "What {target_audience} cares about, and how to reach them on a small budget.",
  },
  "Quote follow-up": {
    prompt: "Write a two-step follow-up for quotes that haven't been accepted after a week.",
    description: "A polite two-step follow-up for quotes that have gone quiet.",
  },
  "Growth options": {
    prompt: "Compare three ways to grow my {industry} business next year and what each would take.",
    promptWithout: "Compare three ways to grow my business next year and what each would take.",
    description: "Three ways to grow your {industry} business, compared side by side.",
    descriptionWithout: "Three ways to grow your business, compared side by side.",
  },
  "Win-back offer": {
    prompt: "Write a short offer to win back customers who haven't bought from us in six months.",
    description: "Bring back customers who haven't bought from you in a while.",
  },
  "Hard conversation": {
    prompt: "Help me plan a fair, calm conversation with a team member about a problem that keeps coming up.",
    description: "Plan a fair, calm conversation about a problem in {business_area}.",
  },
  "Role clarity": {
    prompt: "Write a one-page role description for a new role in my {industry} business.",
    promptWithout: "Write a one-page role description for a new role in my business.",
    description: "A one-page role description for a new role in your {industry} business.",
    descriptionWithout: "A one-page role description for a new role in your business.",
  },
};

const PLACEHOLDER = /\{(industry|process_name|target_audience|revenue_range|business_area)\}/g;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * The profile's industry as it reads inside a sentence ("my café business"): lower case unless it
 * starts with an acronym ("IT services"), without a trailing "business" or "industry". The
 * business type stands in when no industry is given ("Other" says nothing).
 */
export function industryPhrase(profile: PromptProfile | null): string | null {
  const typed = profile?.industry?.replace(/\s+/g, " ").trim().slice(0, 80);
  const type = profile?.businessType && profile.businessType !== "Other" ? profile.businessType : null;
  const raw = typed || type;
  if (!raw) return null;
  const cased = /^\p{Lu}\p{Ll}/u.test(raw) ? raw.charAt(0).toLowerCase() + raw.slice(1) : raw;
  return cased.replace(/\s+(?:business(?:es)?|industry)$/i, "").trim() || null;
}

/** The values the profile knows; a missing one is absent. */
export function knownValues(profile: PromptProfile | null): Partial<Record<Placeholder, string>> {
  const industry = industryPhrase(profile);
  const revenue = profile?.revenueRange?.trim();
  return { ...(industry ? { industry } : {}), ...(revenue ? { revenue_range: revenue } : {}) };
}

/** A text with its placeholder filled; the `without` wording (or SPEC §3's default phrase) when the value is unknown. */
function fill(text: string, without: string | undefined, values: Partial<Record<Placeholder, string>>): string {
  const names = [...text.matchAll(PLACEHOLDER)].map((match) => match[1] as Placeholder);
  if (names.some((name) => values[name] === undefined) && without !== undefined) return without;
  return text.replace(PLACEHOLDER, (_, name: Placeholder) => values[name] ?? PLACEHOLDER_DEFAULTS[name]);
}

/** The quick-start prompts for this profile, by category (SPEC §3's prompt pack). */
export function buildPromptPacks(profile: PromptProfile | null): PromptPacks {
  const values = knownValues(profile);
  const packs: PromptPacks = {};
  for (const category of CLARITYAI.promptCategories) {
    packs[category.name] = category.prompts.map((prompt) => {
      const text = TEXTS[prompt.title] ?? { prompt: prompt.text, description: prompt.title };
      return {
        id: `${slug(category.name)}-${slug(prompt.title)}`,
        title: prompt.title,
        description: fill(text.description, text.descriptionWithout, values),
        prompt_template: fill(text.prompt, text.promptWithout, values),
      };
    });
  }
  return packs;
}
