import type { ServerBuild } from "@remix-run/cloudflare";
import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { MARKUP, UNKNOWN_MARKER } from "./corpus";
// @ts-ignore -- the server build exists only after `npm run build`; the Worker under test serves this same build.
import * as serverBuild from "../../build/server/index.js";
import { FORM_TARGET_NAMES, fuzz, fuzzSuite, inspect, leftovers, REQUEST_TARGET_NAMES } from "./fuzz-harness";
import { buildTargets, FUZZED_ACTION_ROUTES, storedValueTarget, type Probe } from "./targets";

// The security fuzz over every form (fuzz-harness.ts says what is checked), the checks' own test,
// and the stored values on the admin pages once the forms have stored what they accept.
const suite = fuzzSuite(FORM_TARGET_NAMES);

test("fuzz: the checks catch what they look for", async () => {
  const probe: Probe = { endpoint: "POST /example", field: "name", label: "unknown-fields", request: () => new Request("http://localhost/") };
  const kinds = (response: Response, body: string) => inspect(probe, response, body).map((f) => f.kind);
  const html = { headers: { "Content-Type": "text/html; charset=utf-8" } };
  expect(kinds(new Response(null, { status: 502 }), "<title>Bad gateway</title>")).toEqual(["5xx"]);
  expect(kinds(new Response(null, html), `<p>${MARKUP[0]}</p>`)).toEqual(["reflected-markup"]);
  expect(kinds(new Response(null, html), "<p>&lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;img src=x onerror=alert(1)&gt;</p>")).toEqual([]);
  expect(kinds(new Response(null, { status: 400 }), "TypeError: x is undefined\n    at loader (file:///build/server/index.js:10:5)")).toEqual(["stack-trace"]);
  expect(kinds(new Response(null, { status: 400 }), `{"values":{"${UNKNOWN_MARKER}":"x"}}`)).toEqual(["echoed-unknown-field"]);
  expect(kinds(new Response(null, { status: 302, headers: { Location: "//evil.example/" } }), "")).toEqual(["open-redirect"]);
  expect(kinds(new Response(null, { status: 302, headers: { Location: "javascript:alert(1)" } }), "")).toEqual(["open-redirect"]);
  expect(kinds(new Response(null, { status: 303, headers: { Location: "/profile?tab=security" } }), "")).toEqual([]);
  // A marker row left behind is found.
  const lead: Probe = { ...probe, tag: { table: "leads", email: "fuzz.selftest@example.com.au", name: "Fuzz selftest" } };
  expect(await leftovers(lead)).toBeNull();
  await env.DB.prepare("INSERT INTO leads (id, source, name, email) VALUES (?, 'contact', ?, ?)")
    .bind(crypto.randomUUID(), "Fuzz selftest", "x@example.com.au")
    .run();
  expect(await leftovers(lead)).toMatch(/1 leads row/);
});

test("fuzz: every route with an action has a form target", () => {
  const routes = (serverBuild as unknown as ServerBuild).routes;
  const withAction = Object.keys(routes).filter((id) => typeof routes[id]?.module.action === "function");
  expect(withAction.sort(), "add the new form to targets.ts and FUZZED_ACTION_ROUTES").toEqual([...FUZZED_ACTION_ROUTES].sort());
});

test("fuzz: every target is run, in one of the two files", () => {
  expect(buildTargets(suite.fixtures()).map((t) => t.name)).toEqual([...FORM_TARGET_NAMES, ...REQUEST_TARGET_NAMES]);
});

test("fuzz: stored values never come back as markup on the admin and coach pages", { timeout: 60_000 }, async () => {
  await fuzz(await storedValueTarget(suite.fixtures()));
});

test("fuzz: at least 1,000 requests were sent", () => {
  expect(suite.requests()).toBeGreaterThanOrEqual(1_000);
});
