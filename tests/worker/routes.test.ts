import { env } from "cloudflare:workers";
import { expect, test, vi } from "vitest";
import { allowConsoleErrors } from "../console-errors";
import { enquiriesByEmail } from "../factories/leads";
import { fetchApp, pageText, testClientIp } from "./app";

const PUBLIC_PAGES = [
  "/",
  "/services",
  "/services/clarityai",
  "/services/strategic-planning",
  "/services/operational-improvement",
  "/services/digital-systems",
  "/services/software-solutions",
  "/about",
  "/become-coach",
  "/terms",
  "/privacy",
  "/payment-success",
  "/payment-canceled",
  "/contact",
  "/booking",
];

test("every public page renders in en-AU with a unique title and one canonical link", async () => {
  const titles = new Set<string>();
  for (const path of PUBLIC_PAGES) {
    const response = await fetchApp(path);
    expect(response.status, path).toBe(200);
    const html = await response.text();
    expect(html, path).toContain('<html lang="en-AU">');
    const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
    expect(title, path).toMatch(/\S/);
    titles.add(title!);
    expect(html.match(/rel="canonical"/g), path).toHaveLength(1);
  }
  expect(titles.size).toBe(PUBLIC_PAGES.length);
});

test("every response carries the security headers, with a fresh CSP nonce on each page", async () => {
  const first = await fetchApp("/");
  const second = await fetchApp("/");
  const csp = first.headers.get("Content-Security-Policy")!;
  expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(second.headers.get("Content-Security-Policy")).not.toBe(csp);
  const nonce = csp.match(/'nonce-([^']+)'/)![1];
  const html = await first.text();
  // Every inline and module script carries this response's nonce.
  // Every executable script, that is; JSON-LD data blocks are never run.
  const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !tag.includes("application/ld+json"));
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

  for (const response of [first, await fetchApp("/no-such-page")]) {
    expect(response.headers.get("Strict-Transport-Security")).toContain("max-age=63072000");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("Permissions-Policy")).toContain("geolocation=()");
  }
});

test("the home page is complete in the server-rendered HTML", async () => {
  const html = await pageText(await fetchApp("/"));
  for (const text of [
    "Feeling overwhelmed",
    'href="/booking?type=discovery&coach=any"',
    "Book Free 20-min Call",
    "See How We Help",
    "What does a business coach do?",
    "How much does business coaching cost?",
    "From $150/hr",
    "$200–$500/hr",
    "Money-back guarantee",
    "100+",
    "95%",
    "15 hrs",
    "98%",
    "Sound familiar?",
    "Become a Coach",
    'href="/coach-registration"',
    "What our clients say",
  ]) {
    expect(html).toContain(text);
  }
});

test("unknown paths render the not-found page with 404", async () => {
  for (const path of ["/no-such-page", "/services/no-such-service", "/a/b/c"]) {
    const response = await fetchApp(path);
    expect(response.status, path).toBe(404);
    expect(await pageText(response)).toContain("We couldn't find that page");
  }
});

test("an unhandled error renders the generic error page with status 500 and no internals", async () => {
  const errors = allowConsoleErrors();
  const get = vi.spyOn(env.DB, "prepare").mockImplementation(() => {
    throw new Error("SQLITE_CORRUPT: secret internal detail");
  });
  // The contact action needs D1 after validation; a broken database is an unhandled error.
  const response = await fetchApp("/contact", { form: { name: "Sam", email: "sam@example.com.au" } });
  get.mockRestore();

  expect(response.status).toBe(500);
  const html = await response.text();
  expect(html).toContain("Unexpected Application Error!");
  expect(html).not.toContain("SQLITE_CORRUPT");
  expect(html).not.toContain("secret internal detail");
  expect(html).not.toMatch(/at .*\.(js|ts):\d+/);
  expect(errors.length).toBeGreaterThan(0);
});

test("a valid contact form is stored, queued for the team and answered with a toast", async () => {
  const email = `riley.${crypto.randomUUID().slice(0, 8)}@example.com.au`;
  const send = vi.spyOn(env.JOBS, "send");
  const response = await fetchApp("/contact", {
    form: {
      name: "  Riley Smith ",
      email: email.toUpperCase(),
      company: "Smith Joinery",
      phone: "0412 345 678",
      businessType: "Trades and construction",
      website: "",
    },
  });

  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/contact");
  const cookie = response.headers.get("Set-Cookie")!;
  expect(cookie).toMatch(/^__Host-toast=/);
  expect(cookie).toContain("HttpOnly");
  expect(cookie).toContain("Secure");

  const rows = await enquiriesByEmail(email);
  expect(rows).toEqual([
    expect.objectContaining({
      source: "contact",
      name: "Riley Smith",
      company: "Smith Joinery",
      phone: "0412 345 678",
      business_type: "Trades and construction",
    }),
  ]);
  expect(send).toHaveBeenCalledWith({ type: "lead.notify", version: 1, leadId: rows[0]!.lead_id, activityId: rows[0]!.id });

  // The next page shows the toast once and clears the cookie.
  const next = await fetchApp(new Request("http://localhost/contact", { headers: { Cookie: cookie.split(";")[0]! } }));
  const html = await pageText(next);
  expect(html).toContain("Thanks — your message is with us");
  expect(next.headers.get("Set-Cookie")).toMatch(/__Host-toast=;.*Max-Age=0/);
});

test("invalid contact input gets 400 with inline field errors and nothing is stored", async () => {
  const cases: [Record<string, string>, string[]][] = [
    [{ name: "", email: "" }, ["Please enter your name", "Please enter your email address"]],
    [{ name: "Pat", email: "not-an-email" }, ["Please enter a valid email address"]],
    [{ name: "Pat", email: "pat@example.com.au", phone: "call me" }, ["Please enter a valid phone number"]],
    [{ name: "Pat", email: "pat@example.com.au", businessType: "Astronaut" }, ["Please choose a business type from the list"]],
    [{ name: "x".repeat(121), email: "pat@example.com.au" }, ["Name must be 120 characters or fewer"]],
  ];
  for (const [fields, messages] of cases) {
    const response = await fetchApp("/contact", { form: fields });
    expect(response.status, JSON.stringify(fields)).toBe(400);
    const html = await pageText(response);
    for (const message of messages) expect(html).toContain(message);
    expect(html).toContain('aria-invalid="true"');
  }
  expect(await enquiriesByEmail("pat@example.com.au")).toEqual([]);
});

test("a filled honeypot looks like success to the bot but stores nothing", async () => {
  const email = `bot.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const response = await fetchApp("/contact", { form: { name: "Bot", email, website: "http://spam.example" } });
  expect(response.status).toBe(302);
  expect(await enquiriesByEmail(email)).toEqual([]);
});

test("the contact form is rate limited per address with 429 and a clear message", async () => {
  const address = testClientIp();
  const tag = crypto.randomUUID().slice(0, 8);
  const post = (i: number) => fetchApp("/contact", { form: { name: "Flood", email: `flood${i}.${tag}@example.com` }, ip: address });
  for (let i = 0; i < 5; i++) expect((await post(i)).status).toBe(302);

  const blocked = await post(5);
  expect(blocked.status).toBe(429);
  expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
  expect(await blocked.text()).toContain("Too many requests from your connection");
  expect(await enquiriesByEmail(`flood5.${tag}@example.com`)).toEqual([]);

  // Another address is unaffected.
  const other = await fetchApp("/contact", { form: { name: "Other", email: `other.${tag}@example.com` }, ip: testClientIp("other") });
  expect(other.status).toBe(302);
});

test("cross-site form posts are refused before they reach the app", async () => {
  const email = `csrf.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const response = await fetchApp("/contact", { form: { name: "Eve", email }, origin: "https://evil.example" });
  expect(response.status).toBe(403);
  expect(await enquiriesByEmail(email)).toEqual([]);
});
