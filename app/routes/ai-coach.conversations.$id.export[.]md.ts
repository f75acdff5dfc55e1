import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { exportConversationMarkdown } from "~/ai-coach/chat.server";
import { chatRoute } from "~/ai-coach/http.server";

// GET /ai-coach/conversations/:id/export.md: the conversation as a Markdown download.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return chatRoute(request, context, async (viewer) => {
    const { filename, markdown } = await exportConversationMarkdown(context, viewer.id, params.id ?? "");
    return new Response(markdown, {
      headers: {
        "Content-Type": "text/markdown; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "private, no-store",
      },
    });
  });
}
