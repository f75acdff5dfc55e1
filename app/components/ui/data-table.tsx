import type { ReactNode } from "react";
import { Form, Link, useLocation } from "@remix-run/react";
import { tableHref, type SortDirection } from "~/utils/table-query";
import { Pagination } from "./pagination";
import { TableScroll } from "./table-scroll";

// The admin area's one list component: a GET form for search and filters, a table whose sortable
// headers are links (aria-sort says the current order), an empty state and pagination. Everything is
// a link or a form field, so it works by keyboard and before JavaScript, and every state has a URL.
// The loader reads the same parameters with readTableQuery (~/utils/table-query).

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
  const pageCount = Math.max(1, Math.ceil(total / query.pageSize));
  const narrowed = query.q !== "" || Object.values(query.filters).some(Boolean);
  const first = total === 0 ? 0 : (query.page - 1) * query.pageSize + 1;
  const last = Math.min(total, query.page * query.pageSize);
  return (
    <div className="data-table">
      {searchLabel || filters.length || actions ? (
        <Form method="get" className="admin-search data-table-toolbar" role="search" aria-label={label}>
          {searchLabel ? (
            <div className="field">
              <label htmlFor={`${label}-q`}>{searchLabel}</label>
              <input id={`${label}-q`} type="search" name="q" defaultValue={query.q} maxLength={100} />
            </div>
          ) : null}
          {filters.map((filter) => (
            <div className="field" key={filter.name}>
              <label htmlFor={`${label}-${filter.name}`}>{filter.label}</label>
              <select id={`${label}-${filter.name}`} name={filter.name} defaultValue={query.filters[filter.name] ?? ""}>
                {filter.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          ))}
          {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
          {query.direction ? <input type="hidden" name="dir" value={query.direction} /> : null}
          {searchLabel || filters.length ? (
            <button type="submit" className="btn btn-secondary">
              Show
            </button>
          ) : null}
          {actions}
        </Form>
      ) : null}
      <p className="hint" aria-live="polite">
        {total === 0 ? "No rows" : `Showing ${first}–${last} of ${total}`}
      </p>
      {rows.length === 0 ? (
        <div className="data-table-empty card">{narrowed ? empty.noMatch : empty.none}</div>
      ) : (
        <TableScroll label={label}>
          <table className="admin-table">
            <caption className="visually-hidden">{label}</caption>
            <thead>
              <tr>
                {columns.map((column) => {
                  const active = column.sortable && query.sort === column.key;
                  const next: SortDirection = active && query.direction === "asc" ? "desc" : "asc";
                  return (
                    <th
                      key={column.key}
                      scope="col"
                      aria-sort={active ? (query.direction === "asc" ? "ascending" : "descending") : undefined}
                      className={column.numeric ? "numeric" : undefined}
                    >
                      {column.sortable ? (
                        <Link to={tableHref(location, { sort: column.key, dir: next })} className="data-table-sort">
                          {column.header}
                          <span aria-hidden="true">{active ? (query.direction === "asc" ? " ▲" : " ▼") : " ↕"}</span>
                          <span className="visually-hidden">, sort {next === "asc" ? "ascending" : "descending"}</span>
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
                  {columns.map((column) => (
                    <td key={column.key} className={column.numeric ? "numeric" : undefined}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pagination page={query.page} pageCount={pageCount} href={(page) => tableHref(location, { page })} previousLabel="← Previous" nextLabel="Next →" />
    </div>
  );
}
