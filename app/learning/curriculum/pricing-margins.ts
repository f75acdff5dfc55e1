import type { CurriculumModule } from "./types";

// OUTLINE — the module's real lessons replace this outline (issue 25's curriculum).
export const pricingMargins: CurriculumModule = {
  id: "pricing-margins",
  title: "Pricing and margins",
  summary: "Pricing and margins.",
  overviewMd: "Pricing and margins.",
  outcomes: ["Pricing and margins"],
  topic: "pricing",
  level: "intermediate",
  access: "subscribers",
  lessons: [
    {
      id: "pricing-margins-outline",
      title: "Pricing and margins: outline",
      summary: "Outline.",
      estimatedMinutes: 10,
      bodyMd: "## Outline\n\nOutline.",
      worksheet: { kind: "pricing-calculator", title: "Worksheet" },
      check: [{ prompt: "Outline?", options: ["Yes", "No"], answerIndex: 0, explanation: "Outline." }],
    },
  ],
  quiz: [{ prompt: "Outline?", options: ["Yes", "No"], answerIndex: 0, explanation: "Outline." }],
};
