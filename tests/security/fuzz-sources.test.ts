import { test } from "vitest";
import { fuzzJunkSources, fuzzOneSource, fuzzSuite } from "./fuzz-harness";
import { limitedEndpoints } from "./targets";

// The IPv6 /64 variants: every limit that counts a source, sent many addresses of one IPv6 /64 and
// one IPv4 address in its plain and IPv4-mapped spellings (corpus.ts), must count each family as one
// source, refuse the request past the limit with 429, and still answer the neighbouring source. The
// other fuzz checks (no 5xx, no stack traces, nothing half-written) apply to every request.
const suite = fuzzSuite([]);
const endpoints = limitedEndpoints(suite.fixtures);

endpoints.forEach((endpoint, index) => {
  test(`fuzz: the IPv6 /64 variants are one source · ${endpoint.endpoint}`, { timeout: 180_000 }, async () => {
    await fuzzOneSource(endpoint, index);
  });
});

test("fuzz: values that are not addresses are one source, and never an error · POST /booking", { timeout: 60_000 }, async () => {
  await fuzzJunkSources(endpoints.find((endpoint) => endpoint.endpoint === "POST /booking")!);
});
