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
