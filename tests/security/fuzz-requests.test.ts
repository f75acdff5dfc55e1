import { expect, test } from "vitest";
import { fuzzSuite, REQUEST_TARGET_NAMES } from "./fuzz-harness";

// The security fuzz over query parameters, path segments, cookies and the APIs (fuzz-harness.ts says
// what is checked); the forms are in fuzz-forms.test.ts, which runs beside this file.
const suite = fuzzSuite(REQUEST_TARGET_NAMES);

test("fuzz: at least 1,000 requests were sent", () => {
  expect(suite.requests()).toBeGreaterThanOrEqual(1_000);
});
