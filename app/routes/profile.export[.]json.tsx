import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { collectUserData } from "~/accounts/data-export.server";
import { requireUser } from "~/auth/guards.server";

// "Download all my data": every row the signed-in user owns, as a JSON attachment.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const exported = await collectUserData(context, viewer.id);
  if (!exported) throw new Response("Not found", { status: 404 });
  const date = exported.exportedAt.slice(0, 10);
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="clarityai-coaching-my-data-${date}.json"`,
      // Personal data: never kept by a shared cache or the browser's back/forward cache.
      "Cache-Control": "private, no-store",
    },
  });
}
