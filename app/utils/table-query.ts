import { MAX_PAGE } from "./page-param";

// The query of an admin list, read from its URL: search text, sort column and direction, page and
// filters. Lists are plain GET forms and links, so they work before JavaScript and every state has a
// URL an admin can share. Unknown values fall back to the defaults rather than failing.

export type SortDirection = "asc" | "desc";

export type TableQuerySpec<Sort extends string = string, Filter extends string = string> = {
  sorts: readonly Sort[];
  defaultSort: Sort;
  defaultDirection: SortDirection;
  /** Each filter's allowed values; the empty string (or absence) means "all". */
  filters?: Readonly<Record<Filter, readonly string[]>>;
  pageSize: number;
};

export type TableQuery<Sort extends string = string, Filter extends string = string> = {
  q: string;
  sort: Sort;
  direction: SortDirection;
  page: number;
  filters: Partial<Record<Filter, string>>;
  pageSize: number;
  /** The row offset of the page, for SQL. */
  offset: number;
};

/** Longest search text a list accepts; longer input is cut, never an error. */
export const TABLE_SEARCH_MAX = 100;

export function readTableQuery<Sort extends string, Filter extends string>(url: URL, spec: TableQuerySpec<Sort, Filter>): TableQuery<Sort, Filter> {
  const params = url.searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, TABLE_SEARCH_MAX);
  const sortParam = params.get("sort");
  const sort = spec.sorts.find((s) => s === sortParam) ?? spec.defaultSort;
  const dirParam = params.get("dir");
  const direction: SortDirection = dirParam === "asc" || dirParam === "desc" ? dirParam : spec.defaultDirection;
  const rawPage = params.get("page");
  const page = rawPage && /^\d{1,5}$/.test(rawPage) ? Math.min(Math.max(1, Number(rawPage)), MAX_PAGE) : 1;
  const filters: Partial<Record<Filter, string>> = {};
  for (const [name, allowed] of Object.entries(spec.filters ?? {}) as [Filter, readonly string[]][]) {
    const value = params.get(name);
    if (value && allowed.includes(value)) filters[name] = value;
  }
  return { q, sort, direction, page, filters, pageSize: spec.pageSize, offset: (page - 1) * spec.pageSize };
}

/** The URL of the same list with some parameters changed (a sort header, a page link); page resets unless given. */
export function tableHref(current: { pathname: string; search: string }, changes: Record<string, string | number | null>): string {
  const params = new URLSearchParams(current.search);
  if (!("page" in changes)) params.delete("page");
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === "" || (name === "page" && value === 1)) params.delete(name);
    else params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${current.pathname}?${search}` : current.pathname;
}
