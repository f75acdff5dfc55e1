import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { aiCoachStatus } from "~/ai-coach/chat.server";
import { chatJson, chatRoute } from "~/ai-coach/http.server";

// GET /ai-coach/status: the viewer's plan, today's usage meter and (Pro) this month's expert reviews.
export async function loader({ request, context }: LoaderFunctionArgs) {
  return chatRoute(request, context, async (viewer) => chatJson(await aiCoachStatus(context, viewer.id, viewer.aiSubscription)));
}
