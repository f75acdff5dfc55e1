import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/guards.server";
import { closedLessonResponse, lessonForViewer, lessonVideoResponse } from "~/learning/lesson.server";

// GET /learning/lesson/:lessonId/video: the lesson's video for whoever may open the lesson, with
// Range requests for the player's seeking.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const { lesson, gate } = await lessonForViewer(context, viewer, params.lessonId ?? "");
  if (gate.state !== "open") return closedLessonResponse(gate);
  return lessonVideoResponse(context, lesson, request);
}
