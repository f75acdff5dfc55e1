import type { CurriculumModule } from "./types";

// OUTLINE — the module's real lessons replace this outline (issue 25's curriculum).
export const cashFlow: CurriculumModule = {
  id: "cash-flow",
  title: "Cash flow and a 13-week forecast",
  summary: "Cash flow and a 13-week forecast.",
  overviewMd: "Cash flow and a 13-week forecast.",
  outcomes: ["Cash flow and a 13-week forecast"],
  topic: "cash-flow",
  level: "beginner",
  access: "free",
  lessons: [
    {
      id: "cash-flow-outline",
      title: "Cash flow and a 13-week forecast: outline",
      summary: "Outline.",
      estimatedMinutes: 10,
      bodyMd: "## Outline\n\nOutline.",
      worksheet: { kind: "cash-flow-forecast", title: "Worksheet" },
      check: [{ prompt: "Outline?", options: ["Yes", "No"], answerIndex: 0, explanation: "Outline." }],
    },
  ],
  quiz: [{ prompt: "Outline?", options: ["Yes", "No"], answerIndex: 0, explanation: "Outline." }],
};
