import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { escalateConversation } from "~/ai-coach/chat.server";
import { chatAction, chatJson } from "~/ai-coach/http.server";

// POST /ai-coach/conversations/:id/escalate { messageId? }: "Ask an expert" (ClarityAI Pro).
export async function action({ request, context, params }: ActionFunctionArgs) {
  return chatAction(request, context, async (viewer, body) =>
    chatJson(await escalateConversation(context, viewer.id, params.id ?? "", body, viewer.aiSubscription)),
  );
}
