import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { exportConversationMarkdown } from "~/ai-coach/chat.server";
import { exportZone } from "~/ai-coach/export-markdown";
import { chatRoute } from "~/ai-coach/http.server";

// GET /ai-coach/conversations/:id/export.md[?tz=Australia/Perth]: the conversation as a Markdown
// download, its dates on the reader's clock (the zone their browser sends; Sydney time otherwise)
// and its links to this site absolute.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return chatRoute(request, context, async (viewer) => {
    const zone = exportZone(new URL(request.url).searchParams.get("tz"));
    const origin = new URL(context.env.PUBLIC_SITE_URL).origin;
    const { filename, markdown } = await exportConversationMarkdown(context, viewer.id, params.id ?? "", { zone, origin });
    return new Response(markdown, {
      headers: {
        "Content-Type": "text/markdown; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "private, no-store",
      },
    });
  });
}
