import type { CurriculumModule } from "./types";

// OUTLINE — the module's real lessons replace this outline (issue 25's curriculum).
export const hiringFairWork: CurriculumModule = {
  id: "hiring-fair-work",
  title: "Hiring and Fair Work basics",
  summary: "Hiring and Fair Work basics.",
  overviewMd: "Hiring and Fair Work basics.",
  outcomes: ["Hiring and Fair Work basics"],
  topic: "people",
  level: "beginner",
  access: "subscribers",
  lessons: [
    {
      id: "hiring-fair-work-outline",
      title: "Hiring and Fair Work basics: outline",
      summary: "Outline.",
      estimatedMinutes: 10,
      bodyMd: "## Outline\n\nOutline.",
      worksheet: { kind: "template", title: "Your action plan", fields: [{ id: "next-step", label: "Your next step", multiline: true }] },
      check: [{ prompt: "Outline?", options: ["Yes", "No"], answerIndex: 0, explanation: "Outline." }],
    },
  ],
  quiz: [{ prompt: "Outline?", options: ["Yes", "No"], answerIndex: 0, explanation: "Outline." }],
};
