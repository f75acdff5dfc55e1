import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseReportQuery } from "~/attribution/report";
import { conversionsCsv } from "~/attribution/report.server";
import { requireRole } from "~/auth/guards.server";
import { sydneyDay } from "~/utils/sydney-time";

// The marketing report's conversions as a CSV download, one row per conversion in the range (and
// type), with the same query parameters as /admin/marketing. Streamed, a group of days at a time.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const parsed = parseReportQuery(new URL(request.url).searchParams, sydneyDay(new Date()));
  if (!parsed.ok) {
    return new Response(`The conversions can't be downloaded for that range:\n${parsed.errors.map((error) => `- ${error}`).join("\n")}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const { from, to } = parsed.query;
  const body = await conversionsCsv(context.cloudflare.env.DB, parsed.query);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="marketing-conversions-${from}-to-${to}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
