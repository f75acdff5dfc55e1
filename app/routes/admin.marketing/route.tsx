import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import {
  CONVERSION_TYPE_LABELS,
  formatAudCents,
  formatCount,
  formatDay,
  formatRate,
  MAX_RANGE_MONTHS,
  parseReportQuery,
  rangePresets,
  reportSearch,
  sortSourceRows,
  TOP_ROWS,
  isOtherSources,
} from "~/attribution/report";
import { loadMarketingReport } from "~/attribution/report.server";
import { RECORDED_CONVERSION_TYPES, type ForwardStatus } from "~/attribution/types";
import { requireRole } from "~/auth/guards.server";
import { MarketingChart } from "~/components/marketing-chart";
import { SectionErrorBoundary } from "~/components/section-error-boundary";
import { FormError } from "~/components/ui/form-error";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { sydneyDay } from "~/utils/sydney-time";
import { Funnel } from "./funnel";
import { ReportFilters } from "./report-filters";
import { MODEL_LABELS, type ReportPage } from "./report-page";
import { SourceTable } from "./source-table";

// The marketing report (/admin/marketing): where visitors came from and what they went on to do,
// by Sydney day, for a range, an attribution model and a conversion type.

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const url = new URL(request.url);
  const today = sydneyDay(new Date());
  const presets = rangePresets(today);
  const parsed = parseReportQuery(url.searchParams, today);
  if (!parsed.ok) return data<ReportPage>({ ok: false, presets, form: parsed.input, errors: parsed.errors }, { status: 400 });
  const { query } = parsed;
  // The report's one D1 batch, timed for the admin's browser tools and the bench (Server-Timing).
  const started = Date.now();
  const report = await loadMarketingReport(context.cloudflare.env.DB, query);
  const queryMs = Date.now() - started;
  const sorted = sortSourceRows(report.sources, query.sort);
  return data<ReportPage>(
    {
      ok: true,
      presets,
      form: { from: query.from, to: query.to, model: query.model, type: query.type, sort: query.sort },
      query,
      totals: report.totals,
      rows: query.showAll ? sorted : sorted.slice(0, TOP_ROWS),
      rowCount: sorted.length,
      otherPageViews: sorted.filter(isOtherSources).reduce((sum, row) => sum + row.pageViews, 0),
      days: report.days,
      forwarding: report.forwarding,
      byType: report.byType,
    },
    { headers: { "Server-Timing": `report;dur=${queryMs};desc="Report queries"` } },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

const FORWARDING: { label: string; hint: string; statuses: ForwardStatus[] }[] = [
  { label: "Forwarded", hint: "Sent to every configured destination, or to some of them.", statuses: ["forwarded", "partly_forwarded"] },
  { label: "Waiting to be sent", hint: "Queued; sent within a few minutes.", statuses: ["pending"] },
  { label: "Not forwarded", hint: "No ad platform was configured when it happened.", statuses: ["not_forwarded"] },
  { label: "Withheld for Global Privacy Control", hint: "The visitor's browser asked not to share their data.", statuses: ["withheld_gpc"] },
  { label: "Failed", hint: "Every attempt was refused: see the failed jobs.", statuses: ["failed"] },
];

export default function AdminMarketing() {
  const page = useLoaderData<typeof loader>();
  const csvSearch = page.ok ? reportSearch({ from: page.query.from, to: page.query.to, model: "last", type: page.query.type }) : "";
  return (
    <section aria-labelledby="marketing-heading" className="marketing-report">
      <h2 id="marketing-heading">Marketing</h2>
      <p className="hint">
        Where visitors came from and what they went on to do, by Sydney day. Revenue is the value of completed payments in AUD, GST included. Ranges of up to{" "}
        {MAX_RANGE_MONTHS} months.
      </p>
      <ReportFilters form={page.form} presets={page.presets} />
      {!page.ok ? (
        <div className="marketing-errors">
          <FormError message="The report can't be shown for that range." />
          <ul>
            {page.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      ) : (
        <>
          <h3 className="marketing-range">
            {formatDay(page.query.from)} to {formatDay(page.query.to)} · {MODEL_LABELS[page.query.model]}
            {page.query.type ? ` · ${CONVERSION_TYPE_LABELS[page.query.type]}` : ""}
          </h3>
          <ul className="admin-stats marketing-stats" aria-label="Summary">
            <li className="card">
              <strong>{formatCount(page.totals.pageViews)}</strong> page views
            </li>
            <li className="card">
              <strong>{formatCount(page.totals.inquiries)}</strong> inquiries
            </li>
            <li className="card">
              <strong>{formatCount(page.totals.checkouts)}</strong> checkouts
            </li>
            <li className="card">
              <strong>{formatCount(page.totals.payments)}</strong> payments
            </li>
            <li className="card">
              <strong>{formatAudCents(page.totals.revenueCents)}</strong> revenue
              <br />
              <span className="hint">AUD, GST included</span>
            </li>
            <li className="card">
              <strong>{formatRate(page.totals.inquiries, page.totals.pageViews)}</strong> conversion rate
              <br />
              <span className="hint">Page views to inquiries</span>
            </li>
          </ul>
          <p>
            <a href={`/admin/marketing.csv${csvSearch}`} download>
              Download these conversions (CSV)
            </a>
          </p>
          <Funnel totals={page.totals} />
          <SourceTable page={page} />
          <section aria-labelledby="marketing-days-heading">
            <h3 id="marketing-days-heading">Per day</h3>
            <MarketingChart days={page.days} />
          </section>
          <div className="marketing-columns">
            <section aria-labelledby="marketing-types-heading">
              <h3 id="marketing-types-heading">Conversions by type</h3>
              <table className="admin-table">
                <caption className="visually-hidden">Conversions in the range by type</caption>
                <thead>
                  <tr>
                    <th scope="col">Type</th>
                    <th scope="col">Conversions</th>
                  </tr>
                </thead>
                <tbody>
                  {RECORDED_CONVERSION_TYPES.map((type) => (
                    <tr key={type}>
                      <th scope="row">{CONVERSION_TYPE_LABELS[type]}</th>
                      <td>{formatCount(page.byType[type])}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <section aria-labelledby="marketing-forwarding-heading">
              <h3 id="marketing-forwarding-heading">Sent to Google and Meta</h3>
              <ul className="marketing-forwarding">
                {FORWARDING.map((item) => (
                  <li key={item.label}>
                    {item.label}: <strong>{formatCount(item.statuses.reduce((sum, status) => sum + page.forwarding[status], 0))}</strong>
                    <br />
                    <span className="hint">{item.hint}</span>
                  </li>
                ))}
              </ul>
            </section>
          </div>
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Marketing · Admin", description: "ClarityAI Coaching administration.", path: "/admin/marketing" }),
  NOINDEX,
];

export function ErrorBoundary() {
  return (
    <SectionErrorBoundary
      section="admin"
      panel
      notFound={{ heading: "Marketing", message: "This report can't be shown. Check the dates and try again." }}
      refused={{ heading: "Marketing", message: "This report can't be shown. Check the dates and try again." }}
      failed={{ heading: "Marketing", message: "The report couldn't be loaded just now. Please try again in a moment." }}
      links={[{ to: "/admin/marketing", label: "Show the last 30 days" }]}
    />
  );
}
