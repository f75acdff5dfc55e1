import type { AppLoadContext } from "@remix-run/cloudflare";
import { requireFound } from "~/auth/permissions.server";
import type { Viewer } from "~/auth/viewer";
import { DEFAULT_TIME_ZONE, formatDateTime } from "~/booking/time-zones";
import { renderMarkdown } from "~/content/markdown.server";
import { formatDate } from "~/utils/format";
import { loadModuleGates, moduleAccess } from "./access.server";
import { getPublishedModule, loadQuestions } from "./catalogue.server";
import { certificateUrl, issueCertificate } from "./certificates.server";
import { listQuizAttempts, summariseAttempts } from "./quiz.server";
import { LEARNING_TOPICS, LEVEL_LABELS } from "./types";

// /learning/module/{id}: everything the module's page shows, in one batch of reads. A locked module
// still shows what it contains and how to unlock it; an unknown or draft one is the 404.

export type UnlockPath = "subscribers" | "package";

export type ModuleLessonRow = {
  id: string;
  position: number;
  title: string;
  summary: string;
  estimatedMinutes: number;
  hasVideo: boolean;
  complete: boolean;
  assigned: boolean;
  /** open, locked (module rule) or scheduled (drip), with when it opens in the viewer's time zone. */
  gate: { state: "open" } | { state: "locked"; unlock: UnlockPath } | { state: "scheduled"; availableAt: string; opensLabel: string };
};

export async function loadModulePage(context: AppLoadContext, viewer: Viewer, moduleId: string | undefined) {
  const db = context.db;
  const found = requireFound(moduleId ? await getPublishedModule(db, moduleId) : null);
  const { module, lessons } = found;
  const now = context.services.clock.now();
  const [{ learner, progress, assigned, gates }, questions, attempts] = await Promise.all([
    loadModuleGates(context, viewer, found),
    loadQuestions(db, module.id, null),
    listQuizAttempts(db, viewer.id, module.id),
  ]);
  const access = moduleAccess(module, learner);
  const zone = viewer.timeZone ?? DEFAULT_TIME_ZONE;
  const completed = new Set(progress.completedLessonIds);
  const rows: ModuleLessonRow[] = lessons.map((lesson) => {
    const gate = gates.get(lesson.id) ?? { state: "open" };
    return {
      id: lesson.id,
      position: lesson.position,
      title: lesson.title,
      summary: lesson.summary,
      estimatedMinutes: lesson.estimatedMinutes,
      hasVideo: lesson.hasVideo,
      complete: completed.has(lesson.id),
      assigned: assigned.has(lesson.id),
      gate: gate.state === "scheduled" ? { ...gate, opensLabel: formatDateTime(gate.availableAt, zone) } : gate,
    };
  });
  const completeCount = rows.filter((row) => row.complete).length;
  const quiz = summariseAttempts(attempts);

  // The certificate is issued the first time the page sees it earned (the last lesson may have been
  // completed on the lesson page, after the quiz); issuing is idempotent.
  const issued = await issueCertificate(db, viewer.id, module.id, now);
  const certificate =
    issued.status === "issued"
      ? { id: issued.certificate.id, issuedOn: formatDate(issued.certificate.issuedAt), verifyUrl: certificateUrl(context.siteOrigin, issued.certificate.id) }
      : null;

  const nextLesson = rows.find((row) => !row.complete && row.gate.state === "open") ?? null;
  return {
    module: {
      id: module.id,
      title: module.title,
      summary: module.summary,
      overviewHtml: renderMarkdown(module.overviewMd).html,
      outcomes: module.outcomes,
      topic: LEARNING_TOPICS[module.topic] ?? module.topic,
      level: LEVEL_LABELS[module.level] ?? module.level,
      estimatedMinutes: module.estimatedMinutes,
      quizPassPercent: module.quizPassPercent,
    },
    locked: access.open ? null : { unlock: access.unlock },
    lessons: rows,
    progress: { complete: completeCount, total: rows.length, started: progress.startedAt !== null },
    nextLesson: nextLesson ? { id: nextLesson.id, title: nextLesson.title } : null,
    quiz: questions.length
      ? {
          questionCount: questions.length,
          passPercent: module.quizPassPercent,
          attempts: quiz.attempts,
          passed: quiz.passed,
          best: quiz.best,
          latest: quiz.latest
            ? { correct: quiz.latest.correct, total: quiz.latest.total, passed: quiz.latest.passed, on: formatDate(quiz.latest.createdAt) }
            : null,
        }
      : null,
    certificate,
    /** What the learner still needs for the certificate (when they have none yet). */
    certificateNeeds: certificate
      ? null
      : {
          lessons: rows.length - completeCount,
          quiz: questions.length > 0 && !quiz.passed,
          name: issued.status === "needs-name",
        },
  };
}

export type ModulePageData = Awaited<ReturnType<typeof loadModulePage>>;
