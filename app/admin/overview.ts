import { centsToDecimal, csvRow } from "~/attribution/report";
import type { Figure, FigureUnit } from "./figures";
import type { Period } from "./periods";

// The overview's presentation rules, shared by the page and its CSV: the groups in order, how a
// figure's value reads, the trend chart's geometry and the CSV itself. Browser-safe and pure.

export const FIGURE_GROUPS: { key: string; label: string }[] = [
  { key: "money", label: "Money and GST" },
  { key: "subscriptions", label: "ClarityAI subscriptions" },
  { key: "sales", label: "Sales" },
  { key: "coaching", label: "Coaching" },
  { key: "operations", label: "Operations" },
];

/** The figures of each group in FIGURE_GROUPS order (a group no figure names is left out; an unknown group goes last). */
export function groupFigures(figures: Figure[]): { key: string; label: string; figures: Figure[] }[] {
  const known = FIGURE_GROUPS.map((group) => ({ ...group, figures: figures.filter((figure) => figure.group === group.key) }));
  const others = figures.filter((figure) => !FIGURE_GROUPS.some((group) => group.key === figure.group));
  const extra = others.length ? [{ key: "other", label: "Other", figures: others }] : [];
  return [...known, ...extra].filter((group) => group.figures.length > 0);
}

const aud = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });
const count = new Intl.NumberFormat("en-AU", { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat("en-AU", { maximumFractionDigits: 1 });

/** "$1,234.50", "1,204", "12.5%", "3.5 days". */
export function formatFigure(value: number, unit: FigureUnit): string {
  switch (unit) {
    case "cents":
      return aud.format(value / 100);
    case "count":
      return count.format(value);
    case "percent":
      return `${decimal.format(value)}%`;
    case "days":
      return `${decimal.format(value)} ${value === 1 ? "day" : "days"}`;
  }
}

export type Spark = { width: number; height: number; points: string; last: { x: number; y: number } | null };

/** The polyline of a small trend chart: values scaled to the box (0 at the bottom), oldest on the left. */
export function sparkline(trend: number[], width = 120, height = 32, pad = 3): Spark {
  if (trend.length === 0) return { width, height, points: "", last: null };
  const max = Math.max(...trend, 0);
  const min = Math.min(...trend, 0);
  const span = max - min || 1;
  const step = trend.length > 1 ? (width - 2 * pad) / (trend.length - 1) : 0;
  const coords = trend.map((value, i) => {
    const x = trend.length > 1 ? pad + i * step : width / 2;
    const y = height - pad - ((value - min) / span) * (height - 2 * pad);
    return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
  });
  return { width, height, points: coords.map((c) => `${c.x},${c.y}`).join(" "), last: coords[coords.length - 1]! };
}

/** A value as a spreadsheet reads it: dollars with cents for money, the number otherwise. */
function csvValue(value: number, unit: FigureUnit): string | number {
  return unit === "cents" ? centsToDecimal(value) : value;
}

const CSV_UNITS: Record<FigureUnit, string> = { cents: "AUD", count: "count", percent: "percent", days: "days" };

/** The figures as CSV: one row per figure, the period's value then one column per trend bucket (blank for point-in-time figures). */
export function overviewCsv(figures: Figure[], period: Period): string {
  const header = ["period", "from", "to", "group", "key", "figure", "unit", "value", ...period.bucketLabels.map((label) => `trend ${label}`)];
  const rows = figures.map((figure) => [
    period.label,
    period.firstDay,
    period.lastDay,
    figure.group,
    figure.key,
    figure.label,
    CSV_UNITS[figure.unit],
    csvValue(figure.value, figure.unit),
    ...period.bucketLabels.map((_, i) => (figure.trend.length === period.bucketLabels.length ? csvValue(figure.trend[i]!, figure.unit) : "")),
  ]);
  return `\uFEFF${[header, ...rows].map(csvRow).join("")}`;
}
