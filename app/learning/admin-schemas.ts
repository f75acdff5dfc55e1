import * as z from "zod";
import { LEARNING_ACCESS, LEARNING_LEVELS } from "~/db/schema/learning";
import { LEARNING_LIMITS, OPTION_FIELDS, QUESTION_LIMITS } from "./limits";
import { LEARNING_TOPICS, type LearningTopic } from "./types";

// The learning editors' forms (/admin/learning): a module's and a lesson's editable fields. The same
// schemas read a revision back before it is restored, so a restored revision is as valid as a save.

export { LEARNING_LIMITS } from "./limits";

const text = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(max, `The ${label} must be ${max.toLocaleString("en-AU")} characters or fewer.`);

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `Enter the ${label} as a whole number.` })
    .int(`Enter the ${label} as a whole number.`)
    .min(min, `The ${label} must be between ${min} and ${max}.`)
    .max(max, `The ${label} must be between ${min} and ${max}.`);

const TOPICS = Object.keys(LEARNING_TOPICS) as [LearningTopic, ...LearningTopic[]];

/** Outcomes typed one a line. */
export function splitLines(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*[-*•]\s*/, "").trim())
    .filter(Boolean);
}

const outcomes = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (typeof value === "string" ? splitLines(value) : value.map((line) => line.trim()).filter(Boolean)))
  .pipe(
    z
      .array(z.string().max(LEARNING_LIMITS.outcome, `Keep each outcome to ${LEARNING_LIMITS.outcome} characters.`))
      .min(1, "List at least one outcome, one a line.")
      .max(LEARNING_LIMITS.outcomes, `List ${LEARNING_LIMITS.outcomes} outcomes or fewer.`),
  );

export const ModuleFieldsSchema = z.object({
  title: text("title", LEARNING_LIMITS.title),
  summary: text("summary", LEARNING_LIMITS.summary),
  overviewMd: text("overview", LEARNING_LIMITS.markdown),
  outcomes,
  topic: z.enum(TOPICS, { error: "Choose a topic." }),
  level: z.enum(LEARNING_LEVELS, { error: "Choose a level." }),
  access: z.enum(LEARNING_ACCESS, { error: "Choose who can open it." }),
  estimatedMinutes: wholeNumber("estimated minutes", 1, LEARNING_LIMITS.minutes),
  position: wholeNumber("order", 1, LEARNING_LIMITS.position),
  quizPassPercent: wholeNumber("quiz pass mark", LEARNING_LIMITS.passPercentMin, 100),
});
export type ModuleFields = z.output<typeof ModuleFieldsSchema>;

export const LessonFieldsSchema = z.object({
  title: text("title", LEARNING_LIMITS.title),
  summary: text("summary", LEARNING_LIMITS.summary),
  bodyMd: text("lesson text", LEARNING_LIMITS.markdown),
  estimatedMinutes: wholeNumber("estimated minutes", 1, LEARNING_LIMITS.minutes),
  position: wholeNumber("order", 1, LEARNING_LIMITS.position),
  // Blank: the lesson opens as soon as the learner starts the module.
  releaseAfterDays: z
    .union([z.literal(""), z.null(), z.undefined(), z.coerce.number()])
    .transform((value) => (value === "" || value === null || value === undefined ? null : value))
    .pipe(
      z
        .number({ error: "Enter the days as a whole number, or leave it blank." })
        .int("Enter the days as a whole number, or leave it blank.")
        .min(0, `The days must be between 0 and ${LEARNING_LIMITS.releaseDays}.`)
        .max(LEARNING_LIMITS.releaseDays, `The days must be between 0 and ${LEARNING_LIMITS.releaseDays}.`)
        .nullable(),
    ),
});
export type LessonFields = z.output<typeof LessonFieldsSchema>;

// A quiz or knowledge check question: the prompt, up to six options (blank ones are dropped, so a
// form without JavaScript simply has six fields), the right one (the number of its field) and the
// explanation the learner reads after answering.

export { OPTION_FIELDS, QUESTION_LIMITS } from "./limits";

const optionText = z
  .string()
  .trim()
  .max(QUESTION_LIMITS.option, `Keep each option to ${QUESTION_LIMITS.option} characters or fewer.`)
  .optional()
  .transform((value) => value ?? "");

export const QuestionFieldsSchema = z
  .object({
    prompt: text("question", QUESTION_LIMITS.prompt),
    ...Object.fromEntries(OPTION_FIELDS.map((name) => [name, optionText])),
    answer: z.string({ error: "Choose the correct option." }).regex(new RegExp(`^[1-${QUESTION_LIMITS.options}]$`), "Choose the correct option."),
    explanation: z
      .string()
      .trim()
      .max(QUESTION_LIMITS.explanation, `The explanation must be ${QUESTION_LIMITS.explanation.toLocaleString("en-AU")} characters or fewer.`)
      .optional()
      .transform((value) => value ?? ""),
  })
  .superRefine((fields, ctx) => {
    const filled = OPTION_FIELDS.filter((name) => (fields as Record<string, string>)[name] !== "");
    if (filled.length < QUESTION_LIMITS.minOptions)
      ctx.addIssue({ code: "custom", path: ["option1"], message: `Give at least ${QUESTION_LIMITS.minOptions} options.` });
    else if (!filled.includes(`option${fields.answer}`))
      ctx.addIssue({ code: "custom", path: ["answer"], message: "The correct option is blank: choose one of the options you filled in." });
  });

export type QuestionInput = { prompt: string; options: string[]; answerIndex: number; explanation: string };

/** A parsed question form as it is stored: the filled options in order and the right one's index among them. */
export function questionInputOf(fields: z.output<typeof QuestionFieldsSchema>): QuestionInput {
  const values = fields as Record<string, string>;
  const filled = OPTION_FIELDS.filter((name) => values[name] !== "");
  return {
    prompt: fields.prompt,
    options: filled.map((name) => values[name]!),
    answerIndex: filled.indexOf(`option${fields.answer}`),
    explanation: fields.explanation,
  };
}

export const QuestionIdSchema = z.object({ questionId: z.string({ error: "Choose a question." }).min(1, "Choose a question.").max(200, "Choose a question.") });

export const QuestionMoveSchema = QuestionIdSchema.extend({ direction: z.enum(["up", "down"], { error: "Choose up or down." }) });

/** A new module or lesson starts with its title only; the rest is filled in before publishing. */
export const NewItemSchema = z.object({ title: text("title", LEARNING_LIMITS.title) });

export const RevisionNumberSchema = z.object({
  revision: z.coerce.number({ error: "Choose a revision." }).int("Choose a revision.").min(1, "Choose a revision."),
});

/** Lower case words joined by hyphens, for a new module's or lesson's id (its URL). */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return slug || "untitled";
}
