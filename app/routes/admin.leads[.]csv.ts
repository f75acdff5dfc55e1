import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireRole } from "~/auth/guards.server";
import { parseLeadQuery } from "~/leads/admin";
import { leadsCsv } from "~/leads/admin.server";
import { sydneyDay } from "~/utils/sydney-time";

// The lead list as a CSV download: every lead matching the same search and filters as
// /admin/leads (all pages), one row per lead.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const parsed = parseLeadQuery(new URL(request.url).searchParams);
  if (!parsed.ok) {
    return new Response(
      `The leads can't be downloaded with those filters:\n${Object.values(parsed.errors)
        .map((error) => `- ${error}`)
        .join("\n")}\n`,
      {
        status: 400,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
      },
    );
  }
  return new Response(leadsCsv(context.db, parsed.query), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${sydneyDay(new Date())}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
