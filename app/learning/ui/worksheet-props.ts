import type { WorksheetSpec } from "../types";

// The props of the lesson's worksheet panel, shared by the panel and its on-demand editor.

export type WorksheetCoach = { id: string; name: string; sharedAt: string | null };

export type WorksheetPanelProps = {
  lessonId: string;
  spec: WorksheetSpec;
  /** The saved answers (null when none): loadWorksheetPanelData in app/learning/worksheets/lesson.server.ts. */
  answers: unknown;
  canShareWithCoach: boolean;
  /** The coaches the learner may share with, and when they last shared this worksheet with each. */
  coaches?: WorksheetCoach[];
  /** When the answers were last saved (ISO). */
  savedAt?: string | null;
};
