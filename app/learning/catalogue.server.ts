import { and, asc, count, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { learningLessons, learningModules, learningQuestions } from "~/db/schema";
import type { LearningTopic, WorksheetSpec } from "./types";

// The one read path of the curriculum: published modules and lessons only. Drafts and unknown ids
// read as null (the routes answer with the not-found page).

export type PublishedModule = Omit<typeof learningModules.$inferSelect, "outcomes" | "topic" | "status" | "createdAt" | "updatedAt"> & {
  outcomes: string[];
  topic: LearningTopic;
  lessonCount: number;
};

export type LessonOutline = {
  id: string;
  moduleId: string;
  position: number;
  title: string;
  summary: string;
  estimatedMinutes: number;
  releaseAfterDays: number | null;
  hasVideo: boolean;
};

export type PublishedLesson = Omit<typeof learningLessons.$inferSelect, "worksheet" | "status" | "createdAt" | "updatedAt"> & {
  worksheet: WorksheetSpec | null;
};

export type Question = { id: string; position: number; prompt: string; options: string[]; answerIndex: number; explanation: string };

/** A JSON column written by our own code; unreadable text reads as the fallback. */
function readJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const moduleColumns = {
  id: learningModules.id,
  title: learningModules.title,
  summary: learningModules.summary,
  overviewMd: learningModules.overviewMd,
  outcomes: learningModules.outcomes,
  topic: learningModules.topic,
  level: learningModules.level,
  estimatedMinutes: learningModules.estimatedMinutes,
  access: learningModules.access,
  quizPassPercent: learningModules.quizPassPercent,
  position: learningModules.position,
  publishedAt: learningModules.publishedAt,
};

const outlineColumns = {
  id: learningLessons.id,
  moduleId: learningLessons.moduleId,
  position: learningLessons.position,
  title: learningLessons.title,
  summary: learningLessons.summary,
  estimatedMinutes: learningLessons.estimatedMinutes,
  releaseAfterDays: learningLessons.releaseAfterDays,
  videoKey: learningLessons.videoKey,
};

type ModuleSelect = Omit<PublishedModule, "outcomes" | "topic" | "lessonCount"> & { outcomes: string; topic: string };

function toModule(row: ModuleSelect, lessonCount: number): PublishedModule {
  return { ...row, outcomes: readJson<string[]>(row.outcomes, []), topic: row.topic as LearningTopic, lessonCount };
}

function toOutline({ videoKey, ...row }: { videoKey: string | null } & Omit<LessonOutline, "hasVideo">): LessonOutline {
  return { ...row, hasVideo: videoKey !== null };
}

const published = (status: typeof learningModules.status | typeof learningLessons.status) => eq(status, "published");

/** The query of listPublishedModules, for a page that reads it in one batch with others (read its rows with toPublishedModules). */
export function publishedModulesQuery(db: Db) {
  return db
    .select({ ...moduleColumns, lessonCount: count(learningLessons.id) })
    .from(learningModules)
    .leftJoin(learningLessons, and(eq(learningLessons.moduleId, learningModules.id), published(learningLessons.status)))
    .where(published(learningModules.status))
    .groupBy(learningModules.id)
    .orderBy(asc(learningModules.position));
}

export function toPublishedModules(rows: Awaited<ReturnType<typeof publishedModulesQuery>>): PublishedModule[] {
  return rows.map(({ lessonCount, ...row }) => toModule(row, lessonCount));
}

/** Every published module in the hub's order, with its count of published lessons. */
export async function listPublishedModules(db: Db): Promise<PublishedModule[]> {
  return toPublishedModules(await publishedModulesQuery(db));
}

/** A published module with its published lessons in order, or null. */
export async function getPublishedModule(db: Db, moduleId: string): Promise<{ module: PublishedModule; lessons: LessonOutline[] } | null> {
  const [modules, lessons] = await db.batch([
    db
      .select(moduleColumns)
      .from(learningModules)
      .where(and(eq(learningModules.id, moduleId), published(learningModules.status))),
    db
      .select(outlineColumns)
      .from(learningLessons)
      .where(and(eq(learningLessons.moduleId, moduleId), published(learningLessons.status)))
      .orderBy(asc(learningLessons.position)),
  ]);
  const row = modules[0];
  if (!row) return null;
  return { module: toModule(row, lessons.length), lessons: lessons.map(toOutline) };
}

/** A published lesson of a published module, with the module and its lessons in order, or null. */
export async function getPublishedLesson(
  db: Db,
  lessonId: string,
): Promise<{ module: PublishedModule; lesson: PublishedLesson; lessons: LessonOutline[] } | null> {
  const [lesson] = await db
    .select()
    .from(learningLessons)
    .where(and(eq(learningLessons.id, lessonId), published(learningLessons.status)));
  if (!lesson) return null;
  const found = await getPublishedModule(db, lesson.moduleId);
  if (!found) return null;
  const { worksheet, status: _status, createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = lesson;
  return { ...found, lesson: { ...rest, worksheet: readJson<WorksheetSpec | null>(worksheet, null) } };
}

/** A lesson's knowledge check (lessonId) or the module's quiz (lessonId null), in order. */
export async function loadQuestions(db: Db, moduleId: string, lessonId: string | null): Promise<Question[]> {
  const rows = await db
    .select()
    .from(learningQuestions)
    .where(and(eq(learningQuestions.moduleId, moduleId), lessonId === null ? isNull(learningQuestions.lessonId) : eq(learningQuestions.lessonId, lessonId)))
    .orderBy(asc(learningQuestions.position));
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    prompt: row.prompt,
    options: readJson<string[]>(row.options, []),
    answerIndex: row.answerIndex,
    explanation: row.explanation,
  }));
}
