import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireRole } from "~/auth/guards.server";
import { notFoundResponse } from "~/auth/permissions.server";
import { applicationCv } from "~/coach-network/applications.server";

// An application's CV, for admins only: downloaded (never shown inline, so a crafted file cannot
// run in the site's origin), with the type read from its bytes when it was uploaded.

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const cv = await applicationCv(context, params.id ?? "");
  if (!cv) throw notFoundResponse();
  const filename = cv.name.replace(/[^\w.\- ]/g, "_");
  return new Response(cv.object.body, {
    headers: {
      "Content-Type": cv.type,
      "Content-Length": String(cv.object.size),
      "Content-Disposition": `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(cv.name)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
