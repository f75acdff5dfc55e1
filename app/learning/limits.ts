// The learning editors' field limits (/admin/learning): the pages show them beside the fields and the
// forms' schemas (admin-schemas.ts) enforce them. Kept apart so the pages load without zod.

export const LEARNING_LIMITS = {
  title: 120,
  summary: 400,
  markdown: 60_000,
  outcome: 200,
  outcomes: 8,
  minutes: 600,
  position: 9999,
  releaseDays: 365,
  passPercentMin: 50,
};

/** A quiz question's limits (the question editor shows them; admin-schemas.ts enforces them). */
export const QUESTION_LIMITS = { prompt: 500, option: 200, explanation: 1000, options: 6, minOptions: 2 };

/** The option fields' names, option1 … option6. */
export const OPTION_FIELDS = Array.from({ length: QUESTION_LIMITS.options }, (_, i) => `option${i + 1}`);
