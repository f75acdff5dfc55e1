import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { overviewCsv } from "~/admin/overview";
import { overviewFigures } from "~/admin/overview.server";
import { parseAnchor, parsePeriodKey, periodFor } from "~/admin/periods";
import { requireRole } from "~/auth/guards.server";

// The overview's figures as a CSV download, for the same period as the page (?period=…&at=…): one row
// per figure with its value and its trend, money in dollars and cents.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const url = new URL(request.url);
  const now = new Date();
  const period = periodFor(parsePeriodKey(url.searchParams.get("period")), now, parseAnchor(url.searchParams.get("at"), now));
  const figures = await overviewFigures(context.db, period, now);
  return new Response(overviewCsv(figures, period), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="overview-${period.key}-${period.firstDay}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
