import type { AppLoadContext } from "@remix-run/cloudflare";
import { notFoundUnless } from "~/auth/permissions.server";
import type { Viewer } from "~/auth/viewer";
import { parseRange } from "~/platform/http-range";
import { loadModuleGates, type Learner, type LessonGate } from "./access.server";
import { getPublishedLesson, type LessonOutline, type PublishedLesson, type PublishedModule, type Question } from "./catalogue.server";
import type { ModuleProgress } from "./progress.server";

// One lesson for one learner: the lesson with its module and the module's lessons, the gate of each
// lesson (open, locked by the module's rule, scheduled by the drip) and the learner's progress. The
// lesson page and its files (video, captions, transcript, reading position) all start here, so they
// share one access rule.

export type LessonContext = {
  learner: Learner;
  module: PublishedModule;
  lesson: PublishedLesson;
  lessons: LessonOutline[];
  /** The gate of each of the module's lessons, by id (this lesson's included). */
  gates: Map<string, LessonGate>;
  gate: LessonGate;
  progress: ModuleProgress;
  now: Date;
};

/** The lesson for this viewer, or the 404 for an unknown or unpublished lesson (or module). */
export async function lessonForViewer(context: AppLoadContext, viewer: Viewer, lessonId: string): Promise<LessonContext> {
  const found = await getPublishedLesson(context.db, lessonId);
  notFoundUnless(found);
  const { module, lesson, lessons } = found;
  const { learner, progress, gates } = await loadModuleGates(context, viewer, found);
  const gate = gates.get(lesson.id) ?? { state: "open" };
  return { learner, module, lesson, lessons, gates, gate, progress, now: context.services.clock.now() };
}

/** The answer a lesson's file gives when the lesson isn't open to the viewer: what it would say on the page, as text. */
export function closedLessonResponse(gate: Exclude<LessonGate, { state: "open" }>): Response {
  const message =
    gate.state === "locked"
      ? gate.unlock === "subscribers"
        ? "This lesson is part of a module for ClarityAI subscribers."
        : "This lesson is part of a module for clients with a coaching package."
      : `This lesson opens on ${gate.availableAt.slice(0, 10)}.`;
  return new Response(message, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
}

const PRIVATE_FILE_HEADERS = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" } as const;

/** The lesson's video from the UPLOADS bucket, with Range requests for the player's seeking. */
export async function lessonVideoResponse(context: AppLoadContext, lesson: PublishedLesson, request: Request): Promise<Response> {
  notFoundUnless(lesson.videoKey);
  const storage = context.services.storage;
  const head = await storage.head(lesson.videoKey);
  notFoundUnless(head);
  const size = head.size;
  const range = parseRange(request.headers.get("Range"), size);
  const headers = new Headers({
    ...PRIVATE_FILE_HEADERS,
    "Content-Type": lesson.videoType ?? head.httpMetadata?.contentType ?? "video/mp4",
    "Accept-Ranges": "bytes",
  });
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${size}`);
    headers.set("Content-Type", "text/plain; charset=utf-8");
    return new Response(`The range asked for is outside the video (${size} bytes).`, { status: 416, headers });
  }
  const object = await storage.get(lesson.videoKey, range ? { range } : undefined);
  notFoundUnless(object);
  headers.set("ETag", object.httpEtag);
  const body = request.method === "HEAD" ? null : object.body;
  if (!range) {
    headers.set("Content-Length", String(size));
    return new Response(body, { status: 200, headers });
  }
  headers.set("Content-Length", String(range.length));
  headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${size}`);
  return new Response(body, { status: 206, headers });
}

/** The video's WebVTT captions from the UPLOADS bucket. */
export async function lessonCaptionsResponse(context: AppLoadContext, lesson: PublishedLesson): Promise<Response> {
  notFoundUnless(lesson.captionsKey);
  const object = await context.services.storage.get(lesson.captionsKey);
  notFoundUnless(object);
  return new Response(object.body, { headers: { ...PRIVATE_FILE_HEADERS, "Content-Type": "text/vtt; charset=utf-8" } });
}

/** The transcript as a plain-text download: the lesson's title, then the transcript as written. */
export function lessonTranscriptResponse(module: PublishedModule, lesson: PublishedLesson): Response {
  notFoundUnless(lesson.transcriptMd);
  const text = `${lesson.title}\n${module.title} · ClarityAI Coaching learning hub\n\n${lesson.transcriptMd.trim()}\n`;
  return new Response(text, {
    headers: {
      ...PRIVATE_FILE_HEADERS,
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${lesson.id}-transcript.txt"`,
    },
  });
}

// ── The knowledge check ──────────────────────────────────────────────────────────────────────

export type CheckFeedback = { questionId: string; chosen: number; correct: boolean; answerIndex: number; explanation: string };
export type CheckResult = { correct: number; total: number; feedback: CheckFeedback[] };

/** Scores the answers (form fields `q-<questionId>` = option index) on the server; every question must be answered. */
export function scoreCheck(questions: Question[], form: FormData): { ok: true; result: CheckResult } | { ok: false; missing: string[] } {
  const missing: string[] = [];
  const feedback: CheckFeedback[] = [];
  for (const question of questions) {
    const raw = form.get(`q-${question.id}`);
    const chosen = typeof raw === "string" && /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(chosen) || chosen >= question.options.length) {
      missing.push(question.id);
      continue;
    }
    feedback.push({
      questionId: question.id,
      chosen,
      correct: chosen === question.answerIndex,
      answerIndex: question.answerIndex,
      explanation: question.explanation,
    });
  }
  if (missing.length) return { ok: false, missing };
  return { ok: true, result: { correct: feedback.filter((f) => f.correct).length, total: questions.length, feedback } };
}
