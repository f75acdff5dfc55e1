// Money in the worksheets: amounts are typed and stored in dollars (up to two decimal places) and
// calculated in whole cents, so totals never pick up floating-point crumbs (0.1 + 0.2).

/** Dollars (as typed, at most two decimal places) to whole cents. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Whole cents to dollars, for storage and spreadsheets. */
export function toDollars(cents: number): number {
  return cents / 100;
}

/**
 * numerator ÷ denominator rounded to the nearest whole number, halves away from zero (the ATO's rule
 * for GST: round to the nearest cent, half a cent up). Integers in, integer out: no floating point.
 */
export function divideRounded(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  return sign * Math.floor((2 * n + d) / (2 * d)) || 0;
}

const AUD = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", minimumFractionDigits: 2, maximumFractionDigits: 2 });
const AUD_WHOLE = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** "$1,234.50", "-$80.00". */
export function formatCents(cents: number): string {
  return AUD.format(cents / 100);
}

/** "$1,234.5" without forced cents: compact figures in the forecast grid. */
export function formatCentsShort(cents: number): string {
  return AUD_WHOLE.format(cents / 100);
}

/** A plain number for CSV and text: "1234.50", "-80.00". */
export function plainCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** The largest amount a worksheet accepts, in dollars: well past any small business's weekly figures. */
export const MAX_DOLLARS = 100_000_000;

/**
 * What the owner typed as an amount, in dollars: "1250", "1,250.50", "$1250", "-300" (when negatives
 * are allowed). Empty is 0. null when it is not an amount.
 */
export function parseDollars(text: string, options: { allowNegative?: boolean } = {}): number | null {
  const cleaned = text.replace(/[\s,$]/g, "").replace(/^\((.*)\)$/, "-$1");
  if (cleaned === "") return 0;
  const pattern = options.allowNegative ? /^-?\d+(\.\d{1,2})?$/ : /^\d+(\.\d{1,2})?$/;
  if (!pattern.test(cleaned)) return null;
  const value = Number(cleaned);
  return Math.abs(value) <= MAX_DOLLARS ? value : null;
}
