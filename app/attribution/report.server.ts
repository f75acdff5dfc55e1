// The marketing report (/admin/marketing and its CSV): page views from the daily counters and the
// recorded conversions, grouped by source / medium / campaign (last or first touch) and by day.
// Every query starts from report_date, so it reads a slice of the covering indexes
// conversions_report_idx / conversions_first_touch_idx; the page's queries go to D1 as one batch.
import { centsToDecimal, csvRow, daysBetween, stageOf, type DayRow, type MarketingReport, type ReportQuery, type SourceRow } from "./report";
import { FORWARD_STATUSES, FUNNEL_STAGES, RECORDED_CONVERSION_TYPES, type AttributionRecord, type ForwardStatus, type RecordedConversionType } from "./types";

/** The payment types as an SQL list (constants, never input). */
const PAYMENT_TYPES = FUNNEL_STAGES.payments.map((type) => `'${type}'`).join(", ");

type Statement = { sql: string; binds: (string | number)[] };

/** The conversions to count: the range, and the one type asked for (PAGE_VIEW: none, it has no rows). */
function conversionFilter(query: ReportQuery): Statement {
  const binds: (string | number)[] = [query.from, query.to];
  let sql = "report_date BETWEEN ?1 AND ?2";
  if (query.type) {
    sql += " AND type = ?3";
    binds.push(query.type);
  }
  return { sql, binds };
}

/** The report page's queries, in the order loadMarketingReport reads their results. */
export function reportStatements(query: ReportQuery): Record<"bySource" | "byDay" | "pageViewsBySource" | "pageViewsByDay" | "forwarding", Statement> {
  const filter = conversionFilter(query);
  const [source, medium, campaign] = query.model === "first" ? ["first_source", "first_medium", "first_campaign"] : ["source", "medium", "campaign"];
  return {
    // Counted per day first, in the index's own order (no sort), then the much smaller per-day
    // groups are summed per source: several times faster than one GROUP BY over every row.
    bySource: {
      sql: `SELECT source, medium, campaign, type, sum(n) AS n, sum(cents) AS cents FROM (SELECT ${source} AS source, ${medium} AS medium, ${campaign} AS campaign, type, count(*) AS n, sum(value_cents) AS cents FROM conversions WHERE ${filter.sql} GROUP BY report_date, ${source}, ${medium}, ${campaign}, type) GROUP BY source, medium, campaign, type`,
      binds: filter.binds,
    },
    // Grouped by the index's first column only: read in order, no sort.
    byDay: {
      sql: `SELECT report_date AS day, count(*) AS n, sum(CASE WHEN type IN (${PAYMENT_TYPES}) THEN value_cents ELSE 0 END) AS revenue FROM conversions WHERE ${filter.sql} GROUP BY report_date`,
      binds: filter.binds,
    },
    pageViewsBySource: {
      sql: "SELECT source, medium, campaign, sum(views) AS views FROM (SELECT source, medium, campaign, sum(views) AS views FROM page_view_counts WHERE day BETWEEN ?1 AND ?2 GROUP BY day, source, medium, campaign) GROUP BY source, medium, campaign",
      binds: [query.from, query.to],
    },
    pageViewsByDay: {
      sql: "SELECT day, sum(views) AS views FROM page_view_counts WHERE day BETWEEN ?1 AND ?2 GROUP BY day",
      binds: [query.from, query.to],
    },
    // forward_status is in neither covering index: this one finds the range by report_date and
    // then reads each row. Counted per day first, so an index on (report_date, forward_status, type) would
    // serve it in order, index-only.
    forwarding: {
      sql: `SELECT status, sum(n) AS n FROM (SELECT forward_status AS status, count(*) AS n FROM conversions WHERE ${filter.sql} GROUP BY report_date, forward_status) GROUP BY status`,
      binds: filter.binds,
    },
  };
}

type GroupRow = { source: string; medium: string; campaign: string; type: RecordedConversionType; n: number; cents: number | null };
type DayGroupRow = { day: string; n: number; revenue: number | null };
type ViewsRow = { source: string; medium: string; campaign: string; views: number | null };
type DayViewsRow = { day: string; views: number | null };
type ForwardRow = { status: ForwardStatus; n: number };

const KEY_SEPARATOR = "\u0000";

export async function loadMarketingReport(d1: D1Database, query: ReportQuery): Promise<MarketingReport> {
  const statements = reportStatements(query);
  const prepare = (statement: Statement) => d1.prepare(statement.sql).bind(...statement.binds);
  const [bySource, byDay, viewsBySource, viewsByDay, forwardRows] = await d1.batch([
    prepare(statements.bySource),
    prepare(statements.byDay),
    prepare(statements.pageViewsBySource),
    prepare(statements.pageViewsByDay),
    prepare(statements.forwarding),
  ]);

  const sources = new Map<string, SourceRow>();
  const rowFor = (source: string, medium: string, campaign: string) => {
    const key = [source, medium, campaign].join(KEY_SEPARATOR);
    let row = sources.get(key);
    if (!row) {
      row = { source, medium, campaign, pageViews: 0, inquiries: 0, checkouts: 0, payments: 0, conversions: 0, revenueCents: 0 };
      sources.set(key, row);
    }
    return row;
  };
  const byType = Object.fromEntries(RECORDED_CONVERSION_TYPES.map((type) => [type, 0])) as Record<RecordedConversionType, number>;
  for (const group of (bySource!.results ?? []) as GroupRow[]) {
    const row = rowFor(group.source, group.medium, group.campaign);
    const stage = stageOf(group.type);
    row[stage] += group.n;
    row.conversions += group.n;
    if (stage === "payments") row.revenueCents += group.cents ?? 0;
    byType[group.type] = (byType[group.type] ?? 0) + group.n;
  }
  for (const group of (viewsBySource!.results ?? []) as ViewsRow[]) rowFor(group.source, group.medium, group.campaign).pageViews += group.views ?? 0;

  const days = new Map<string, DayRow>(daysBetween(query.from, query.to).map((day) => [day, { day, pageViews: 0, conversions: 0, revenueCents: 0 }]));
  for (const group of (byDay!.results ?? []) as DayGroupRow[]) {
    const day = days.get(group.day);
    if (!day) continue;
    day.conversions += group.n;
    day.revenueCents += group.revenue ?? 0;
  }
  for (const group of (viewsByDay!.results ?? []) as DayViewsRow[]) {
    const day = days.get(group.day);
    if (day) day.pageViews += group.views ?? 0;
  }

  const forwarding = Object.fromEntries(FORWARD_STATUSES.map((status) => [status, 0])) as Record<ForwardStatus, number>;
  for (const row of (forwardRows!.results ?? []) as ForwardRow[]) forwarding[row.status] = (forwarding[row.status] ?? 0) + row.n;

  const rows = [...sources.values()];
  const totals = rows.reduce(
    (sum, row) => ({
      pageViews: sum.pageViews + row.pageViews,
      inquiries: sum.inquiries + row.inquiries,
      checkouts: sum.checkouts + row.checkouts,
      payments: sum.payments + row.payments,
      conversions: sum.conversions + row.conversions,
      revenueCents: sum.revenueCents + row.revenueCents,
    }),
    { pageViews: 0, inquiries: 0, checkouts: 0, payments: 0, conversions: 0, revenueCents: 0 },
  );
  return { totals, sources: rows, days: [...days.values()], forwarding, byType };
}

// ── CSV download ────────────────────────────────────────────────────────────────────────────────

export const CSV_HEADER = [
  "Date (Sydney)",
  "Time (Sydney)",
  "Type",
  "Label",
  "Value (AUD, incl. GST)",
  "Source",
  "Medium",
  "Campaign",
  "First-touch source",
  "First-touch medium",
  "First-touch campaign",
  "Landing page",
  "Forward status",
];

/** Rows read from D1 per query: days are grouped until a group holds about this many conversions. */
const CSV_BATCH_ROWS = 5_000;

type CsvRow = {
  report_date: string;
  occurred_at: string;
  type: string;
  label: string | null;
  value_cents: number;
  source: string;
  medium: string;
  campaign: string;
  first_source: string;
  first_medium: string;
  first_campaign: string;
  attribution: string | null;
  forward_status: string;
};

const sydneyTime = new Intl.DateTimeFormat("en-AU", { timeZone: "Australia/Sydney", hourCycle: "h23", hour: "2-digit", minute: "2-digit", second: "2-digit" });

/** The last touch's landing page from the stored snapshot; nothing else of it leaves the database. */
function landingPage(attribution: string | null): string {
  if (!attribution) return "";
  try {
    const record = JSON.parse(attribution) as Partial<AttributionRecord>;
    const page = record.last?.landingPage ?? record.first?.landingPage;
    return typeof page === "string" ? page : "";
  } catch {
    return "";
  }
}

function csvLine(row: CsvRow): string {
  const at = new Date(row.occurred_at);
  return csvRow([
    row.report_date,
    Number.isNaN(at.getTime()) ? "" : sydneyTime.format(at),
    row.type,
    row.label ?? "",
    centsToDecimal(row.value_cents),
    row.source,
    row.medium,
    row.campaign,
    row.first_source,
    row.first_medium,
    row.first_campaign,
    landingPage(row.attribution),
    row.forward_status,
  ]);
}

/** Consecutive days grouped so each group holds about CSV_BATCH_ROWS conversions (a busy day alone). */
function dayGroups(counts: { day: string; n: number }[]): { from: string; to: string }[] {
  const groups: { from: string; to: string; n: number }[] = [];
  for (const { day, n } of counts) {
    const current = groups[groups.length - 1];
    if (current && current.n + n <= CSV_BATCH_ROWS) {
      current.to = day;
      current.n += n;
    } else {
      groups.push({ from: day, to: day, n });
    }
  }
  return groups.map(({ from, to }) => ({ from, to }));
}

/**
 * Every conversion of the range (and type) as CSV, oldest first, streamed: the days' counts come
 * from the index first, then each group of days is read with one query as the download proceeds.
 * No user ids, contact details or attribution snapshots: only the columns of CSV_HEADER.
 */
export async function conversionsCsv(d1: D1Database, query: ReportQuery): Promise<ReadableStream<Uint8Array>> {
  const filter = conversionFilter(query);
  const { results: counts } = await d1
    .prepare(`SELECT report_date AS day, count(*) AS n FROM conversions WHERE ${filter.sql} GROUP BY report_date ORDER BY report_date`)
    .bind(...filter.binds)
    .all<{ day: string; n: number }>();
  const groups = dayGroups(counts);
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        // A byte-order mark, so spreadsheet apps read the file as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${csvRow(CSV_HEADER)}`));
        return;
      }
      const group = groups.shift();
      if (!group) {
        controller.close();
        return;
      }
      const binds: (string | number)[] = [group.from, group.to];
      if (query.type) binds.push(query.type);
      const { results } = await d1
        .prepare(
          `SELECT report_date, occurred_at, type, label, value_cents, source, medium, campaign, first_source, first_medium, first_campaign, attribution, forward_status FROM conversions WHERE ${filter.sql} ORDER BY report_date, occurred_at, id`,
        )
        .bind(...binds)
        .all<CsvRow>();
      controller.enqueue(encoder.encode(results.map(csvLine).join("")));
    },
  });
}
