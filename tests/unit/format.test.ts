import { expect, test } from "vitest";
import { formatAud, formatAudRange } from "~/utils/format";

test("whole dollars are formatted as AUD without cents", () => {
  expect(formatAud(150)).toBe("$150");
  expect(formatAud(1500)).toBe("$1,500");
});

test("amounts with cents keep two decimal places", () => {
  expect(formatAud(49.5)).toBe("$49.50");
});

test("a range uses an en dash between two AUD amounts", () => {
  expect(formatAudRange(200, 500)).toBe("$200–$500");
});
