import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { auditCsv, parseAuditQuery } from "~/admin/audit-log.server";
import { requireRole } from "~/auth/guards.server";
import { DEFAULT_TIME_ZONE } from "~/booking/time-zones";
import { sydneyDay } from "~/utils/sydney-time";

// The audit log as a CSV download: every entry matching the same filters as /admin/audit (all
// pages, in the same order), one row per entry with its detail (the diff) as JSON.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const timeZone = viewer.timeZone ?? DEFAULT_TIME_ZONE;
  const parsed = parseAuditQuery(new URL(request.url), timeZone);
  if (!parsed.ok) {
    return new Response(
      `The audit log can't be downloaded with those filters:\n${Object.values(parsed.errors)
        .map((error) => `- ${error}`)
        .join("\n")}\n`,
      { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } },
    );
  }
  return new Response(auditCsv(context.db, parsed.query), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-log-${sydneyDay(new Date())}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
