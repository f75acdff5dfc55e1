import type { AppLoadContext } from "@remix-run/cloudflare";
import { notFoundResponse } from "~/auth/permissions.server";
import type { Viewer } from "~/auth/viewer";
import type { Db } from "~/db/client.server";
import { lessonForViewer } from "../lesson.server";
import type { WorksheetSpec } from "../types";
import type { WorksheetAnswers } from "./stored";
import { listLearnerCoaches, listShares, loadWorksheetAnswers, type LearnerCoach } from "./store.server";

// The worksheet routes' guard: the lesson must be published, have a worksheet, and be open to the
// viewer by the same rules as the lesson page (its module's access rule, the drip, a coach's
// assignment). Unknown, draft or worksheet-less lessons are the 404; a locked or scheduled lesson's
// worksheet is 403 (its page says how to unlock it).

export async function requireWorksheetLesson(context: AppLoadContext, viewer: Viewer, lessonId: string) {
  const { module, lesson, gate } = await lessonForViewer(context, viewer, lessonId);
  const spec = lesson.worksheet;
  if (!spec) throw notFoundResponse();
  if (gate.state !== "open")
    throw new Response("This lesson's worksheet opens with the lesson.", { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return { module, lesson, spec };
}

export type WorksheetPanelData = {
  answers: WorksheetAnswers | null;
  savedAt: string | null;
  canShareWithCoach: boolean;
  coaches: (LearnerCoach & { sharedAt: string | null })[];
};

/** What the lesson page hands to <WorksheetPanel>: the saved answers and who the learner may share with. */
export async function loadWorksheetPanelData(db: Db, userId: string, lessonId: string, spec: WorksheetSpec, now: Date): Promise<WorksheetPanelData> {
  const [saved, coaches, shares] = await Promise.all([
    loadWorksheetAnswers(db, userId, lessonId, spec),
    listLearnerCoaches(db, userId, now),
    listShares(db, userId, lessonId),
  ]);
  return {
    answers: saved?.answers ?? null,
    savedAt: saved?.updatedAt ?? null,
    canShareWithCoach: coaches.length > 0,
    coaches: coaches.map((coach) => ({ ...coach, sharedAt: shares.find((share) => share.coachId === coach.id)?.sharedAt ?? null })),
  };
}
