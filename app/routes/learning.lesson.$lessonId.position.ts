import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import * as z from "zod";
import { requireUser } from "~/auth/guards.server";
import { closedLessonResponse, lessonForViewer } from "~/learning/lesson.server";
import { saveReadingPosition } from "~/learning/progress.server";

const PositionSchema = z.object({
  position: z
    .string()
    .regex(/^(\d+(\.\d*)?|\.\d+)$/)
    .transform(Number)
    .pipe(z.number().min(0).max(1)),
});

// POST /learning/lesson/:lessonId/position (position=0…1): the reading position, saved as the
// learner reads (the page sends it now and then, and as it is left) and restored on any device.
export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const { module, lesson, gate, now } = await lessonForViewer(context, viewer, params.lessonId ?? "");
  if (gate.state !== "open") return closedLessonResponse(gate);
  const parsed = PositionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    return new Response("Send position, a number from 0 to 1.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  await saveReadingPosition(context.db, viewer.id, { id: lesson.id, moduleId: module.id }, parsed.data.position, now);
  return new Response(null, { status: 204 });
}
