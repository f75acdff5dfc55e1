import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { addDays } from "~/attribution/report";
import { loadMarketingReport, reportStatements } from "~/attribution/report.server";
import type { AttributionRecord, ForwardStatus, RecordedConversionType } from "~/attribution/types";
import { sydneyDay } from "~/utils/sydney-time";
import { createSignedInUser, createUser, webSession } from "../../factories/users";
import { fetchApp, pageText } from "../app";

// /admin/marketing and /admin/marketing.csv: who may see them, the sums per source / medium /
// campaign in both attribution models, Sydney day boundaries, page views from the daily counters,
// the CSV download and its escaping, and bad parameters. Each test uses a year of its own: the
// file's tests share one database.

type Conversion = {
  type: RecordedConversionType;
  at: string;
  source: string;
  medium: string;
  campaign: string;
  first?: [string, string, string];
  valueCents?: number;
  label?: string | null;
  userId?: string | null;
  forwardStatus?: ForwardStatus;
  attribution?: AttributionRecord | null;
};

/** One conversion row as the conversions module writes it: report_date is the Sydney day of occurred_at. */
async function insertConversion(c: Conversion) {
  const id = crypto.randomUUID();
  const [firstSource, firstMedium, firstCampaign] = c.first ?? [c.source, c.medium, c.campaign];
  await env.DB.prepare(
    `INSERT INTO conversions (id, type, dedupe_key, label, value_cents, user_id, occurred_at, report_date, source, medium, campaign,
       first_source, first_medium, first_campaign, attribution, attribution_session, forward_status)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      c.type,
      `test:${id}`,
      c.label ?? null,
      c.valueCents ?? 0,
      c.userId ?? null,
      c.at,
      sydneyDay(new Date(c.at)),
      c.source,
      c.medium,
      c.campaign,
      firstSource,
      firstMedium,
      firstCampaign,
      c.attribution ? JSON.stringify(c.attribution) : null,
      c.attribution?.sessionId ?? null,
      c.forwardStatus ?? "not_forwarded",
    )
    .run();
  return id;
}

async function insertPageViews(day: string, source: string, medium: string, campaign: string, path: string, views: number) {
  await env.DB.prepare("INSERT INTO page_view_counts (day, source, medium, campaign, path, views) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(day, source, medium, campaign, path, views)
    .run();
}

/**
 * March 2041 (AEDT, UTC+11): google / cpc / brand and facebook / social / spring, with conversions
 * just inside and just outside the month in Sydney time.
 */
async function seedMarch2041() {
  // Inside: 00:30 on 1 March in Sydney is still 28 February in UTC.
  await insertConversion({ type: "PACKAGE_INQUIRY", at: "2041-02-28T13:30:00.000Z", source: "facebook", medium: "social", campaign: "spring" });
  await insertConversion({
    type: "CONTACT_FORM",
    at: "2041-03-05T01:00:00.000Z",
    source: "google",
    medium: "cpc",
    campaign: "brand",
    forwardStatus: "forwarded",
  });
  await insertConversion({
    type: "CONTACT_FORM",
    at: "2041-03-06T01:00:00.000Z",
    source: "google",
    medium: "cpc",
    campaign: "brand",
    forwardStatus: "withheld_gpc",
  });
  await insertConversion({
    type: "BEGIN_CHECKOUT",
    at: "2041-03-31T12:00:00.000Z",
    source: "google",
    medium: "cpc",
    campaign: "brand",
    valueCents: 49_500,
    forwardStatus: "failed",
  });
  // 23:30 on 31 March in Sydney: the range's last minutes. First touch: organic search.
  await insertConversion({
    type: "PAYMENT_COMPLETION",
    at: "2041-03-31T12:30:00.000Z",
    source: "google",
    medium: "cpc",
    campaign: "brand",
    first: ["google", "organic", "(not set)"],
    valueCents: 49_500,
    forwardStatus: "forwarded",
  });
  await insertConversion({
    type: "PACKAGE_CHECKOUT",
    at: "2041-03-10T02:00:00.000Z",
    source: "facebook",
    medium: "social",
    campaign: "spring",
    valueCents: 165_000,
    forwardStatus: "partly_forwarded",
  });
  await insertConversion({
    type: "PAYMENT_COMPLETION",
    at: "2041-03-10T02:05:00.000Z",
    source: "facebook",
    medium: "social",
    campaign: "spring",
    valueCents: 165_000,
    forwardStatus: "pending",
  });
  // Outside: 23:45 on 28 February and 00:15 on 1 April in Sydney.
  await insertConversion({ type: "PAYMENT_COMPLETION", at: "2041-02-28T12:45:00.000Z", source: "google", medium: "cpc", campaign: "brand", valueCents: 1_000 });
  await insertConversion({ type: "PAYMENT_COMPLETION", at: "2041-03-31T13:15:00.000Z", source: "google", medium: "cpc", campaign: "brand", valueCents: 2_000 });

  await insertPageViews("2041-03-05", "google", "cpc", "brand", "/", 100);
  await insertPageViews("2041-03-05", "google", "cpc", "brand", "/contact", 20);
  await insertPageViews("2041-03-31", "facebook", "social", "spring", "/", 50);
  await insertPageViews("2041-02-28", "google", "cpc", "brand", "/", 700);
  await insertPageViews("2041-04-01", "google", "cpc", "brand", "/", 900);
}

const MARCH_2041 = { from: "2041-03-01", to: "2041-03-31", type: null, sort: "revenue", showAll: false } as const;

test("visitors are sent to sign in and signed-in users without the admin role are refused, for the page and the CSV", async () => {
  for (const path of ["/admin/marketing?from=2041-03-01&to=2041-03-31", "/admin/marketing.csv?from=2041-03-01&to=2041-03-31"]) {
    const visitor = await fetchApp(path);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);

    for (const roles of [["client"], ["coach"], []] as const) {
      const cookie = await webSession(await createUser({ roles: [...roles] }));
      const refused = await fetchApp(path, { cookie });
      expect(refused.status, `${path} as ${roles.join() || "no role"}`).toBe(302);
      expect(refused.headers.get("Location")).toBe("/");
      expect(await refused.text()).not.toContain("google");
    }
  }
});

test("the report sums page views and conversions per source / medium / campaign within the Sydney days, in both models", async () => {
  await seedMarch2041();

  const last = await loadMarketingReport(env.DB, { ...MARCH_2041, model: "last" });
  const bySource = (report: typeof last, key: string) => report.sources.find((row) => `${row.source}/${row.medium}/${row.campaign}` === key);
  expect(bySource(last, "google/cpc/brand")).toEqual({
    source: "google",
    medium: "cpc",
    campaign: "brand",
    pageViews: 120,
    inquiries: 2,
    checkouts: 1,
    payments: 1,
    conversions: 4,
    revenueCents: 49_500,
  });
  expect(bySource(last, "facebook/social/spring")).toEqual({
    source: "facebook",
    medium: "social",
    campaign: "spring",
    pageViews: 50,
    inquiries: 1,
    checkouts: 1,
    payments: 1,
    conversions: 3,
    revenueCents: 165_000,
  });
  expect(last.sources).toHaveLength(2);
  expect(last.totals).toEqual({ pageViews: 170, inquiries: 3, checkouts: 2, payments: 2, conversions: 7, revenueCents: 214_500 });
  expect(last.byType).toMatchObject({
    CONTACT_FORM: 2,
    PACKAGE_INQUIRY: 1,
    BEGIN_CHECKOUT: 1,
    PACKAGE_CHECKOUT: 1,
    PAYMENT_COMPLETION: 2,
    SOFTWARE_INQUIRY: 0,
  });
  expect(last.forwarding).toEqual({ forwarded: 2, partly_forwarded: 1, pending: 1, failed: 1, withheld_gpc: 1, not_forwarded: 1 });

  // Every day of the range, the last one holding the 23:30 payment and its checkout.
  expect(last.days).toHaveLength(31);
  expect(last.days[0]).toEqual({ day: "2041-03-01", pageViews: 0, conversions: 1, revenueCents: 0 });
  expect(last.days.at(-1)).toEqual({ day: "2041-03-31", pageViews: 50, conversions: 2, revenueCents: 49_500 });
  expect(last.days.find((d) => d.day === "2041-03-05")).toEqual({ day: "2041-03-05", pageViews: 120, conversions: 1, revenueCents: 0 });

  // First touch: the payment counts for organic search; page views stay with the latest source.
  const first = await loadMarketingReport(env.DB, { ...MARCH_2041, model: "first" });
  expect(bySource(first, "google/cpc/brand")).toMatchObject({ pageViews: 120, inquiries: 2, checkouts: 1, payments: 0, revenueCents: 0 });
  expect(bySource(first, "google/organic/(not set)")).toMatchObject({ pageViews: 0, inquiries: 0, payments: 1, revenueCents: 49_500 });
  expect(first.totals).toEqual(last.totals);

  // One day's range: only the last day, 23:30 included.
  const lastDay = await loadMarketingReport(env.DB, { ...MARCH_2041, from: "2041-03-31", model: "last" });
  expect(lastDay.totals).toEqual({ pageViews: 50, inquiries: 0, checkouts: 1, payments: 1, conversions: 2, revenueCents: 49_500 });

  // A type filter keeps the page views and counts that type only.
  const payments = await loadMarketingReport(env.DB, { ...MARCH_2041, model: "last", type: "PAYMENT_COMPLETION" });
  expect(payments.totals).toEqual({ pageViews: 170, inquiries: 0, checkouts: 0, payments: 2, conversions: 2, revenueCents: 214_500 });
  expect(payments.forwarding).toMatchObject({ forwarded: 1, pending: 1, failed: 0 });
});

test("the page shows the summary, the funnel, the sources table with totals, the chart with its table and the forwarding counts", async () => {
  await insertConversion({ type: "CONTACT_FORM", at: "2042-05-02T02:00:00.000Z", source: "newsletter", medium: "email", campaign: "may-tips" });
  await insertConversion({ type: "CONTACT_FORM", at: "2042-05-03T02:00:00.000Z", source: "newsletter", medium: "email", campaign: "may-tips" });
  await insertConversion({
    type: "BEGIN_CHECKOUT",
    at: "2042-05-03T03:00:00.000Z",
    source: "newsletter",
    medium: "email",
    campaign: "may-tips",
    valueCents: 123_456,
  });
  await insertConversion({
    type: "PAYMENT_COMPLETION",
    at: "2042-05-03T03:10:00.000Z",
    source: "newsletter",
    medium: "email",
    campaign: "may-tips",
    valueCents: 123_456,
    forwardStatus: "withheld_gpc",
  });
  await insertPageViews("2042-05-02", "newsletter", "email", "may-tips", "/", 400);
  await insertPageViews("2042-05-02", "(direct)", "(none)", "(not set)", "/", 100);
  const cookie = (await createSignedInUser({ roles: ["admin"] })).cookie;

  const response = await fetchApp("/admin/marketing?from=2042-05-01&to=2042-05-31", { cookie });
  expect(response.status).toBe(200);
  const html = await pageText(response);
  expect(html).toContain('<h2 id="marketing-heading">Marketing</h2>');
  // Summary: page views, inquiries, checkouts, payments, revenue and the page view → inquiry rate (2 / 500).
  expect(html).toMatch(/<strong>500<\/strong> page views/);
  expect(html).toMatch(/<strong>2<\/strong> inquiries/);
  expect(html).toMatch(/<strong>A\$1,234\.56<\/strong> revenue/);
  expect(html).toMatch(/<strong>0\.40%<\/strong> conversion rate/);
  // The funnel, with each step's share of the previous one.
  expect(html).toMatch(/<strong>Checkouts<\/strong>: 1<span class="hint"> \(50\.0% of inquiries\)/);
  expect(html).toMatch(/<strong>Payments<\/strong>: 1<span class="hint"> \(100\.0% of checkouts\)/);
  // The table: the newsletter row first (by revenue), then direct; the totals row.
  const table = html.slice(html.indexOf('class="admin-table marketing-table"'));
  const newsletterRow = table.indexOf("newsletter / email");
  const directRow = table.indexOf("(direct) / (none)");
  expect(newsletterRow).toBeGreaterThan(0);
  expect(directRow).toBeGreaterThan(newsletterRow);
  expect(table).toMatch(
    /newsletter \/ email<\/th><td class="cell-wrap">may-tips<\/td><td>400<\/td><td>2<\/td><td>1<\/td><td>1<\/td><td class="cell-nowrap">A\$1,234\.56<\/td>/,
  );
  expect(table).toMatch(/Total \(2 rows\)<\/th><td>500<\/td><td>2<\/td><td>1<\/td><td>1<\/td><td class="cell-nowrap">A\$1,234\.56<\/td>/);
  // Sorted by conversions instead, from a link.
  expect(html).toContain('href="/admin/marketing?from=2042-05-01&to=2042-05-31&sort=conversions"');
  // The chart: an SVG image with a name and a description, and a table of the same figures.
  expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="[^"]+"/);
  expect(html).toContain("Conversions and revenue per day</title>");
  expect(html).toContain("4 conversions and A$1,234.56 revenue");
  expect(html).toMatch(/<summary>Show the figures as a table<\/summary>/);
  expect(html).toMatch(/<time datetime="2042-05-03">3 May 2042<\/time><\/th><td>0<\/td><td>3<\/td><td class="cell-nowrap">A\$1,234\.56<\/td>/i);
  // Forwarding, and the CSV link with the same range.
  expect(html).toMatch(/Withheld for Global Privacy Control: <strong>1<\/strong>/);
  expect(html).toMatch(/Not forwarded: <strong>3<\/strong>/);
  expect(html).toContain('href="/admin/marketing.csv?from=2042-05-01&to=2042-05-31"');
});

test("without dates the page shows the last 30 days including today in Sydney, with the presets", async () => {
  const cookie = (await createSignedInUser({ roles: ["admin"] })).cookie;
  const today = sydneyDay(new Date());
  const html = await pageText(await fetchApp("/admin/marketing", { cookie }));
  expect(html).toMatch(new RegExp(`name="from" type="date"[^>]*value="${addDays(today, -29)}"`));
  expect(html).toMatch(new RegExp(`name="to" type="date"[^>]*value="${today}"`));
  for (const preset of ["Last 7 days", "Last 30 days", "Last 90 days", "This month", "Last month"]) expect(html).toContain(`>${preset}</a>`);
  expect(html).toContain(`href="/admin/marketing?from=${addDays(today, -6)}&to=${today}"`);
  expect(html).toMatch(/aria-current="true"[^>]*>Last 30 days</);
});

test("bad parameters get a clear message and a 400, on the page and the CSV; 13 months is the longest range", async () => {
  const cookie = (await createSignedInUser({ roles: ["admin"] })).cookie;
  const cases: [string, string][] = [
    ["from=2041-02-30&to=2041-03-31", "Enter the start date as a real date"],
    ["from=yesterday&to=2041-03-31", "Enter the start date as a real date"],
    ["from=2041-03-01&to=31%2F03%2F2041", "Enter the end date as a real date"],
    ["from=2041-04-01&to=2041-03-31", "The start date must be on or before the end date."],
    ["from=2040-01-01&to=2041-02-01", "Choose a range of 13 months or less."],
    ["from=2041-03-01&to=2041-03-31&type=SIGN_UP", "Choose a conversion type from the list."],
    ["from=1999-12-31&to=2000-01-01", "Enter the start date as a real date"],
  ];
  for (const [search, message] of cases) {
    const page = await fetchApp(`/admin/marketing?${search}`, { cookie });
    expect(page.status, search).toBe(400);
    const html = await pageText(page);
    expect(html, search).toContain(message);
    expect(html).toContain("The report can't be shown for that range.");
    expect(html).not.toContain("marketing-table");
    const csv = await fetchApp(`/admin/marketing.csv?${search}`, { cookie });
    expect(csv.status, search).toBe(400);
    expect(csv.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(await csv.text()).toContain(message);
  }
  // Exactly 13 months, and unknown model or sort values fall back to the defaults.
  expect((await fetchApp("/admin/marketing?from=2040-01-01&to=2041-01-31", { cookie })).status).toBe(200);
  expect((await fetchApp("/admin/marketing?from=2040-01-01&to=2041-01-31&model=middle&sort=x&all=yes", { cookie })).status).toBe(200);
  expect((await fetchApp("/admin/marketing.csv?from=2040-01-01&to=2041-01-31", { cookie })).status).toBe(200);
});

test("the CSV has one row per conversion in Sydney time, escapes cells and formulas, and holds no user ids or attribution snapshots", async () => {
  const user = await createUser();
  const attribution: AttributionRecord = {
    v: 1,
    sessionId: "session-csv-secret",
    first: { source: "google", medium: "cpc", campaign: "=cmd|' /C calc'!A0", gclid: "GCLID-SECRET", landingPage: "/services", at: "2043-06-01T00:00:00.000Z" },
    last: { source: "newsletter", medium: "email", campaign: 'june, "winter"', landingPage: "/pricing?plan=pro", at: "2043-06-02T00:00:00.000Z" },
    touches: 2,
    gpc: false,
  };
  await insertConversion({
    type: "PAYMENT_COMPLETION",
    at: "2043-06-02T13:30:00.000Z", // 23:30 AEST on 2 June
    source: "newsletter",
    medium: "email",
    campaign: 'june, "winter"',
    first: ["google", "cpc", "=cmd|' /C calc'!A0"],
    valueCents: 165_000,
    label: "+Clarity Pro package",
    userId: user.id,
    forwardStatus: "withheld_gpc",
    attribution,
  });
  await insertConversion({
    type: "CONTACT_FORM",
    at: "2043-06-01T00:05:00.000Z",
    source: "(direct)",
    medium: "(none)",
    campaign: "(not set)",
    label: "@contact",
  });
  await insertConversion({ type: "CONTACT_FORM", at: "2043-06-03T14:30:00.000Z", source: "(direct)", medium: "(none)", campaign: "(not set)" }); // 4 June in Sydney
  const cookie = (await createSignedInUser({ roles: ["admin"] })).cookie;

  const response = await fetchApp("/admin/marketing.csv?from=2043-06-01&to=2043-06-03", { cookie });
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="marketing-conversions-2043-06-01-to-2043-06-03.csv"');
  expect(response.headers.get("Cache-Control")).toMatch(/no-store/);
  const bytes = new Uint8Array(await response.arrayBuffer());
  // A UTF-8 byte-order mark first, so spreadsheet apps read the file as UTF-8.
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder().decode(bytes);
  const lines = text.split("\r\n");
  expect(lines.at(-1)).toBe("");
  expect(lines[0]).toBe(
    'Date (Sydney),Time (Sydney),Type,Label,"Value (AUD, incl. GST)",Source,Medium,Campaign,First-touch source,First-touch medium,First-touch campaign,Landing page,Forward status',
  );
  expect(lines.slice(1, -1)).toEqual([
    "2043-06-01,10:05:00,CONTACT_FORM,'@contact,0.00,(direct),(none),(not set),(direct),(none),(not set),,not_forwarded",
    `2043-06-02,23:30:00,PAYMENT_COMPLETION,'+Clarity Pro package,1650.00,newsletter,email,"june, ""winter""",google,cpc,'=cmd|' /C calc'!A0,/pricing?plan=pro,withheld_gpc`,
  ]);
  for (const secret of [user.id, user.email, "session-csv-secret", "GCLID-SECRET", '"v":1']) expect(text).not.toContain(secret);

  // A type filter applies to the CSV as well.
  const contacts = await (await fetchApp("/admin/marketing.csv?from=2043-06-01&to=2043-06-04&type=CONTACT_FORM", { cookie })).text();
  expect(contacts.split("\r\n").filter((line) => line.includes("CONTACT_FORM"))).toHaveLength(2);
  expect(contacts).not.toContain("PAYMENT_COMPLETION");
});

test("a CSV larger than one read holds every conversion once, in order", async () => {
  const statements = [];
  for (let i = 0; i < 12_000; i++) {
    const day = `2044-01-${String(1 + (i % 28)).padStart(2, "0")}`;
    statements.push(
      env.DB.prepare(
        "INSERT INTO conversions (id, type, dedupe_key, value_cents, occurred_at, report_date, source, medium, campaign, first_source, first_medium, first_campaign) VALUES (?, 'CONTACT_FORM', ?, 0, ?, ?, 'google', 'cpc', 'bulk', 'google', 'cpc', 'bulk')",
      ).bind(`bulk-${i}`, `test:bulk-${i}`, `${day}T01:${String(i % 60).padStart(2, "0")}:00.000Z`, day),
    );
  }
  for (let i = 0; i < statements.length; i += 1_000) await env.DB.batch(statements.slice(i, i + 1_000));
  const cookie = (await createSignedInUser({ roles: ["admin"] })).cookie;
  const text = await (await fetchApp("/admin/marketing.csv?from=2044-01-01&to=2044-01-31", { cookie })).text();
  const rows = text.split("\r\n").slice(1, -1);
  expect(rows).toHaveLength(12_000);
  const days = rows.map((row) => row.slice(0, 10));
  expect(days).toEqual([...days].sort());
});

test("the report's queries read the covering indexes and the page view counters' key", async () => {
  const plan = async (sql: string, binds: (string | number)[]) =>
    (
      await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...binds)
        .all<{ detail: string }>()
    ).results
      .map((row) => row.detail)
      .join(" | ");
  for (const type of [null, "CONTACT_FORM"] as const) {
    const last = reportStatements({ ...MARCH_2041, type, model: "last" });
    expect(await plan(last.bySource.sql, last.bySource.binds)).toMatch(
      /SEARCH conversions USING COVERING INDEX conversions_report_idx \(report_date>\? AND report_date<\?\)/,
    );
    expect(await plan(last.byDay.sql, last.byDay.binds)).toMatch(
      /USING COVERING INDEX conversions_(report|first_touch)_idx \(report_date>\? AND report_date<\?\)/,
    );
    expect(await plan(last.forwarding.sql, last.forwarding.binds)).toMatch(
      /SEARCH conversions USING (COVERING )?INDEX conversions_\w+_idx \(report_date>\? AND report_date<\?\)/,
    );
    // The per-day queries read the index in order: nothing to sort.
    expect(await plan(last.byDay.sql, last.byDay.binds)).not.toMatch(/TEMP B-TREE/);
    expect(await plan(last.pageViewsByDay.sql, last.pageViewsByDay.binds)).not.toMatch(/TEMP B-TREE/);
    expect(await plan(last.pageViewsBySource.sql, last.pageViewsBySource.binds)).toMatch(
      /SEARCH page_view_counts USING INDEX sqlite_autoindex_page_view_counts_1 \(day>\? AND day<\?\)/,
    );
    expect(await plan(last.pageViewsByDay.sql, last.pageViewsByDay.binds)).toMatch(
      /SEARCH page_view_counts USING INDEX sqlite_autoindex_page_view_counts_1 \(day>\? AND day<\?\)/,
    );
    const first = reportStatements({ ...MARCH_2041, type, model: "first" });
    expect(await plan(first.bySource.sql, first.bySource.binds)).toMatch(
      /SEARCH conversions USING COVERING INDEX conversions_first_touch_idx \(report_date>\? AND report_date<\?\)/,
    );
  }
});

test("page views folded into (other) show last, as Other sources, with how many there were and why", async () => {
  await insertPageViews("2045-06-03", "(other)", "(other)", "(other)", "/", 1_300);
  await insertPageViews("2045-06-03", "(other)", "(other)", "(other)", "/pricing", 200);
  await insertPageViews("2045-06-03", "newsletter", "email", "june", "/", 40);
  await insertPageViews("2045-06-03", "(direct)", "(none)", "(not set)", "/", 10);
  const html = await pageText(
    await fetchApp("/admin/marketing?from=2045-06-01&to=2045-06-30", { cookie: (await createSignedInUser({ roles: ["admin"] })).cookie }),
  );
  const table = html.slice(html.indexOf('class="admin-table marketing-table"'));
  // Last, whatever its count: it is not a source of its own.
  const newsletter = table.indexOf("newsletter / email");
  const direct = table.indexOf("(direct) / (none)");
  const other = table.indexOf("Other sources");
  expect(newsletter).toBeGreaterThan(0);
  expect(direct).toBeGreaterThan(newsletter);
  expect(other).toBeGreaterThan(direct);
  expect(table).toMatch(/Other sources<\/th><td class="cell-wrap">—<\/td><td>1,500<\/td>/);
  expect(table).not.toContain("(other) / (other)");
  expect(table).toMatch(/Total \(3 rows\)<\/th><td>1,550<\/td>/);
  expect(html).toContain(
    "Other sources: 1,500 page views from campaign links beyond the first 200 source / medium / campaign combinations of their day, counted together.",
  );
});
