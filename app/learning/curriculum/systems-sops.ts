import type { CurriculumModule } from "./types";

// OUTLINE — the module's real lessons replace this outline (issue 25's curriculum).
export const systemsSops: CurriculumModule = {
  id: "systems-sops",
  title: "Systems, delegation and SOPs",
  summary: "Systems, delegation and SOPs.",
  overviewMd: "Systems, delegation and SOPs.",
  outcomes: ["Systems, delegation and SOPs"],
  topic: "systems",
  level: "intermediate",
  access: "package",
  lessons: [
    {
      id: "systems-sops-outline",
      title: "Systems, delegation and SOPs: outline",
      summary: "Outline.",
      estimatedMinutes: 10,
      bodyMd: "## Outline\n\nOutline.",
      worksheet: { kind: "sop", title: "Worksheet" },
      check: [{ prompt: "Outline?", options: ["Yes", "No"], answerIndex: 0, explanation: "Outline." }],
    },
  ],
  quiz: [{ prompt: "Outline?", options: ["Yes", "No"], answerIndex: 0, explanation: "Outline." }],
};
