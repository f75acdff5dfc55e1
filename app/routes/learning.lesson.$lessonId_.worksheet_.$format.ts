import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { notFoundResponse } from "~/auth/permissions.server";
import { requireUser } from "~/auth/guards.server";
import { blankAnswers } from "~/learning/worksheets/stored";
import { isWorksheetFormat, worksheetDownload } from "~/learning/worksheets/exports.server";
import { requireWorksheetLesson } from "~/learning/worksheets/lesson.server";
import { loadWorksheetAnswers } from "~/learning/worksheets/store.server";

// /learning/lesson/{id}/worksheet/{xlsx|csv|pdf|txt}: the learner's own worksheet as a file, from
// their saved answers (a blank worksheet before the first save). Formats the kind doesn't export: 404.

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const { spec } = await requireWorksheetLesson(context, viewer, params.lessonId ?? "");
  const format = params.format ?? "";
  if (!isWorksheetFormat(spec.kind, format)) throw notFoundResponse();
  const saved = await loadWorksheetAnswers(context.db, viewer.id, params.lessonId ?? "", spec);
  return worksheetDownload(spec, saved?.answers ?? blankAnswers(spec), format, context.services.clock.now());
}
