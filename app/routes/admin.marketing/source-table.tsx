import { Link } from "@remix-run/react";
import { formatAudCents, formatCount, isOtherSources, reportSearch, TOP_ROWS, type ReportSort } from "~/attribution/report";
import { PAGE_VIEW_SOURCES_PER_DAY } from "~/attribution/types";
import { TableScroll } from "~/components/ui/table-scroll";
import { MODEL_LABELS, SORT_LABELS, type ReportPage } from "./report-page";

/** Page views, conversions and revenue by source, medium and campaign, sortable, the top rows first. */
export function SourceTable({ page }: { page: Extract<ReportPage, { ok: true }> }) {
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
