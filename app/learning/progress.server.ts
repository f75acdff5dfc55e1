import type { Db } from "~/db/client.server";

// PLACEHOLDER (owner: i25-core) — each learner's progress: idempotent, per user. Keep these
// signatures (you may add more).

/** Starts the module for the learner if not started (the drip counts from then); returns started_at. */
export async function startModule(db: Db, userId: string, moduleId: string, now: Date): Promise<string> {
  void db;
  void userId;
  void moduleId;
  return now.toISOString();
}

/** Records a visit to a lesson (starts its module, remembers it for "Continue where you left off"). */
export async function recordLessonVisit(db: Db, userId: string, lesson: { id: string; moduleId: string }, now: Date): Promise<void> {
  void db;
  void userId;
  void lesson;
  void now;
}

/** Marks a lesson complete; completing it again changes nothing. */
export async function completeLesson(
  db: Db,
  userId: string,
  lesson: { id: string; moduleId: string },
  now: Date,
): Promise<{ newlyCompleted: boolean; moduleLessonsComplete: boolean }> {
  void db;
  void userId;
  void lesson;
  void now;
  return { newlyCompleted: false, moduleLessonsComplete: false };
}

/** Saves the reading position (0–1) of a lesson, restored on any device. */
export async function saveReadingPosition(db: Db, userId: string, lesson: { id: string; moduleId: string }, position: number, now: Date): Promise<void> {
  void db;
  void userId;
  void lesson;
  void position;
  void now;
}

/** A learner's progress in one module: completed lesson ids, reading positions, start, quiz passed. */
export type ModuleProgress = {
  startedAt: string | null;
  completedLessonIds: string[];
  readingPositions: Record<string, number>;
  quizPassed: boolean;
  bestQuiz: { correct: number; total: number } | null;
  certificateId: string | null;
};

export async function loadModuleProgress(db: Db, userId: string, moduleId: string): Promise<ModuleProgress> {
  void db;
  void userId;
  void moduleId;
  return { startedAt: null, completedLessonIds: [], readingPositions: {}, quizPassed: false, bestQuiz: null, certificateId: null };
}
