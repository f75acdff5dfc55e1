// The admin overview's figures: each domain answers for a period (a half-open UTC range) and the
// period's trend buckets, and the overview page lays them out, links them and exports them as CSV.

/** A half-open range of instants, [start, end), as UTC ISO strings. */
export type Range = { start: string; end: string };

export type FigureQuery = {
  /** The period shown (this week, month, quarter or financial year, in Australia/Sydney time). */
  range: Range;
  /** The period's trend buckets, oldest first (e.g. the last 8 weeks for "week"); the last is `range`. */
  buckets: Range[];
  now: Date;
};

export type FigureUnit = "cents" | "count" | "percent" | "days";

export type Figure = {
  /** Stable id, also the CSV's key: "revenue", "gst_collected", "mrr"… */
  key: string;
  /** The overview's section: "money", "subscriptions", "sales", "coaching", "operations". */
  group: string;
  label: string;
  /** cents for money (AUD), a count, a percent (0–100) or days. */
  value: number;
  unit: FigureUnit;
  /** The list this figure comes from, filtered to the period where the list can be. */
  href: string;
  /** One value per query bucket, in bucket order; empty when a trend means nothing (a point-in-time figure). */
  trend: number[];
  /** A short explanation under the figure ("excluding GST", "from 1 July"). */
  hint?: string;
  /** True when the figure is something to act on now (open escalations, failed jobs). */
  attention?: boolean;
};
