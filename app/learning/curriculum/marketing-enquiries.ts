import type { CurriculumModule } from "./types";

// OUTLINE — the module's real lessons replace this outline (issue 25's curriculum).
export const marketingEnquiries: CurriculumModule = {
  id: "marketing-enquiries",
  title: "Marketing that brings enquiries",
  summary: "Marketing that brings enquiries.",
  overviewMd: "Marketing that brings enquiries.",
  outcomes: ["Marketing that brings enquiries"],
  topic: "marketing",
  level: "beginner",
  access: "free",
  lessons: [
    {
      id: "marketing-enquiries-outline",
      title: "Marketing that brings enquiries: outline",
      summary: "Outline.",
      estimatedMinutes: 10,
      bodyMd: "## Outline\n\nOutline.",
      worksheet: { kind: "template", title: "Your action plan", fields: [{ id: "next-step", label: "Your next step", multiline: true }] },
      check: [{ prompt: "Outline?", options: ["Yes", "No"], answerIndex: 0, explanation: "Outline." }],
    },
  ],
  quiz: [{ prompt: "Outline?", options: ["Yes", "No"], answerIndex: 0, explanation: "Outline." }],
};
