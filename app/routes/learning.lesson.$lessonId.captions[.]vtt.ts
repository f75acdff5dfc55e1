import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/guards.server";
import { closedLessonResponse, lessonCaptionsResponse, lessonForViewer } from "~/learning/lesson.server";

// GET /learning/lesson/:lessonId/captions.vtt: the video's WebVTT captions (the player's <track>).
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const { lesson, gate } = await lessonForViewer(context, viewer, params.lessonId ?? "");
  if (gate.state !== "open") return closedLessonResponse(gate);
  return lessonCaptionsResponse(context, lesson);
}
