import type { LearningAccess, LearningLevel, LearningTopic, WorksheetSpec } from "../types";

// The curriculum as written (markdown in TypeScript), seeded into D1 where it is read and, later,
// edited from the admin area. Ids are stable: progress, assignments and certificates refer to them.

export type CurriculumQuestion = { prompt: string; options: string[]; answerIndex: number; explanation: string };

export type CurriculumLesson = {
  id: string;
  title: string;
  summary: string;
  estimatedMinutes: number;
  bodyMd: string;
  worksheet: WorksheetSpec;
  /** The knowledge check: two or three questions. */
  check: CurriculumQuestion[];
  /** The drip: opens this many days after the learner starts the module. */
  releaseAfterDays?: number;
  /** A video in the UPLOADS bucket (seeded by scripts/seed.ts), with captions and a transcript. */
  video?: { key: string; type: string; seconds: number; captionsKey: string; transcriptMd: string };
};

export type CurriculumModule = {
  id: string;
  title: string;
  summary: string;
  overviewMd: string;
  outcomes: string[];
  topic: LearningTopic;
  level: LearningLevel;
  access: LearningAccess;
  lessons: CurriculumLesson[];
  /** The module quiz: five to eight questions. */
  quiz: CurriculumQuestion[];
};
