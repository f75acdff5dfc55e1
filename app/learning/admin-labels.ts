import type { LearningAccess, LearningLevel, LearningStatus } from "~/db/schema/learning";

// How the learning admin pages name a module's or lesson's settings.

export const LEARNING_STATUS_LABELS: Record<LearningStatus, string> = { draft: "Draft", published: "Published" };
export const LEARNING_ACCESS_LABELS: Record<LearningAccess, string> = {
  free: "Free (anyone signed in)",
  subscribers: "ClarityAI subscribers",
  package: "Coaching package clients",
};
export const LEARNING_LEVEL_LABELS: Record<LearningLevel, string> = { beginner: "Beginner", intermediate: "Intermediate", advanced: "Advanced" };

/** The revisions panel's names for a module's fields. */
export const MODULE_FIELD_LABELS: Record<string, string> = {
  title: "Title",
  summary: "Summary",
  overviewMd: "Overview",
  outcomes: "Outcomes",
  topic: "Topic",
  level: "Level",
  access: "Access",
  estimatedMinutes: "Estimated minutes",
  position: "Order",
  quizPassPercent: "Quiz pass mark (%)",
};

/** The revisions panel's names for a lesson's fields. */
export const LESSON_FIELD_LABELS: Record<string, string> = {
  title: "Title",
  summary: "Summary",
  bodyMd: "Lesson text",
  estimatedMinutes: "Estimated minutes",
  position: "Order",
  releaseAfterDays: "Opens after (days)",
};
