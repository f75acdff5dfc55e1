import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ChatError } from "~/ai-coach/chat.server";
import { requireUser } from "~/auth/guards.server";
import { askAboutLesson } from "~/learning/ask.server";
import { redirectWithToast } from "~/platform/toast.server";

// POST /learning/lesson/{id}/ask: "Ask ClarityAI about this lesson". Starts a conversation with the
// AI coach quoting the lesson (and the learner's worksheet answers if they ticked the box) and opens
// it in the AI assistant. Every outcome is a redirect with a toast, so the form works without
// JavaScript; unknown or draft lessons are the 404. A GET goes back to the lesson.

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return redirect(`/learning/lesson/${encodeURIComponent(params.lessonId ?? "")}`);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const lessonId = params.lessonId ?? "";
  const lessonPath = `/learning/lesson/${encodeURIComponent(lessonId)}`;
  const form = await request.formData();
  const includeAnswers = form.get("includeAnswers") === "on";
  const secret = context.env.SESSION_SECRET;
  try {
    const result = await askAboutLesson(context, viewer, lessonId, includeAnswers);
    if ("conversationId" in result) {
      return redirectWithToast(
        `/profile?tab=ai-assistant&c=${result.conversationId}`,
        { title: "Your lesson is in a new conversation with ClarityAI", variant: "success" },
        secret,
      );
    }
    const title =
      result.refused === "locked"
        ? "This lesson isn't open to you yet, so ClarityAI can't start from it."
        : "Save your worksheet answers first, or ask without them.";
    return redirectWithToast(lessonPath, { title, variant: "destructive" }, secret);
  } catch (error) {
    if (error instanceof ChatError && error.status === 402) {
      return redirectWithToast("/services/clarityai#plans", { title: "Asking ClarityAI about a lesson is part of a ClarityAI plan" }, secret);
    }
    if (error instanceof ChatError && error.status < 500) return redirectWithToast(lessonPath, { title: error.message, variant: "destructive" }, secret);
    throw error;
  }
}
