import type { WorksheetSpec } from "../types";

// PLACEHOLDER (owner: i25-worksheets) — the lesson's "Apply it to your business" panel. The lesson
// page renders it with the saved answers (null when none); keep the props. Load heavy code on demand.
export type WorksheetPanelProps = { lessonId: string; spec: WorksheetSpec; answers: unknown; canShareWithCoach: boolean };

export function WorksheetPanel({ spec }: WorksheetPanelProps) {
  return (
    <section aria-labelledby="worksheet-heading">
      <h2 id="worksheet-heading">Apply it to your business</h2>
      <p>{spec.title}</p>
    </section>
  );
}
