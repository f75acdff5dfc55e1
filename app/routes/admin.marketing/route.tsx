import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { SectionErrorBoundary } from "~/components/section-error-boundary";
import {
  CONVERSION_TYPE_LABELS,
  FUNNEL_STAGE_LABELS,
  MAX_RANGE_MONTHS,
  TOP_ROWS,
  formatAudCents,
  formatCount,
  formatDay,
  formatRate,
  isOtherSources,
  parseReportQuery,
  rangePresets,
  reportSearch,
  sortSourceRows,
  type MarketingReport,
  type ReportModel,
  type ReportQuery,
  type ReportSort,
  type SourceRow,
} from "~/attribution/report";
import { loadMarketingReport } from "~/attribution/report.server";
import { CONVERSION_TYPES, PAGE_VIEW_SOURCES_PER_DAY, RECORDED_CONVERSION_TYPES, type ConversionType, type ForwardStatus } from "~/attribution/types";
import { requireRole } from "~/auth/guards.server";
import { MarketingChart } from "~/components/marketing-chart";
import { FormError } from "~/components/ui/form-error";
import { TableScroll } from "~/components/ui/table-scroll";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { sydneyDay } from "~/utils/sydney-time";

type Preset = { label: string; from: string; to: string };
type FormValues = { from: string; to: string; model: ReportModel; type: ConversionType | null; sort?: ReportSort };
type ReportPage =
  | { ok: false; presets: Preset[]; form: FormValues; errors: string[] }
  | {
      ok: true;
      presets: Preset[];
      form: FormValues;
      query: ReportQuery;
      totals: MarketingReport["totals"];
      rows: SourceRow[];
      rowCount: number;
      /** Page views counted under "(other)" in the range (0 when none). */
      otherPageViews: number;
      days: MarketingReport["days"];
      forwarding: MarketingReport["forwarding"];
      byType: MarketingReport["byType"];
    };

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

const MODEL_LABELS: Record<ReportModel, string> = { last: "Last touch", first: "First touch" };
const SORT_LABELS: Record<ReportSort, string> = { revenue: "Revenue", conversions: "Conversions" };
const FORWARDING: { label: string; hint: string; statuses: ForwardStatus[] }[] = [
  { label: "Forwarded", hint: "Sent to every configured destination, or to some of them.", statuses: ["forwarded", "partly_forwarded"] },
  { label: "Waiting to be sent", hint: "Queued; sent within a few minutes.", statuses: ["pending"] },
  { label: "Not forwarded", hint: "No ad platform was configured when it happened.", statuses: ["not_forwarded"] },
  { label: "Withheld for Global Privacy Control", hint: "The visitor's browser asked not to share their data.", statuses: ["withheld_gpc"] },
  { label: "Failed", hint: "Every attempt was refused: see the failed jobs.", statuses: ["failed"] },
];

function ReportFilters({ form, presets }: { form: FormValues; presets: Preset[] }) {
  return (
    <>
      <Form method="get" action="/admin/marketing" className="admin-search marketing-filters">
        <div className="field">
          <label htmlFor="marketing-from">From</label>
          <input id="marketing-from" name="from" type="date" defaultValue={form.from} required />
        </div>
        <div className="field">
          <label htmlFor="marketing-to">To</label>
          <input id="marketing-to" name="to" type="date" defaultValue={form.to} required />
        </div>
        <div className="field">
          <label htmlFor="marketing-model">Attribution</label>
          <select id="marketing-model" name="model" defaultValue={form.model}>
            <option value="last">Last touch</option>
            <option value="first">First touch</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="marketing-type">Type</label>
          <select id="marketing-type" name="type" defaultValue={form.type ?? ""}>
            <option value="">All types</option>
            {CONVERSION_TYPES.map((type) => (
              <option key={type} value={type}>
                {CONVERSION_TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </div>
        {form.sort && form.sort !== "revenue" ? <input type="hidden" name="sort" value={form.sort} /> : null}
        <button type="submit" className="button button-secondary">
          Show report
        </button>
      </Form>
      <nav aria-label="Quick date ranges" className="marketing-presets">
        <ul>
          {presets.map((preset) => {
            const current = preset.from === form.from && preset.to === form.to;
            return (
              <li key={preset.label}>
                <Link to={`/admin/marketing${reportSearch({ ...preset, model: form.model, type: form.type })}`} aria-current={current ? "true" : undefined}>
                  {preset.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </>
  );
}

function SourceTable({ page }: { page: Extract<ReportPage, { ok: true }> }) {
  const { query, rows, rowCount, totals, otherPageViews } = page;
  const sortHref = (sort: ReportSort) => `/admin/marketing${reportSearch({ ...query, sort })}`;
  return (
    <section aria-labelledby="marketing-sources-heading">
      <h3 id="marketing-sources-heading">By source / medium / campaign</h3>
      <nav aria-label="Sort the sources" className="marketing-sort">
        <span id="marketing-sort-label">Sort by:</span>
        <ul aria-labelledby="marketing-sort-label">
          {(["revenue", "conversions"] as const).map((sort) => (
            <li key={sort}>
              <Link to={sortHref(sort)} aria-current={query.sort === sort ? "true" : undefined}>
                {SORT_LABELS[sort]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {rows.length ? (
        <TableScroll label="Sources table">
          <table className="admin-table marketing-table">
            <caption className="visually-hidden">
              Page views, conversions and revenue by {MODEL_LABELS[query.model].toLowerCase()} source, medium and campaign, sorted by{" "}
              {SORT_LABELS[query.sort].toLowerCase()}
            </caption>
            <thead>
              <tr>
                <th scope="col">Source / medium</th>
                <th scope="col">Campaign</th>
                <th scope="col">Page views</th>
                <th scope="col">Inquiries</th>
                <th scope="col">Checkouts</th>
                <th scope="col">Payments</th>
                <th scope="col">Revenue</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.source}\u0000${row.medium}\u0000${row.campaign}`}>
                  <th scope="row" className="cell-wrap">
                    {isOtherSources(row) ? "Other sources" : `${row.source} / ${row.medium}`}
                  </th>
                  <td className="cell-wrap">{isOtherSources(row) ? "—" : row.campaign}</td>
                  <td>{formatCount(row.pageViews)}</td>
                  <td>{formatCount(row.inquiries)}</td>
                  <td>{formatCount(row.checkouts)}</td>
                  <td>{formatCount(row.payments)}</td>
                  <td className="cell-nowrap">{formatAudCents(row.revenueCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  Total ({formatCount(rowCount)} {rowCount === 1 ? "row" : "rows"})
                </th>
                <td>{formatCount(totals.pageViews)}</td>
                <td>{formatCount(totals.inquiries)}</td>
                <td>{formatCount(totals.checkouts)}</td>
                <td>{formatCount(totals.payments)}</td>
                <td className="cell-nowrap">{formatAudCents(totals.revenueCents)}</td>
              </tr>
            </tfoot>
          </table>
        </TableScroll>
      ) : (
        <p>No page views or conversions in this range.</p>
      )}
      {rowCount > TOP_ROWS ? (
        <p>
          {query.showAll ? (
            <Link to={`/admin/marketing${reportSearch({ ...query, showAll: false })}`}>Show the top {TOP_ROWS} only</Link>
          ) : (
            <>
              Showing the top {TOP_ROWS} of {formatCount(rowCount)}.{" "}
              <Link to={`/admin/marketing${reportSearch({ ...query, showAll: true })}`}>Show all {formatCount(rowCount)} rows</Link>
            </>
          )}
        </p>
      ) : null}
      {otherPageViews > 0 ? (
        <p className="hint">
          Other sources: {formatCount(otherPageViews)} page {otherPageViews === 1 ? "view" : "views"} from campaign links beyond the first{" "}
          {PAGE_VIEW_SOURCES_PER_DAY} source / medium / campaign combinations of their day, counted together.
        </p>
      ) : null}
      {query.model === "first" ? (
        <p className="hint">
          Page views are counted by the visit&apos;s latest source in both models; conversions here follow each visitor&apos;s first touch.
        </p>
      ) : null}
    </section>
  );
}

function Funnel({ totals }: { totals: MarketingReport["totals"] }) {
  const stages = [
    { key: "pageViews", value: totals.pageViews },
    { key: "inquiries", value: totals.inquiries },
    { key: "checkouts", value: totals.checkouts },
    { key: "payments", value: totals.payments },
  ] as const;
  const top = Math.max(1, totals.pageViews, totals.inquiries, totals.checkouts, totals.payments);
  return (
    <section aria-labelledby="marketing-funnel-heading">
      <h3 id="marketing-funnel-heading">Funnel</h3>
      <ol className="marketing-funnel">
        {stages.map((stage, i) => {
          const previous = i > 0 ? stages[i - 1]! : null;
          return (
            <li key={stage.key}>
              <span className="marketing-funnel-label">
                <strong>{FUNNEL_STAGE_LABELS[stage.key]}</strong>: {formatCount(stage.value)}
                {previous ? (
                  <span className="hint">
                    {" "}
                    ({formatRate(stage.value, previous.value)} of {FUNNEL_STAGE_LABELS[previous.key].toLowerCase()})
                  </span>
                ) : null}
              </span>
              {/* An SVG bar: its width is an attribute, which the Content-Security-Policy allows (inline styles it refuses). */}
              <svg className="marketing-funnel-bar" viewBox="0 0 100 4" preserveAspectRatio="none" aria-hidden="true" focusable="false">
                <rect width={Math.max(0.5, (stage.value / top) * 100)} height="4" rx="1" />
              </svg>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

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
