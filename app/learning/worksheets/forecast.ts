import { toCents } from "./money";

// The 13-week cash-flow forecast: from an opening bank balance and the receipts and payments the
// owner expects in each week (by line), each week's totals, net cash flow and closing balance (which
// carries into the next week as its opening balance), the 13-week totals, and the week the bank
// balance is lowest — the week to plan for. All figures out are in whole cents.

export const FORECAST_WEEKS = 13;

/** One line of receipts or payments: a label and 13 weekly amounts in dollars. */
export type ForecastLine = { label: string; amounts: number[] };

/** A forecast's answers as stored (dollars). */
export type ForecastAnswers = {
  /** The Monday week 1 starts (YYYY-MM-DD), or "" when not given. */
  firstWeekStarting: string;
  openingBalance: number;
  /** The balance the owner wants never to go below (about two weeks of fixed costs); 0 for none. */
  minimumBuffer: number;
  receipts: ForecastLine[];
  payments: ForecastLine[];
};

export type ForecastResult = {
  receiptsByWeek: number[];
  paymentsByWeek: number[];
  netByWeek: number[];
  openingByWeek: number[];
  closingByWeek: number[];
  /** Each line's 13-week total, in the order of the lines. */
  receiptLineTotals: number[];
  paymentLineTotals: number[];
  totals: { receipts: number; payments: number; net: number };
  openingBalance: number;
  closingBalance: number;
  /** The week (1–13) whose closing balance is lowest (the first of equals), and that balance. */
  lowest: { week: number; balance: number };
  minimumBuffer: number;
  /** The weeks (1–13) that close below the minimum buffer. */
  weeksBelowBuffer: number[];
};

/** Receipts and payments lines a forecast starts with, the common ones for a small business. */
export const DEFAULT_RECEIPT_LINES = ["Sales paid on the day (cash, card)", "Customers paying invoices", "Other receipts (grants, loans in)"];
export const DEFAULT_PAYMENT_LINES = [
  "Wages and super",
  "Suppliers and stock",
  "Rent",
  "BAS (GST and PAYG withholding)",
  "Loan and lease repayments",
  "Other payments (insurance, subscriptions)",
];

export function blankForecast(): ForecastAnswers {
  const line = (label: string) => ({ label, amounts: Array<number>(FORECAST_WEEKS).fill(0) });
  return {
    firstWeekStarting: "",
    openingBalance: 0,
    minimumBuffer: 0,
    receipts: DEFAULT_RECEIPT_LINES.map(line),
    payments: DEFAULT_PAYMENT_LINES.map(line),
  };
}

const weeks = () => Array.from({ length: FORECAST_WEEKS }, (_, w) => w);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export function calculateForecast(answers: ForecastAnswers): ForecastResult {
  const cents = (lines: ForecastLine[]) => lines.map((line) => weeks().map((w) => toCents(line.amounts[w] ?? 0)));
  const receipts = cents(answers.receipts);
  const payments = cents(answers.payments);
  const receiptsByWeek = weeks().map((w) => sum(receipts.map((line) => line[w]!)));
  const paymentsByWeek = weeks().map((w) => sum(payments.map((line) => line[w]!)));
  const netByWeek = weeks().map((w) => receiptsByWeek[w]! - paymentsByWeek[w]!);
  const openingBalance = toCents(answers.openingBalance);
  const openingByWeek: number[] = [];
  const closingByWeek: number[] = [];
  for (const w of weeks()) {
    openingByWeek.push(w === 0 ? openingBalance : closingByWeek[w - 1]!);
    closingByWeek.push(openingByWeek[w]! + netByWeek[w]!);
  }
  let lowest = 0;
  for (const w of weeks()) if (closingByWeek[w]! < closingByWeek[lowest]!) lowest = w;
  const minimumBuffer = toCents(answers.minimumBuffer);
  return {
    receiptsByWeek,
    paymentsByWeek,
    netByWeek,
    openingByWeek,
    closingByWeek,
    receiptLineTotals: receipts.map(sum),
    paymentLineTotals: payments.map(sum),
    totals: { receipts: sum(receiptsByWeek), payments: sum(paymentsByWeek), net: sum(netByWeek) },
    openingBalance,
    closingBalance: closingByWeek[FORECAST_WEEKS - 1]!,
    lowest: { week: lowest + 1, balance: closingByWeek[lowest]! },
    minimumBuffer,
    weeksBelowBuffer:
      minimumBuffer > 0
        ? weeks()
            .filter((w) => closingByWeek[w]! < minimumBuffer)
            .map((w) => w + 1)
        : [],
  };
}

/** Week n's start date (YYYY-MM-DD) when week 1's is known, else null. */
export function weekStarting(firstWeekStarting: string, week: number): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(firstWeekStarting)) return null;
  const time = Date.parse(`${firstWeekStarting}T00:00:00Z`);
  if (Number.isNaN(time)) return null;
  return new Date(time + (week - 1) * 7 * 86_400_000).toISOString().slice(0, 10);
}

// Written out rather than from Intl, so the server's and the browser's labels are always the same.
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "June", "July", "Aug", "Sept", "Oct", "Nov", "Dec"];

/** "Week 3" or "Week 3 (20 Apr)". */
export function weekLabel(firstWeekStarting: string, week: number): string {
  const date = weekStarting(firstWeekStarting, week);
  if (!date) return `Week ${week}`;
  const [, month, day] = date.split("-").map(Number) as [number, number, number];
  return `Week ${week} (${day} ${MONTHS[month - 1]})`;
}
