import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { sendChatMessage } from "~/ai-coach/chat.server";
import { chatAction } from "~/ai-coach/http.server";

// POST /ai-coach/chat { message, conversationId, clientMessageId } → the reply as server-sent events.
export async function action({ request, context }: ActionFunctionArgs) {
  return chatAction(request, context, async (viewer, body) => (await sendChatMessage(context, viewer.id, body, viewer.aiSubscription)).response);
}
