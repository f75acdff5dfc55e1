import { expect, test } from "vitest";
import { PostgrestError } from "~/data-api/postgrest-error";
import { likeMatches, parseReadQuery, runReadQuery, type Row } from "~/data-api/query";
import { PROFILES_TABLE } from "~/data-api/tables.server";

// The query-string reader behind /rest/v1, on its own: SQL LIKE semantics, three-valued filters,
// ordering and paging, and refusals that are PostgREST errors rather than exceptions.

test("LIKE and ILIKE: % and _ wildcards, backslash escapes, and no pattern is slow", () => {
  expect(likeMatches("Hospitality", "Hosp%", false)).toBe(true);
  expect(likeMatches("Hospitality", "hosp%", false)).toBe(false);
  expect(likeMatches("Hospitality", "hosp%", true)).toBe(true);
  expect(likeMatches("cafe", "c_fe", false)).toBe(true);
  expect(likeMatches("c_fe", "c\\_fe", false)).toBe(true);
  expect(likeMatches("cafe", "c\\_fe", false)).toBe(false);
  expect(likeMatches("100%", "100\\%", false)).toBe(true);
  expect(likeMatches("", "%", false)).toBe(true);
  expect(likeMatches("😀🚀", "_🚀", false)).toBe(true);
  const started = Date.now();
  expect(likeMatches("a".repeat(5_000), `${"%a".repeat(2_000)}b`, false)).toBe(false);
  expect(Date.now() - started).toBeLessThan(1_000);
});

const rows: Row[] = [
  { user_id: "00000000-0000-4000-8000-000000000001", first_name: "Ada", industry: null, created_at: "2026-01-02T00:00:00.000Z" },
  { user_id: "00000000-0000-4000-8000-00000000000b", first_name: "Bea", industry: "Retail", created_at: "2026-01-01T00:00:00.000Z" },
];

function run(query: string) {
  return runReadQuery(rows, parseReadQuery(new URLSearchParams(query), PROFILES_TABLE), PROFILES_TABLE);
}

test("filters follow SQL: a null column matches neither a comparison nor its negation, only is.null", () => {
  expect(run("select=first_name&industry=eq.Retail").rows).toEqual([{ first_name: "Bea" }]);
  expect(run("select=first_name&industry=not.eq.Retail").rows).toEqual([]);
  expect(run("select=first_name&industry=is.null").rows).toEqual([{ first_name: "Ada" }]);
  expect(run("select=first_name&industry=not.is.null").rows).toEqual([{ first_name: "Bea" }]);
  expect(run('select=first_name&first_name=in.(Bea,"Ada, Jr")').rows).toEqual([{ first_name: "Bea" }]);
  expect(run("select=first_name&created_at=gte.2026-01-02").rows).toEqual([{ first_name: "Ada" }]);
  // uuids compare as uuids: upper case and no hyphens name the same value.
  expect(run("select=first_name&user_id=eq.0000000000004000800000000000000B").rows).toEqual([{ first_name: "Bea" }]);
});

test("order, limit and offset, with the total before paging", () => {
  expect(run("select=first_name&order=created_at.asc").rows).toEqual([{ first_name: "Bea" }, { first_name: "Ada" }]);
  expect(run("select=first_name&order=industry.desc").rows).toEqual([{ first_name: "Ada" }, { first_name: "Bea" }]);
  expect(run("select=first_name&order=industry.asc.nullsfirst&limit=1&offset=1")).toEqual({ rows: [{ first_name: "Bea" }], total: 2 });
});

test("what the reader refuses is a PostgrestError with PostgREST's code", () => {
  const cases: [string, string][] = [
    ["select=first_name->x", "PGRST100"],
    ["first_name=fts.word", "PGRST100"],
    ["first_name=eq", "PGRST100"],
    ["hasOwnProperty=eq.1", "42703"],
    ["user_id=gt.abc", "22P02"],
    ["limit=1.5", "PGRST100"],
    ["order=first_name.asc.desc.sideways", "PGRST100"],
  ];
  for (const [query, code] of cases) {
    let caught: unknown;
    try {
      run(query);
    } catch (error) {
      caught = error;
    }
    expect(caught, query).toBeInstanceOf(PostgrestError);
    expect({ query, code: (caught as PostgrestError).code }).toEqual({ query, code });
  }
});
