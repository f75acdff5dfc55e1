import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { formatFigure, groupFigures, sparkline } from "~/admin/overview";
import { overviewFigures } from "~/admin/overview.server";
import { PERIOD_KEYS, PERIOD_NAMES, parseAnchor, parsePeriodKey, periodFor, type PeriodKey } from "~/admin/periods";
import type { Figure } from "~/admin/figures";
import { requireRole } from "~/auth/guards.server";
import { formatTimestamp } from "~/booking/time-zones";
import { TableScroll } from "~/components/ui/table-scroll";
import stylesHref from "~/styles/admin-overview.css?url";
import { NOINDEX, pageMeta } from "~/utils/meta";

// The admin overview: the business's figures for this week, month, BAS quarter or financial year
// in Sydney time (or an earlier one), grouped, each linking to its list, with a small trend chart,
// the same figures as a table, and a CSV download.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { timeZone } = await requireRole(request, context, "admin");
  const url = new URL(request.url);
  const now = new Date();
  const key = parsePeriodKey(url.searchParams.get("period"));
  const period = periodFor(key, now, parseAnchor(url.searchParams.get("at"), now));
  const figures = await overviewFigures(context.db, period, now);
  return {
    period,
    figures,
    generatedAt: now.toISOString(),
    generated: formatTimestamp(now.toISOString(), timeZone),
  };
}

const TREND_NAMES: Record<PeriodKey, string> = { week: "weeks", month: "months", quarter: "BAS quarters", fy: "financial years" };
const STEP_NAMES: Record<PeriodKey, string> = { week: "week", month: "month", quarter: "BAS quarter", fy: "financial year" };

function periodHref(key: PeriodKey, at?: string): string {
  const params = new URLSearchParams({ period: key });
  if (at) params.set("at", at);
  return `?${params}`;
}

function Trend({ figure, labels }: { figure: Figure; labels: string[] }) {
  if (figure.trend.length < 2) return null;
  const spark = sparkline(figure.trend);
  return (
    <svg className="figure-trend" viewBox={`0 0 ${spark.width} ${spark.height}`} width={spark.width} height={spark.height} aria-hidden="true" focusable="false">
      <polyline points={spark.points} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />
      {spark.last ? <circle cx={spark.last.x} cy={spark.last.y} r="3" fill="currentColor" /> : null}
      <title>{`${labels[0]} to ${labels[labels.length - 1]}`}</title>
    </svg>
  );
}

export default function AdminOverview() {
  const { period, figures, generated, generatedAt } = useLoaderData<typeof loader>();
  const groups = groupFigures(figures);
  const csvHref = `/admin/overview.csv${periodHref(period.key, period.current ? undefined : period.firstDay)}`;
  const trendFigures = figures.filter((figure) => figure.trend.length === period.buckets.length);
  const pointFigures = figures.filter((figure) => figure.trend.length !== period.buckets.length);
  return (
    <section aria-labelledby="overview-heading" className="admin-overview">
      <div className="overview-head">
        <h2 id="overview-heading">Overview</h2>
        <a href={csvHref} className="button button-secondary" download>
          Download CSV<span className="visually-hidden"> of these figures</span>
        </a>
      </div>
      <nav aria-label="Period" className="overview-periods">
        <ul>
          {PERIOD_KEYS.map((key) => (
            <li key={key}>
              <Link to={periodHref(key)} aria-current={key === period.key && period.current ? "page" : undefined} className="overview-period">
                {PERIOD_NAMES[key]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="overview-range">
        <Link to={periodHref(period.key, period.previous)} rel="prev" className="overview-step">
          <span aria-hidden="true">‹</span> Previous<span className="visually-hidden"> {STEP_NAMES[period.key]}</span>
        </Link>
        <p aria-live="polite">
          <strong>{period.title}</strong>
          {period.title !== period.label ? <>: {period.label}</> : null}
          <span className="hint"> · Sydney time</span>
        </p>
        {period.next ? (
          <Link to={periodHref(period.key, period.next)} rel="next" className="overview-step">
            Next<span className="visually-hidden"> {STEP_NAMES[period.key]}</span> <span aria-hidden="true">›</span>
          </Link>
        ) : null}
      </div>
      <p className="hint">
        Trends show the last {period.buckets.length} {TREND_NAMES[period.key]} ({period.bucketLabels[0]} to{" "}
        {period.bucketLabels[period.bucketLabels.length - 1]}). Figures as at <time dateTime={generatedAt}>{generated}</time>.
      </p>
      {groups.map((group) => (
        <section key={group.key} aria-labelledby={`overview-${group.key}`} className="overview-group">
          <h3 id={`overview-${group.key}`}>{group.label}</h3>
          <ul className="overview-figures">
            {group.figures.map((figure) => (
              <li key={figure.key} className={`card overview-figure${figure.attention && figure.value ? " overview-attention" : ""}`}>
                <Link to={figure.href} className="overview-figure-link">
                  {figure.label}
                </Link>
                <p className="overview-value">{formatFigure(figure.value, figure.unit)}</p>
                {figure.attention && figure.value ? <p className="overview-flag">Needs attention</p> : null}
                <Trend figure={figure} labels={period.bucketLabels} />
                {figure.hint ? <p className="hint">{figure.hint}</p> : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <details className="overview-table">
        <summary>The figures and their trends as a table</summary>
        <TableScroll label="Figures by period">
          <table>
            <caption>
              {period.title}
              {period.title !== period.label ? ` (${period.label})` : ""}, with the last {period.buckets.length} periods
            </caption>
            <thead>
              <tr>
                <th scope="col">Figure</th>
                {period.bucketLabels.map((label) => (
                  <th scope="col" key={label} className="numeric">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {trendFigures.map((figure) => (
                <tr key={figure.key}>
                  <th scope="row">{figure.label}</th>
                  {figure.trend.map((value, i) => (
                    <td key={i} className="numeric">
                      {formatFigure(value, figure.unit)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        {pointFigures.length ? (
          <TableScroll label="Figures now">
            <table>
              <caption>Figures as they stand now</caption>
              <thead>
                <tr>
                  <th scope="col">Figure</th>
                  <th scope="col" className="numeric">
                    Now
                  </th>
                </tr>
              </thead>
              <tbody>
                {pointFigures.map((figure) => (
                  <tr key={figure.key}>
                    <th scope="row">{figure.label}</th>
                    <td className="numeric">{formatFigure(figure.value, figure.unit)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ) : null}
      </details>
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Admin overview", description: "ClarityAI Coaching administration.", path: "/admin" }),
  NOINDEX,
];
