import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/guards.server";
import { parseWorksheetForm } from "~/learning/worksheets/answers";
import { requireWorksheetLesson } from "~/learning/worksheets/lesson.server";
import { saveWorksheetAnswers, shareWorksheet } from "~/learning/worksheets/store.server";
import { redirectWithToast } from "~/platform/toast.server";

// /learning/lesson/{id}/worksheet: saves the learner's answers to the lesson's worksheet (intent
// "save") and shares the saved answers with one of their coaches (intent "share"). The panel posts
// with fetch and reads JSON (field errors beside their inputs); without JavaScript the form posts
// here and comes back to the lesson with a message.

const lessonPath = (lessonId: string) => `/learning/lesson/${encodeURIComponent(lessonId)}`;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return redirect(`${lessonPath(params.lessonId ?? "")}#worksheet`);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const lessonId = params.lessonId ?? "";
  const { spec } = await requireWorksheetLesson(context, viewer, lessonId);
  const wantsJson = (request.headers.get("Accept") ?? "").includes("application/json");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return Response.json({ ok: false, message: "We couldn't read that form. Please try again." }, { status: 400 });
  }
  const now = context.services.clock.now();
  const back = `${lessonPath(lessonId)}#worksheet`;
  const secret = context.env.SESSION_SECRET;
  const intent = form.get("intent");

  if (intent === "share") {
    // No coach named: each of the learner's coaches (usually there is one).
    const coachId = String(form.get("coachId") ?? "").trim() || null;
    const result = await shareWorksheet(context.db, { userId: viewer.id, coachId, lessonId, spec, now });
    if (!result.ok) {
      const message =
        result.reason === "no-answers" ? "Save your worksheet first, then share it." : "You can share your worksheet with a coach you've had a session with.";
      return wantsJson ? Response.json({ ok: false, message }, { status: 400 }) : redirectWithToast(back, { title: message, variant: "destructive" }, secret);
    }
    const names = result.coaches.map((coach) => coach.name).join(" and ");
    const message = `Shared with ${names}. They'll see this version; share again after changes to update it.`;
    return wantsJson
      ? Response.json({ ok: true, message, sharedAt: now.toISOString() })
      : redirectWithToast(back, { title: message, variant: "success" }, secret);
  }

  if (intent !== "save") return Response.json({ ok: false, message: "Unknown request." }, { status: 400 });
  const parsed = parseWorksheetForm(spec, form);
  if (!parsed.ok) {
    const count = Object.keys(parsed.errors).length;
    const message = count === 1 ? "One answer needs a fix before we can save." : `${count} answers need a fix before we can save.`;
    return wantsJson
      ? Response.json({ ok: false, message, errors: parsed.errors }, { status: 400 })
      : redirectWithToast(back, { title: message, description: Object.values(parsed.errors)[0], variant: "destructive" }, secret);
  }
  await saveWorksheetAnswers(context.db, viewer.id, lessonId, spec.kind, parsed.answers, now);
  return wantsJson
    ? Response.json({ ok: true, message: "Saved.", savedAt: now.toISOString(), answers: parsed.answers })
    : redirectWithToast(back, { title: "Your worksheet is saved", variant: "success" }, secret);
}
