import type { CurriculumModule } from "./types";

// OUTLINE — the module's real lessons replace this outline (issue 25's curriculum).
export const basGstPayg: CurriculumModule = {
  id: "bas-gst-payg",
  title: "BAS, GST and PAYG basics",
  summary: "BAS, GST and PAYG basics.",
  overviewMd: "BAS, GST and PAYG basics.",
  outcomes: ["BAS, GST and PAYG basics"],
  topic: "tax",
  level: "beginner",
  access: "free",
  lessons: [
    {
      id: "bas-gst-payg-outline",
      title: "BAS, GST and PAYG basics: outline",
      summary: "Outline.",
      estimatedMinutes: 10,
      bodyMd: "## Outline\n\nOutline.",
      worksheet: { kind: "template", title: "Your action plan", fields: [{ id: "next-step", label: "Your next step", multiline: true }] },
      check: [{ prompt: "Outline?", options: ["Yes", "No"], answerIndex: 0, explanation: "Outline." }],
    },
  ],
  quiz: [{ prompt: "Outline?", options: ["Yes", "No"], answerIndex: 0, explanation: "Outline." }],
};
