import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/guards.server";
import { closedLessonResponse, lessonForViewer, lessonTranscriptResponse } from "~/learning/lesson.server";

// GET /learning/lesson/:lessonId/transcript.txt: the video's transcript as a plain-text download.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const { module, lesson, gate } = await lessonForViewer(context, viewer, params.lessonId ?? "");
  if (gate.state !== "open") return closedLessonResponse(gate);
  return lessonTranscriptResponse(module, lesson);
}
