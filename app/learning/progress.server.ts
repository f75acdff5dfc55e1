import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { learningCertificates, learningEnrolments, learningLessonProgress, learningLessons, learningQuestions, learningQuizAttempts } from "~/db/schema";

// Each learner's progress, per user in D1. Every write is idempotent: starting a module again keeps
// its first start (the drip counts from it), completing a lesson again keeps its first completion,
// and the module's completed_at is set once, when every published lesson is complete and its quiz
// passed (a module without quiz questions needs its lessons only).

type LessonRef = { id: string; moduleId: string };

/** The statement that starts the module for the learner if not started; later visits keep the first start. */
function enrolQuery(db: Db, userId: string, moduleId: string, now: Date) {
  const at = now.toISOString();
  return db.insert(learningEnrolments).values({ userId, moduleId, startedAt: at, lastVisitedAt: at }).onConflictDoNothing();
}

/** Starts the module for the learner if not started (the drip counts from then); returns started_at. */
export async function startModule(db: Db, userId: string, moduleId: string, now: Date): Promise<string> {
  const [, rows] = await db.batch([
    enrolQuery(db, userId, moduleId, now),
    db
      .select({ startedAt: learningEnrolments.startedAt })
      .from(learningEnrolments)
      .where(and(eq(learningEnrolments.userId, userId), eq(learningEnrolments.moduleId, moduleId))),
  ]);
  return rows[0]?.startedAt ?? now.toISOString();
}

/** Records a visit to a lesson (starts its module, remembers it for "Continue where you left off"). */
export async function recordLessonVisit(db: Db, userId: string, lesson: LessonRef, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.batch([
    db
      .insert(learningEnrolments)
      .values({ userId, moduleId: lesson.moduleId, startedAt: at, lastLessonId: lesson.id, lastVisitedAt: at })
      .onConflictDoUpdate({ target: [learningEnrolments.userId, learningEnrolments.moduleId], set: { lastLessonId: lesson.id, lastVisitedAt: at } }),
    db.insert(learningLessonProgress).values({ userId, lessonId: lesson.id, moduleId: lesson.moduleId, startedAt: at, updatedAt: at }).onConflictDoNothing(),
  ]);
}

/** SQL: no published lesson of the module is left incomplete by the learner. */
function allLessonsCompleteSql(userId: string, moduleId: string) {
  return sql`NOT EXISTS (
    SELECT 1 FROM ${learningLessons}
    LEFT JOIN ${learningLessonProgress} ON ${learningLessonProgress.lessonId} = ${learningLessons.id} AND ${learningLessonProgress.userId} = ${userId}
    WHERE ${learningLessons.moduleId} = ${moduleId} AND ${learningLessons.status} = 'published' AND ${learningLessonProgress.completedAt} IS NULL
  )`;
}

/** SQL: the learner passed the module's quiz, or the module has no quiz. */
function quizDoneSql(userId: string, moduleId: string) {
  return sql`(EXISTS (
    SELECT 1 FROM ${learningQuizAttempts}
    WHERE ${learningQuizAttempts.userId} = ${userId} AND ${learningQuizAttempts.moduleId} = ${moduleId} AND ${learningQuizAttempts.passed} = 1
  ) OR NOT EXISTS (
    SELECT 1 FROM ${learningQuestions} WHERE ${learningQuestions.moduleId} = ${moduleId} AND ${learningQuestions.lessonId} IS NULL
  ))`;
}

/** The statement that sets the module's completed_at once every published lesson is complete and the quiz passed. */
function completeModuleQuery(db: Db, userId: string, moduleId: string, now: Date) {
  return db
    .update(learningEnrolments)
    .set({ completedAt: now.toISOString() })
    .where(
      and(
        eq(learningEnrolments.userId, userId),
        eq(learningEnrolments.moduleId, moduleId),
        isNull(learningEnrolments.completedAt),
        allLessonsCompleteSql(userId, moduleId),
        quizDoneSql(userId, moduleId),
      ),
    );
}

function moduleStateQuery(db: Db, userId: string, moduleId: string) {
  return db
    .select({ completedAt: learningEnrolments.completedAt, lessonsComplete: sql<number>`${allLessonsCompleteSql(userId, moduleId)}` })
    .from(learningEnrolments)
    .where(and(eq(learningEnrolments.userId, userId), eq(learningEnrolments.moduleId, moduleId)));
}

/**
 * Sets the module's completed_at if every published lesson is complete and the quiz passed (or the
 * module has none); call it after a passing quiz attempt. Returns the module's completed_at, or null
 * while something is left to do. Idempotent: the first completion's time stays.
 */
export async function completeModuleIfDone(db: Db, userId: string, moduleId: string, now: Date): Promise<string | null> {
  const [, , rows] = await db.batch([
    enrolQuery(db, userId, moduleId, now),
    completeModuleQuery(db, userId, moduleId, now),
    moduleStateQuery(db, userId, moduleId),
  ]);
  return rows[0]?.completedAt ?? null;
}

/**
 * Marks a lesson complete; completing it again changes nothing (newlyCompleted false, the first
 * completion's time stays). moduleLessonsComplete: every published lesson of the module is now
 * complete (the certificate also needs the quiz). Sets the module's completed_at when that and the
 * quiz are done.
 */
export async function completeLesson(
  db: Db,
  userId: string,
  lesson: LessonRef,
  now: Date,
): Promise<{ newlyCompleted: boolean; moduleLessonsComplete: boolean }> {
  const at = now.toISOString();
  const [, , completed, , state] = await db.batch([
    enrolQuery(db, userId, lesson.moduleId, now),
    db.insert(learningLessonProgress).values({ userId, lessonId: lesson.id, moduleId: lesson.moduleId, startedAt: at, updatedAt: at }).onConflictDoNothing(),
    db
      .update(learningLessonProgress)
      .set({ completedAt: at, updatedAt: at })
      .where(and(eq(learningLessonProgress.userId, userId), eq(learningLessonProgress.lessonId, lesson.id), isNull(learningLessonProgress.completedAt)))
      .returning({ lessonId: learningLessonProgress.lessonId }),
    completeModuleQuery(db, userId, lesson.moduleId, now),
    moduleStateQuery(db, userId, lesson.moduleId),
  ]);
  return { newlyCompleted: completed.length > 0, moduleLessonsComplete: Boolean(state[0]?.lessonsComplete) };
}

/** A reading position as stored: a finite share of the page, 0–1 (anything else is clamped; not a number reads as 0). */
export function clampPosition(position: number): number {
  if (!Number.isFinite(position)) return 0;
  return Math.min(1, Math.max(0, position));
}

/** Saves the reading position (0–1) of a lesson, restored on any device. The latest save wins. */
export async function saveReadingPosition(db: Db, userId: string, lesson: LessonRef, position: number, now: Date): Promise<void> {
  const at = now.toISOString();
  const readingPosition = clampPosition(position);
  await db
    .insert(learningLessonProgress)
    .values({ userId, lessonId: lesson.id, moduleId: lesson.moduleId, startedAt: at, readingPosition, updatedAt: at })
    .onConflictDoUpdate({ target: [learningLessonProgress.userId, learningLessonProgress.lessonId], set: { readingPosition, updatedAt: at } });
}

/** Stores the knowledge check's latest result for a lesson (the player scores it on the server). */
export async function saveCheckResult(db: Db, userId: string, lesson: LessonRef, result: { correct: number; total: number }, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insert(learningLessonProgress)
    .values({ userId, lessonId: lesson.id, moduleId: lesson.moduleId, startedAt: at, checkCorrect: result.correct, checkTotal: result.total, updatedAt: at })
    .onConflictDoUpdate({
      target: [learningLessonProgress.userId, learningLessonProgress.lessonId],
      set: { checkCorrect: result.correct, checkTotal: result.total, updatedAt: at },
    });
}

/** A learner's progress in one module: completed lesson ids, reading positions, start, quiz passed. */
export type ModuleProgress = {
  startedAt: string | null;
  completedLessonIds: string[];
  readingPositions: Record<string, number>;
  quizPassed: boolean;
  bestQuiz: { correct: number; total: number } | null;
  certificateId: string | null;
  /** When the module was completed (every published lesson and the quiz), or null. */
  completedAt: string | null;
  /** The lesson visited last (for "Continue"), or null. */
  lastLessonId: string | null;
  /** Each lesson's knowledge check result, last answered. */
  checkResults: Record<string, { correct: number; total: number }>;
};

export async function loadModuleProgress(db: Db, userId: string, moduleId: string): Promise<ModuleProgress> {
  const [enrolments, lessons, attempts, certificates] = await db.batch([
    db
      .select({ startedAt: learningEnrolments.startedAt, completedAt: learningEnrolments.completedAt, lastLessonId: learningEnrolments.lastLessonId })
      .from(learningEnrolments)
      .where(and(eq(learningEnrolments.userId, userId), eq(learningEnrolments.moduleId, moduleId))),
    db
      .select({
        lessonId: learningLessonProgress.lessonId,
        completedAt: learningLessonProgress.completedAt,
        readingPosition: learningLessonProgress.readingPosition,
        checkCorrect: learningLessonProgress.checkCorrect,
        checkTotal: learningLessonProgress.checkTotal,
      })
      .from(learningLessonProgress)
      .where(and(eq(learningLessonProgress.userId, userId), eq(learningLessonProgress.moduleId, moduleId))),
    // The best attempt: most right answers as a share of the questions, passed first, then the latest.
    db
      .select({ correct: learningQuizAttempts.correct, total: learningQuizAttempts.total, passed: learningQuizAttempts.passed })
      .from(learningQuizAttempts)
      .where(and(eq(learningQuizAttempts.userId, userId), eq(learningQuizAttempts.moduleId, moduleId)))
      .orderBy(
        desc(learningQuizAttempts.passed),
        desc(sql`CAST(${learningQuizAttempts.correct} AS REAL) / MAX(${learningQuizAttempts.total}, 1)`),
        desc(learningQuizAttempts.createdAt),
      )
      .limit(1),
    db
      .select({ id: learningCertificates.id })
      .from(learningCertificates)
      .where(and(eq(learningCertificates.userId, userId), eq(learningCertificates.moduleId, moduleId))),
  ]);
  const enrolment = enrolments[0];
  const best = attempts[0];
  const readingPositions: Record<string, number> = {};
  const checkResults: Record<string, { correct: number; total: number }> = {};
  for (const row of lessons) {
    readingPositions[row.lessonId] = row.readingPosition;
    if (row.checkCorrect !== null && row.checkTotal !== null) checkResults[row.lessonId] = { correct: row.checkCorrect, total: row.checkTotal };
  }
  return {
    startedAt: enrolment?.startedAt ?? null,
    completedLessonIds: lessons.filter((row) => row.completedAt !== null).map((row) => row.lessonId),
    readingPositions,
    quizPassed: Boolean(best?.passed),
    bestQuiz: best ? { correct: best.correct, total: best.total } : null,
    certificateId: certificates[0]?.id ?? null,
    completedAt: enrolment?.completedAt ?? null,
    lastLessonId: enrolment?.lastLessonId ?? null,
    checkResults,
  };
}

/** The completed lesson rows of a learner across every module (the hub counts them per module). */
export function completedLessonCountsQuery(db: Db, userId: string) {
  return db
    .select({ moduleId: learningLessonProgress.moduleId, completed: sql<number>`count(*)` })
    .from(learningLessonProgress)
    .innerJoin(learningLessons, and(eq(learningLessons.id, learningLessonProgress.lessonId), eq(learningLessons.status, "published")))
    .where(and(eq(learningLessonProgress.userId, userId), isNotNull(learningLessonProgress.completedAt)))
    .groupBy(learningLessonProgress.moduleId);
}
