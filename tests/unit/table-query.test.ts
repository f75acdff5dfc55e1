import { expect, test } from "vitest";
import { MAX_PAGE } from "~/utils/page-param";
import { readTableQuery, TABLE_SEARCH_MAX, tableHref } from "~/utils/table-query";

// An admin list's state lives in its URL: readTableQuery reads it for the loader (unknown values
// fall back to the defaults, never an error) and tableHref writes the links of sort headers and pages.

const SPEC = {
  sorts: ["created", "name", "amount"] as const,
  defaultSort: "created" as const,
  defaultDirection: "desc" as const,
  filters: { status: ["open", "resolved"], tier: ["lite", "pro"] } as const,
  pageSize: 25,
};

const read = (search: string) => readTableQuery(new URL(`https://example.test/admin/list${search}`), SPEC);

test("an address with no parameters is the default order's first page, unfiltered", () => {
  expect(read("")).toEqual({ q: "", sort: "created", direction: "desc", page: 1, filters: {}, pageSize: 25, offset: 0 });
});

test("a search, a known sort and direction, a page and known filters are read, with the page's row offset", () => {
  expect(read("?q=%20Acme%20Pty%20&sort=name&dir=asc&page=3&status=open&tier=pro")).toEqual({
    q: "Acme Pty",
    sort: "name",
    direction: "asc",
    page: 3,
    filters: { status: "open", tier: "pro" },
    pageSize: 25,
    offset: 50,
  });
});

test("anything edited into the address falls back to the default instead of failing", () => {
  const query = read("?sort=password&dir=sideways&page=-2&status=deleted&tier=&other=1");
  expect(query).toMatchObject({ sort: "created", direction: "desc", page: 1, filters: {}, offset: 0 });
  for (const page of ["0", "1.5", "1e3", "abc", "999999", "%00"]) expect(read(`?page=${page}`).page, page).toBe(1);
  expect(read(`?page=${MAX_PAGE}`).page).toBe(MAX_PAGE);
});

test("a long search is cut to the longest a list accepts", () => {
  expect(read(`?q=${"x".repeat(500)}`).q).toHaveLength(TABLE_SEARCH_MAX);
});

test("a sort header's link keeps the search and filters and goes back to page 1", () => {
  const here = { pathname: "/admin/leads", search: "?q=acme&status=open&page=4" };
  expect(tableHref(here, { sort: "name", dir: "asc" })).toBe("/admin/leads?q=acme&status=open&sort=name&dir=asc");
});

test("a page link keeps everything else; page 1 has no page parameter", () => {
  const here = { pathname: "/admin/leads", search: "?q=acme&sort=name&dir=asc&page=2" };
  expect(tableHref(here, { page: 3 })).toBe("/admin/leads?q=acme&sort=name&dir=asc&page=3");
  expect(tableHref(here, { page: 1 })).toBe("/admin/leads?q=acme&sort=name&dir=asc");
});

test("clearing the search and filters keeps the order; with nothing left the link is the bare path", () => {
  expect(tableHref({ pathname: "/admin/leads", search: "?q=acme&status=open&sort=name&dir=asc" }, { q: null, status: null })).toBe(
    "/admin/leads?sort=name&dir=asc",
  );
  expect(tableHref({ pathname: "/admin/leads", search: "?q=acme" }, { q: "" })).toBe("/admin/leads");
});

test("values are encoded, so a search can't add parameters of its own", () => {
  const href = tableHref({ pathname: "/admin/leads", search: "" }, { q: "a&sort=name #1" });
  expect(new URL(href, "https://example.test").searchParams.get("q")).toBe("a&sort=name #1");
  expect(new URL(href, "https://example.test").searchParams.get("sort")).toBeNull();
});
