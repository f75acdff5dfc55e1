import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { openConversationStream } from "~/ai-coach/chat.server";
import { chatRoute } from "~/ai-coach/http.server";

// GET /ai-coach/conversations/:id/stream: the snapshot (with a reply still being written), then its live deltas until done.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return chatRoute(request, context, async (viewer) => openConversationStream(context, viewer.id, params.id ?? ""));
}
