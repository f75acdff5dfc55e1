import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listConversations } from "~/ai-coach/chat.server";
import { chatJson, chatRoute } from "~/ai-coach/http.server";

// GET /ai-coach/conversations: the viewer's conversations, most recent first.
export async function loader({ request, context }: LoaderFunctionArgs) {
  return chatRoute(request, context, async (viewer) => chatJson({ conversations: await listConversations(context, viewer.id) }));
}
