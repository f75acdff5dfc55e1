// The marketing report's rules, shared by its page, its CSV download and the server queries: the
// query parameters and their validation, the date-range presets in Sydney days, and the formats.
// Plain TypeScript: safe in the browser.
import { CONVERSION_TYPES, FUNNEL_STAGES, OTHER_SOURCES, type ConversionType, type ForwardStatus, type RecordedConversionType } from "./types";

export const REPORT_MODELS = ["last", "first"] as const;
export type ReportModel = (typeof REPORT_MODELS)[number];
export const REPORT_SORTS = ["revenue", "conversions"] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];

/** Rows of the source table shown before "Show all". */
export const TOP_ROWS = 20;
/** The longest range the report covers, in calendar months. */
export const MAX_RANGE_MONTHS = 13;
/** The default range: this many days, today included. */
export const DEFAULT_RANGE_DAYS = 30;

export type ReportQuery = {
  /** YYYY-MM-DD in Sydney, inclusive. */
  from: string;
  /** YYYY-MM-DD in Sydney, inclusive. */
  to: string;
  model: ReportModel;
  type: ConversionType | null;
  sort: ReportSort;
  showAll: boolean;
};

export type ParsedReportQuery =
  | { ok: true; query: ReportQuery }
  | {
      ok: false;
      /** What was asked for, cut to a safe length, for the form to show again. */
      input: { from: string; to: string; model: ReportModel; type: ConversionType | null };
      errors: string[];
    };

export const CONVERSION_TYPE_LABELS: Record<ConversionType, string> = {
  PAGE_VIEW: "Page view",
  CONTACT_FORM: "Contact form",
  SOFTWARE_INQUIRY: "Software inquiry",
  PACKAGE_INQUIRY: "Package inquiry",
  BOOKING_SUBMISSION: "Booking request",
  DISCOVERY_CALL_BOOKING: "Discovery call booking",
  BEGIN_CHECKOUT: "Checkout started",
  PACKAGE_CHECKOUT: "Package checkout",
  PAYMENT_COMPLETION: "Payment",
};

export const FUNNEL_STAGE_LABELS = { pageViews: "Page views", inquiries: "Inquiries", checkouts: "Checkouts", payments: "Payments" } as const;

/** Which funnel stage a recorded conversion type counts towards. */
export function stageOf(type: RecordedConversionType): keyof typeof FUNNEL_STAGES {
  for (const stage of Object.keys(FUNNEL_STAGES) as (keyof typeof FUNNEL_STAGES)[]) {
    if ((FUNNEL_STAGES[stage] as readonly string[]).includes(type)) return stage;
  }
  return "inquiries";
}

export type SourceRow = {
  source: string;
  medium: string;
  campaign: string;
  pageViews: number;
  inquiries: number;
  checkouts: number;
  payments: number;
  /** inquiries + checkouts + payments. */
  conversions: number;
  /** The payments' value, AUD cents, GST included. */
  revenueCents: number;
};

export type DayRow = { day: string; pageViews: number; conversions: number; revenueCents: number };

export type MarketingReport = {
  totals: Omit<SourceRow, "source" | "medium" | "campaign">;
  /** Every source / medium / campaign with page views or conversions in the range, unsorted. */
  sources: SourceRow[];
  /** Every day of the range, oldest first (days without data as zeros). */
  days: DayRow[];
  /** How many of the range's conversions reached the ad platforms, by forwarding status. */
  forwarding: Record<ForwardStatus, number>;
  /** Conversions per type in the range. */
  byType: Record<RecordedConversionType, number>;
};

/** The row of page views counted under OTHER_SOURCES: a day's sources beyond its first PAGE_VIEW_SOURCES_PER_DAY. */
export function isOtherSources(row: Pick<SourceRow, "source" | "medium" | "campaign">): boolean {
  return row.source === OTHER_SOURCES.source && row.medium === OTHER_SOURCES.medium && row.campaign === OTHER_SOURCES.campaign;
}

/**
 * The source table's order: by revenue (then conversions) or by conversions (then revenue), then
 * page views and name; "(other)" last, as it is not a source of its own.
 */
export function sortSourceRows(rows: SourceRow[], sort: ReportSort): SourceRow[] {
  const name = (row: SourceRow) => `${row.source} / ${row.medium} / ${row.campaign}`;
  return [...rows].sort((a, b) => {
    if (isOtherSources(a) !== isOtherSources(b)) return isOtherSources(a) ? 1 : -1;
    const primary =
      sort === "revenue" ? b.revenueCents - a.revenueCents || b.conversions - a.conversions : b.conversions - a.conversions || b.revenueCents - a.revenueCents;
    return primary || b.pageViews - a.pageViews || name(a).localeCompare(name(b));
  });
}

// ── Calendar days ───────────────────────────────────────────────────────────────────────────────

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(day: string): [number, number, number] {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return [year, month, date];
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A real calendar date written YYYY-MM-DD, between the years 2000 and 2100. */
export function isDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2100) return false;
  return fromUtc(Date.UTC(year, month - 1, date)) === value;
}

export function addDays(day: string, days: number): string {
  const [year, month, date] = parts(day);
  return fromUtc(Date.UTC(year, month - 1, date + days));
}

/** The same date `months` later (clamped to the month's last day). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = parts(day);
  const last = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return fromUtc(Date.UTC(year, month - 1 + months, Math.min(date, last)));
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

export function defaultRange(today: string): { from: string; to: string } {
  return { from: addDays(today, -(DEFAULT_RANGE_DAYS - 1)), to: today };
}

/** The quick ranges beside the date fields, each ending today or at the end of last month. */
export function rangePresets(today: string): { label: string; from: string; to: string }[] {
  const [year, month] = parts(today);
  const monthStart = `${year}-${String(month).padStart(2, "0")}-01`;
  const lastMonthStart = addMonths(monthStart, -1);
  return [
    { label: "Last 7 days", from: addDays(today, -6), to: today },
    { label: "Last 30 days", from: addDays(today, -29), to: today },
    { label: "Last 90 days", from: addDays(today, -89), to: today },
    { label: "This month", from: monthStart, to: today },
    { label: "Last month", from: lastMonthStart, to: addDays(monthStart, -1) },
  ];
}

const longDay = new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const shortDay = new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "short", timeZone: "UTC" });

/** "3 Mar 2026" for a YYYY-MM-DD day. */
export function formatDay(day: string): string {
  const [year, month, date] = parts(day);
  return longDay.format(new Date(Date.UTC(year, month - 1, date)));
}

/** "3 Mar" for a YYYY-MM-DD day. */
export function formatShortDay(day: string): string {
  const [year, month, date] = parts(day);
  return shortDay.format(new Date(Date.UTC(year, month - 1, date)));
}

// ── Query parameters ────────────────────────────────────────────────────────────────────────────

function one(params: URLSearchParams, name: string): string {
  return (params.get(name) ?? "").trim().slice(0, 40);
}

/**
 * Reads the report's query parameters. Missing dates default to the last 30 days including
 * `today` (a Sydney day); the model, sort and "show all" fall back to their defaults. Bad dates,
 * a start after the end or a range longer than 13 months are errors, as is an unknown type.
 */
export function parseReportQuery(params: URLSearchParams, today: string): ParsedReportQuery {
  const defaults = defaultRange(today);
  const fromInput = one(params, "from");
  const toInput = one(params, "to");
  const typeInput = one(params, "type");
  const model: ReportModel = one(params, "model") === "first" ? "first" : "last";
  const sort: ReportSort = one(params, "sort") === "conversions" ? "conversions" : "revenue";
  const showAll = one(params, "all") === "1";
  const type = (CONVERSION_TYPES as readonly string[]).includes(typeInput) ? (typeInput as ConversionType) : null;
  const from = fromInput || defaults.from;
  const to = toInput || defaults.to;

  const errors: string[] = [];
  if (typeInput && !type) errors.push("Choose a conversion type from the list.");
  const fromValid = isDay(from);
  const toValid = isDay(to);
  if (!fromValid) errors.push("Enter the start date as a real date (for example 2026-03-01).");
  if (!toValid) errors.push("Enter the end date as a real date (for example 2026-03-31).");
  if (fromValid && toValid) {
    if (from > to) errors.push("The start date must be on or before the end date.");
    else if (to >= addMonths(from, MAX_RANGE_MONTHS)) errors.push(`Choose a range of ${MAX_RANGE_MONTHS} months or less.`);
  }
  if (errors.length) return { ok: false, input: { from: fromInput, to: toInput, model, type }, errors };
  return { ok: true, query: { from, to, model, type, sort, showAll } };
}

/** The URL's query string for a report view (defaults left out). */
export function reportSearch(query: Pick<ReportQuery, "from" | "to" | "model" | "type"> & Partial<Pick<ReportQuery, "sort" | "showAll">>): string {
  const params = new URLSearchParams({ from: query.from, to: query.to });
  if (query.model !== "last") params.set("model", query.model);
  if (query.type) params.set("type", query.type);
  if (query.sort && query.sort !== "revenue") params.set("sort", query.sort);
  if (query.showAll) params.set("all", "1");
  return `?${params}`;
}

// ── Formats ─────────────────────────────────────────────────────────────────────────────────────

const aud = new Intl.NumberFormat("en-AU", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat("en-AU");

/** AUD cents as "A$1,234.00". */
export function formatAudCents(cents: number): string {
  return `A$${aud.format(cents / 100)}`;
}

/** A count with thousands separators: "12,345". */
export function formatCount(n: number): string {
  return whole.format(n);
}

/** part / whole as "12.3%", or "—" when there is nothing to divide by. */
export function formatRate(part: number, of: number): string {
  if (!of) return "—";
  const percent = (part / of) * 100;
  return `${percent >= 10 || percent === 0 ? percent.toFixed(1) : percent.toFixed(2)}%`;
}

// ── CSV ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a text that a spreadsheet would
 * run as a formula (starting with = + - @, a tab or a carriage return) is prefixed with '.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(cells: (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** Cents as a plain decimal for a spreadsheet: 123456 → "1234.56". */
export function centsToDecimal(cents: number): string {
  return (cents / 100).toFixed(2);
}
