import { expect, test } from "vitest";
import { MAX_PAGE, pageParam } from "~/utils/page-param";

const page = (query: string) => pageParam(new URL(`https://example.test/list${query}`));

test("a missing page parameter is the first page", () => {
  expect(page("")).toBe(1);
});

test("whole numbers from 1 to MAX_PAGE are pages", () => {
  expect(page("?page=1")).toBe(1);
  expect(page("?page=42")).toBe(42);
  expect(page(`?page=${MAX_PAGE}`)).toBe(MAX_PAGE);
});

test("anything else is no page at all", () => {
  for (const value of ["0", "-1", `${MAX_PAGE + 1}`, "99999999999999999999", "1e3", "1.0", "0x10", " 2", "", "two", "%00"]) {
    expect(page(`?page=${value}`), value).toBeNull();
  }
});
