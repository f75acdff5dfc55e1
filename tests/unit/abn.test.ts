import { expect, test } from "vitest";
import { formatAbn, isValidAbn, normaliseAbn } from "~/accounts/abn";

test("real ABNs pass the checksum, written as the register shows them or as bare digits", () => {
  // The Australian Taxation Office, BHP, Commonwealth Bank, Woolworths and Qantas.
  for (const abn of ["51 824 753 556", "49 004 028 077", "48 123 123 124", "88 000 014 675", "16009661901"]) {
    expect(isValidAbn(abn), abn).toBe(true);
  }
});

test("a single wrong or swapped digit fails the checksum", () => {
  expect(isValidAbn("51 824 753 557")).toBe(false);
  expect(isValidAbn("15 824 753 556")).toBe(false);
  expect(isValidAbn("12 345 678 901")).toBe(false);
});

test("anything other than eleven digits is not an ABN", () => {
  for (const input of ["", "5182475355", "518247535561", "51 824 753 55a", "ABN 51 824 753 556", "00 000 000 000"]) {
    expect(isValidAbn(input), input).toBe(false);
  }
});

test("a leading zero is never a valid ABN, even when the weighted sum would work out", () => {
  // -1 × 10 + 1 × 1 + 3 × 3 = 0, which 89 divides; no ABN is issued with a leading zero.
  expect(isValidAbn("01 300 000 000")).toBe(false);
});

test("spaces and hyphens are ignored, and ABNs are shown in groups of 2-3-3-3", () => {
  expect(normaliseAbn(" 51-824-753-556 ")).toBe("51824753556");
  expect(normaliseAbn("5182475355")).toBeNull();
  expect(formatAbn("51824753556")).toBe("51 824 753 556");
});
