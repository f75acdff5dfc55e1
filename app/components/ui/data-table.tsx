import type { ReactNode } from "react";
import { Form, Link, useLocation } from "@remix-run/react";
import { TABLE_SEARCH_MAX, tableHref, type SortDirection } from "~/utils/table-query";
import { Pagination } from "./pagination";
import { TableScroll } from "./table-scroll";

// The admin area's one list component: a GET form for search and filters, a table whose sortable
// headers are links (aria-sort says the current order), an empty state and pagination. Everything is
// a link or a form field, so it works by keyboard and before JavaScript, and every state has a URL.
// The loader reads the same parameters with readTableQuery (~/utils/table-query). Numbers are
// right-aligned and first sort largest first; the first column is the row's header; on a phone
// (app/styles/admin.css) each row is a card and the sortable headings a row of sort buttons.

export type DataTableColumn<Row> = {
  key: string;
  header: string;
  /** Set when the loader's spec lists this key in `sorts`. */
  sortable?: boolean;
  cell: (row: Row) => ReactNode;
  /** Numbers and money read best right-aligned. */
  numeric?: boolean;
};

export type DataTableFilter = {
  name: string;
  label: string;
  /** The first option should be the "all" choice with value "". */
  options: { value: string; label: string }[];
};

export type DataTableProps<Row> = {
  /** Names the table and its scroll region, e.g. "Failed jobs". */
  label: string;
  columns: DataTableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  query: { q: string; sort: string; direction: SortDirection; page: number; filters: Partial<Record<string, string>>; pageSize: number };
  total: number;
  /** Shown above the table; omit to have no search box. */
  searchLabel?: string;
  filters?: DataTableFilter[];
  /** What an empty list says: one for no rows at all, one when a search or filter matched nothing. */
  empty: { none: ReactNode; noMatch: ReactNode };
  /** Extra content in the toolbar (an export link). */
  actions?: ReactNode;
};

export function DataTable<Row>({ label, columns, rows, rowKey, query, total, searchLabel, filters = [], empty, actions }: DataTableProps<Row>) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const pageCount = Math.max(1, Math.ceil(total / query.pageSize));
  const narrowed = query.q !== "" || Object.values(query.filters).some(Boolean);
  const first = total === 0 ? 0 : (query.page - 1) * query.pageSize + 1;
  const last = Math.min(total, query.page * query.pageSize);
  // Ids from the label ("Failed jobs" → "failed-jobs"), so two lists on a page don't clash.
  const id =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "list";
  const searchable = Boolean(searchLabel) || filters.length > 0;
  // The same list without its search and filters, keeping its order.
  const clearHref = tableHref(location, { q: null, ...Object.fromEntries(filters.map((filter) => [filter.name, null])) });
  const sortedBy = columns.find((column) => column.sortable && column.key === query.sort);
  return (
    <div className="data-table">
      {searchable || actions ? (
        <Form method="get" className="admin-search data-table-toolbar" role="search" aria-label={label}>
          {searchLabel ? (
            <div className="field">
              <label htmlFor={`${id}-q`}>{searchLabel}</label>
              <input id={`${id}-q`} type="search" name="q" defaultValue={query.q} maxLength={TABLE_SEARCH_MAX} enterKeyHint="search" />
            </div>
          ) : null}
          {filters.map((filter) => (
            <div className="field" key={filter.name}>
              <label htmlFor={`${id}-${filter.name}`}>{filter.label}</label>
              <select id={`${id}-${filter.name}`} name={filter.name} defaultValue={query.filters[filter.name] ?? ""}>
                {filter.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          ))}
          {/* A search keeps the order chosen in the address (the default needs no parameter) and starts again at page 1. */}
          {query.sort && params.has("sort") ? <input type="hidden" name="sort" value={query.sort} /> : null}
          {query.direction && params.has("dir") ? <input type="hidden" name="dir" value={query.direction} /> : null}
          {searchable ? (
            <button type="submit" className="button button-secondary">
              Show
            </button>
          ) : null}
          {narrowed ? <Link to={clearHref}>Clear search and filters</Link> : null}
          {actions ? <div className="data-table-actions">{actions}</div> : null}
        </Form>
      ) : null}
      <p className="hint data-table-summary" aria-live="polite" id={`${id}-summary`}>
        {total === 0
          ? narrowed
            ? "Nothing matches."
            : "Nothing to show."
          : `Showing ${first}–${last} of ${total}${narrowed ? " matching" : ""}${sortedBy ? `, sorted by ${sortedBy.header} (${query.direction === "asc" ? "ascending" : "descending"})` : ""}.`}
      </p>
      {rows.length === 0 ? (
        <div className="data-table-empty" role="status">
          {total > 0 ? (
            // A page number past the end (an old link, or rows resolved meanwhile).
            <p>
              Page {query.page} is past the end of this list. <Link to={tableHref(location, { page: 1 })}>Go to the first page</Link>
            </p>
          ) : narrowed ? (
            <>
              <div>{empty.noMatch}</div>
              <p>
                <Link to={clearHref}>Clear search and filters</Link>
              </p>
            </>
          ) : (
            empty.none
          )}
        </div>
      ) : (
        <TableScroll label={label}>
          <table className="admin-table" aria-describedby={`${id}-summary`}>
            <caption className="visually-hidden">{label}</caption>
            <thead>
              <tr>
                {columns.map((column) => {
                  const active = column.sortable && query.sort === column.key;
                  const next: SortDirection = active && query.direction === "asc" ? "desc" : active ? "asc" : column.numeric ? "desc" : "asc";
                  const classes = [column.numeric ? "numeric" : "", column.sortable ? "is-sortable" : ""].filter(Boolean).join(" ");
                  return (
                    <th
                      key={column.key}
                      scope="col"
                      aria-sort={active ? (query.direction === "asc" ? "ascending" : "descending") : undefined}
                      className={classes || undefined}
                    >
                      {column.sortable ? (
                        <Link to={tableHref(location, { sort: column.key, dir: next })} className="data-table-sort" preventScrollReset>
                          {column.header}
                          <span className="data-table-sort-icon" aria-hidden="true">
                            {active ? (query.direction === "asc" ? "▲" : "▼") : "↕"}
                          </span>
                          <span className="visually-hidden">
                            {active ? `, sorted ${query.direction === "asc" ? "ascending" : "descending"}; ` : ", "}sort{" "}
                            {next === "asc" ? "ascending" : "descending"}
                          </span>
                        </Link>
                      ) : (
                        column.header
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column, index) => {
                    const className = column.numeric ? "numeric" : undefined;
                    // The first column names the row (a row header for screen readers, the card's title on phones).
                    return index === 0 ? (
                      <th key={column.key} scope="row" className={className}>
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.key} className={className} data-label={column.header}>
                        {column.cell(row)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pagination
        page={Math.min(query.page, pageCount)}
        pageCount={pageCount}
        href={(page) => tableHref(location, { page })}
        previousLabel="← Previous"
        nextLabel="Next →"
      />
    </div>
  );
}
