import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Viewer } from "~/auth/viewer";
import type { Db } from "~/db/client.server";
import { learningEnrolments, learningLessons, learningQuestions, learningQuizAttempts } from "~/db/schema";
import { learnerOf, moduleAccess, packagePurchaseQuery, type ModuleAccess } from "./access.server";
import { listAssignmentsForClient, type AssignedLesson } from "./assignments.server";
import { publishedModulesQuery, toPublishedModules, type PublishedModule } from "./catalogue.server";
import { completedLessonCountsQuery } from "./progress.server";
import { LEARNING_TOPICS, type LearningLevel, type LearningTopic } from "./types";
import { MODULE_STATUSES, type ModuleStatus } from "./ui/labels";

// The learning hub (/learning): every published module with the learner's progress and lock state,
// "Continue where you left off", the lessons their coach assigned, and the filters (topic and
// status) read from the query string. Two round trips to D1, side by side, whatever the number of
// modules: one batch (the catalogue, the learner's progress and package) and the assignments.

export type HubFilters = { topic: LearningTopic | null; status: ModuleStatus | null };

export type HubModule = {
  id: string;
  title: string;
  summary: string;
  topic: LearningTopic;
  level: LearningLevel;
  estimatedMinutes: number;
  access: PublishedModule["access"];
  lessonCount: number;
  completedCount: number;
  status: ModuleStatus;
  lock: ModuleAccess;
};

export type ContinueLesson = {
  lessonId: string;
  lessonTitle: string;
  moduleId: string;
  moduleTitle: string;
  completedCount: number;
  lessonCount: number;
  status: ModuleStatus;
};

export type LearningHub = {
  filters: HubFilters;
  /** The modules the filters let through, in the hub's order. */
  modules: HubModule[];
  /** How many published modules there are before filtering. */
  totalModules: number;
  continueLesson: ContinueLesson | null;
  assignments: AssignedLesson[];
};

/** The filters of the query string; anything unknown reads as "any" (never an error). */
export function readHubFilters(searchParams: URLSearchParams): HubFilters {
  const topic = searchParams.get("topic");
  const status = searchParams.get("status");
  return {
    topic: topic !== null && Object.hasOwn(LEARNING_TOPICS, topic) ? (topic as LearningTopic) : null,
    status: status !== null && Object.hasOwn(MODULE_STATUSES, status) ? (status as ModuleStatus) : null,
  };
}

/** The page's reads in one batch (one round trip to D1): the catalogue, and the learner's progress and package. */
function hubBatch(db: Db, userId: string) {
  return db.batch([
    publishedModulesQuery(db),
    // The learner's modules, the most recently visited first, each with its last lesson if still published.
    db
      .select({
        moduleId: learningEnrolments.moduleId,
        completedAt: learningEnrolments.completedAt,
        lastLessonId: learningLessons.id,
        lastLessonTitle: learningLessons.title,
      })
      .from(learningEnrolments)
      .leftJoin(learningLessons, and(eq(learningLessons.id, learningEnrolments.lastLessonId), eq(learningLessons.status, "published")))
      .where(eq(learningEnrolments.userId, userId))
      .orderBy(desc(learningEnrolments.lastVisitedAt)),
    completedLessonCountsQuery(db, userId),
    db
      .selectDistinct({ moduleId: learningQuizAttempts.moduleId })
      .from(learningQuizAttempts)
      .where(and(eq(learningQuizAttempts.userId, userId), eq(learningQuizAttempts.passed, true))),
    db.selectDistinct({ moduleId: learningQuestions.moduleId }).from(learningQuestions).where(isNull(learningQuestions.lessonId)),
    packagePurchaseQuery(db, userId),
  ]);
}

export async function loadLearningHub(context: AppLoadContext, viewer: Viewer, searchParams: URLSearchParams): Promise<LearningHub> {
  const now = context.services.clock.now();
  // The assignments' query reads two columns named "title", which a D1 batch's rows cannot tell apart: it goes alongside.
  const [[moduleRows, enrolments, completedCounts, passedQuizzes, quizModules, purchases], assignments] = await Promise.all([
    hubBatch(context.db, viewer.id),
    listAssignmentsForClient(context.db, viewer.id),
  ]);
  const published = toPublishedModules(moduleRows);
  const learner = learnerOf(viewer, purchases.length > 0, context.env.BILLING_GRACE_DAYS, now);
  const enrolled = new Map(enrolments.map((row) => [row.moduleId, row]));
  const completed = new Map(completedCounts.map((row) => [row.moduleId, Number(row.completed)]));
  const passed = new Set(passedQuizzes.map((row) => row.moduleId));
  const withQuiz = new Set(quizModules.map((row) => row.moduleId));

  const all = published.map((module): HubModule => {
    const completedCount = Math.min(completed.get(module.id) ?? 0, module.lessonCount);
    const enrolment = enrolled.get(module.id);
    const finished =
      Boolean(enrolment?.completedAt) ||
      (module.lessonCount > 0 && completedCount === module.lessonCount && (passed.has(module.id) || !withQuiz.has(module.id)));
    const status: ModuleStatus = finished ? "done" : enrolment || completedCount > 0 ? "in-progress" : "not-started";
    return {
      id: module.id,
      title: module.title,
      summary: module.summary,
      topic: module.topic,
      level: module.level,
      estimatedMinutes: module.estimatedMinutes,
      access: module.access,
      lessonCount: module.lessonCount,
      completedCount,
      status,
      lock: moduleAccess(module, learner),
    };
  });

  const byId = new Map(all.map((module) => [module.id, module]));
  const latest = enrolments.find((row) => row.lastLessonId !== null && byId.has(row.moduleId));
  const latestModule = latest ? byId.get(latest.moduleId)! : null;
  const continueLesson =
    latest && latestModule
      ? {
          lessonId: latest.lastLessonId!,
          lessonTitle: latest.lastLessonTitle!,
          moduleId: latestModule.id,
          moduleTitle: latestModule.title,
          completedCount: latestModule.completedCount,
          lessonCount: latestModule.lessonCount,
          status: latestModule.status,
        }
      : null;

  const filters = readHubFilters(searchParams);
  const modules = all.filter((module) => (!filters.topic || module.topic === filters.topic) && (!filters.status || module.status === filters.status));
  // What is left to do first (in the assignments' own order: due soonest), then what is done.
  const todo = [...assignments.filter((assignment) => !assignment.completedAt), ...assignments.filter((assignment) => assignment.completedAt)];
  return { filters, modules, totalModules: all.length, continueLesson, assignments: todo };
}
