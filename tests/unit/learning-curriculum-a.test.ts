import { describe, expect, test } from "vitest";
import { renderMarkdown } from "~/content/markdown.server";
import { CURRICULUM } from "~/learning/curriculum";
import { basGstPayg } from "~/learning/curriculum/bas-gst-payg";
import { cashFlow } from "~/learning/curriculum/cash-flow";
import { pricingMargins } from "~/learning/curriculum/pricing-margins";
import { curriculumRows } from "~/learning/curriculum/rows";
import type { CurriculumModule, CurriculumQuestion } from "~/learning/curriculum/types";
import { LEARNING_TOPICS } from "~/learning/types";

// The shape of the cash-flow, BAS/GST/PAYG and pricing modules: stable ids, lesson counts, real
// (long enough, safe, en-AU) markdown, answerable questions and the fixed interactive worksheets.

/** Progress, assignments and certificates refer to these ids: changing one is a breaking change. */
const STABLE_LESSON_IDS: Record<string, string[]> = {
  "cash-flow": [
    "cash-flow-profit-is-not-cash",
    "cash-flow-get-paid-faster",
    "cash-flow-13-week-forecast",
    "cash-flow-set-aside-tax-and-buffer",
    "cash-flow-tight-weeks",
  ],
  "bas-gst-payg": [
    "bas-gst-payg-how-gst-works",
    "bas-gst-payg-tax-invoices-and-records",
    "bas-gst-payg-cash-or-accrual",
    "bas-gst-payg-payg-withholding-and-instalments",
    "bas-gst-payg-lodge-and-pay-on-time",
  ],
  "pricing-margins": [
    "pricing-margins-know-your-true-costs",
    "pricing-margins-margin-vs-markup",
    "pricing-margins-gst-inclusive-price",
    "pricing-margins-value-and-packages",
    "pricing-margins-raising-prices",
  ],
};

const MODULES: { module: CurriculumModule; access: string; topic: string }[] = [
  { module: cashFlow, access: "free", topic: "cash-flow" },
  { module: basGstPayg, access: "free", topic: "tax" },
  { module: pricingMargins, access: "subscribers", topic: "pricing" },
];

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const RAW_HTML = /<\/?[a-z][a-z0-9-]*(\s[^>]*)?\/?>|<!--/i;
// American spellings and terms an Australian reader would notice.
const NOT_EN_AU = /\b(colors?|favor|favorite|organiz\w*|analyz\w*|center|sales tax|fiscal year|IRS|401\(k\)|paycheck|checking account|zip code|W-2)\b/i;

function expectAnswerable(questions: CurriculumQuestion[]) {
  for (const question of questions) {
    expect(question.prompt.trim().length).toBeGreaterThan(10);
    expect(question.options.length).toBeGreaterThanOrEqual(3);
    expect(new Set(question.options).size).toBe(question.options.length);
    expect(Number.isInteger(question.answerIndex)).toBe(true);
    expect(question.answerIndex).toBeGreaterThanOrEqual(0);
    expect(question.answerIndex).toBeLessThan(question.options.length);
    expect(question.explanation.trim().length).toBeGreaterThan(20);
  }
}

function allText(module: CurriculumModule): string[] {
  const questions = [...module.quiz, ...module.lessons.flatMap((lesson) => lesson.check)];
  return [
    module.title,
    module.summary,
    module.overviewMd,
    ...module.outcomes,
    ...module.lessons.flatMap((lesson) => [lesson.title, lesson.summary, lesson.bodyMd, JSON.stringify(lesson.worksheet)]),
    ...questions.flatMap((question) => [question.prompt, ...question.options, question.explanation]),
  ];
}

describe.each(MODULES)("the $module.id module", ({ module, access, topic }) => {
  test("keeps its fixed id, access and topic, is in the curriculum and has a real overview", () => {
    expect(CURRICULUM).toContain(module);
    expect(module.access).toBe(access);
    expect(module.topic).toBe(topic);
    expect(Object.keys(LEARNING_TOPICS)).toContain(module.topic);
    expect(["beginner", "intermediate", "advanced"]).toContain(module.level);
    expect(module.outcomes.length).toBeGreaterThanOrEqual(3);
    expect(module.outcomes.length).toBeLessThanOrEqual(5);
    expect(words(module.overviewMd)).toBeGreaterThanOrEqual(60);
    expect(module.summary.length).toBeGreaterThan(40);
  });

  test("has 4–6 lessons with stable, unique ids prefixed by the module id", () => {
    const ids = module.lessons.map((lesson) => lesson.id);
    expect(ids).toEqual(STABLE_LESSON_IDS[module.id]);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    expect(ids.length).toBeLessThanOrEqual(6);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id.startsWith(`${module.id}-`)).toBe(true);
  });

  test("each lesson body is real, structured markdown with a worked example and an action for the week", () => {
    for (const lesson of module.lessons) {
      const count = words(lesson.bodyMd);
      expect(count, `${lesson.id} has ${count} words`).toBeGreaterThanOrEqual(500);
      expect(count, `${lesson.id} has ${count} words`).toBeLessThanOrEqual(1100);
      expect(lesson.bodyMd).toMatch(/^## /m);
      expect(lesson.bodyMd).toMatch(/^## Try this this week$/m);
      expect(lesson.bodyMd).toMatch(/^## A worked example$/m);
      expect(lesson.bodyMd).toMatch(/\$\d[\d,]*/);
      expect(lesson.estimatedMinutes).toBeGreaterThanOrEqual(5);
      expect(lesson.estimatedMinutes).toBeLessThanOrEqual(30);
      const { html, headings } = renderMarkdown(lesson.bodyMd);
      expect(headings.length).toBeGreaterThanOrEqual(3);
      expect(html).not.toContain("&lt;");
    }
  });

  test("no placeholder text, raw HTML or American terms anywhere", () => {
    for (const text of allText(module)) {
      expect(text).not.toMatch(/lorem|ipsum|outline|TODO|TBD/i);
      expect(text).not.toMatch(RAW_HTML);
      expect(text).not.toMatch(NOT_EN_AU);
    }
  });

  test("each lesson has a 2–3 question knowledge check and the module quiz has 6–8 questions, all answerable", () => {
    for (const lesson of module.lessons) {
      expect(lesson.check.length).toBeGreaterThanOrEqual(2);
      expect(lesson.check.length).toBeLessThanOrEqual(3);
      expectAnswerable(lesson.check);
    }
    expect(module.quiz.length).toBeGreaterThanOrEqual(6);
    expect(module.quiz.length).toBeLessThanOrEqual(8);
    expectAnswerable(module.quiz);
  });

  test("every lesson other than the fixed interactive ones has a template worksheet of 3–6 distinct fields", () => {
    for (const lesson of module.lessons) {
      if (lesson.id === "cash-flow-13-week-forecast") expect(lesson.worksheet.kind).toBe("cash-flow-forecast");
      else if (lesson.id === "pricing-margins-gst-inclusive-price") expect(lesson.worksheet.kind).toBe("pricing-calculator");
      else {
        expect(lesson.worksheet.kind).toBe("template");
        if (lesson.worksheet.kind !== "template") continue;
        const fieldIds = lesson.worksheet.fields.map((field) => field.id);
        expect(fieldIds.length).toBeGreaterThanOrEqual(3);
        expect(fieldIds.length).toBeLessThanOrEqual(6);
        expect(new Set(fieldIds).size).toBe(fieldIds.length);
        for (const field of lesson.worksheet.fields) expect(field.label.length).toBeGreaterThan(5);
      }
      expect(lesson.worksheet.title.length).toBeGreaterThan(5);
    }
  });
});

test("the fixed interactive worksheet lessons are present with their kinds", () => {
  expect(cashFlow.lessons.find((lesson) => lesson.id === "cash-flow-13-week-forecast")?.worksheet.kind).toBe("cash-flow-forecast");
  expect(pricingMargins.lessons.find((lesson) => lesson.id === "pricing-margins-gst-inclusive-price")?.worksheet.kind).toBe("pricing-calculator");
});

test("the seeded rows of these modules have unique lesson and question ids", () => {
  const { lessons, questions } = curriculumRows(MODULES.map(({ module }) => module));
  expect(new Set(lessons.map((row) => row.id)).size).toBe(lessons.length);
  expect(new Set(questions.map((row) => row.id)).size).toBe(questions.length);
  expect(questions.filter((row) => row.lesson_id === null)).toHaveLength(MODULES.reduce((sum, { module }) => sum + module.quiz.length, 0));
});
