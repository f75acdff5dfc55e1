import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { stopReply } from "~/ai-coach/chat.server";
import { chatAction } from "~/ai-coach/http.server";

// POST /ai-coach/conversations/:id/stop: ends the reply being written, keeping what it said (status "stopped").
export async function action({ request, context, params }: ActionFunctionArgs) {
  return chatAction(request, context, async (viewer) => {
    await stopReply(context, viewer.id, params.id ?? "");
    return new Response(null, { status: 204 });
  });
}
