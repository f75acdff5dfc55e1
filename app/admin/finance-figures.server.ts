import { formatCents } from "~/billing/describe";
import { PAYING_STATUSES } from "~/billing/mrr";
import { DEFAULT_TIME_ZONE, localDate } from "~/booking/time-zones";
import type { Db } from "~/db/client.server";
import type { Figure, FigureQuery, Range } from "./figures";

// The overview's money figures: revenue and GST, GST credits on RCTIs and the net for the BAS, MRR
// (excluding GST) with its movements, active subscribers by tier, refunds and what is owed to coaches.
// One D1 batch of aggregate queries (one round trip): each query sums its table once, with one column
// per window (the period, then each trend bucket), so the cost does not grow with the rows shown.
//
// What the figures mean (the decisions behind them):
// - Revenue is what customers paid in the period, GST included: card payments for sessions and
//   packages (booking_payments.paid_at) and paid ClarityAI invoices (billing_invoices.paid_at), less
//   the refunds issued in the period (payment_refunds.created_at, each with its credit note). Net, as
//   the BAS reports it: a credit note adjusts the period it is issued in, not the sale's.
// - GST collected is the GST on those sales less the GST on those credit notes (BAS 1A).
// - GST credits are the GST on coaches' shares on the recipient-created tax invoices (RCTIs) issued
//   in the period (coach_statements kind 'rcti': GST-registered coaches only). Other purchases' GST
//   credits are not in the platform, so the BAS net (1A − 1B) covers coaching only.
// - MRR is the ledger's (subscription_mrr_changes): each row moves a customer's MRR from before to
//   after, so MRR at an instant is the sum of (after − before) over the rows before it. Movements
//   are positive amounts by kind; the net change is new + reactivation + expansion − contraction −
//   churn. Active subscribers by tier is the subscriptions table now (active or past_due: a paying
//   subscription, as the MRR counts them); its trend is the ledger's count at each bucket's end.
// - Payouts owed: payouts not yet paid (held, pending or failed) plus earnings not yet on a
//   statement (the coach's share, with GST on it for a coach whose RCTI agreement is current).

/** Sydney time: the periods are Australian, and so are the dates in the lists' filters. */
const ZONE = DEFAULT_TIME_ZONE;

type Windowed = { values: number[] };

/** `SUM(CASE WHEN column in window i THEN expr ELSE 0 END) AS prefix_i` for each window, the windows' bounds bound as ?1, ?2… */
function windowSums(column: string, expression: string, prefix: string, count: number): string {
  return Array.from(
    { length: count },
    (_, i) => `COALESCE(SUM(CASE WHEN ${column} >= ?${2 * i + 1} AND ${column} < ?${2 * i + 2} THEN ${expression} ELSE 0 END), 0) AS ${prefix}${i}`,
  ).join(", ");
}

/** `SUM(CASE WHEN column < window i's end THEN expr ELSE 0 END) AS prefix_i`: a running total at each window's end. */
function totalsAtEnds(column: string, expression: string, prefix: string, count: number): string {
  return Array.from({ length: count }, (_, i) => `COALESCE(SUM(CASE WHEN ${column} < ?${2 * i + 2} THEN ${expression} ELSE 0 END), 0) AS ${prefix}${i}`).join(
    ", ",
  );
}

function columnsOf(row: Record<string, unknown> | null | undefined, prefix: string, count: number): Windowed {
  return { values: Array.from({ length: count }, (_, i) => Number(row?.[`${prefix}${i}`] ?? 0)) };
}

/** The window's value (the period) and its trend (the buckets). */
function split(windowed: Windowed): { value: number; trend: number[] } {
  const [value = 0, ...trend] = windowed.values;
  return { value, trend };
}

function minus(a: Windowed, b: Windowed): Windowed {
  return { values: a.values.map((value, i) => value - (b.values[i] ?? 0)) };
}

function plus(...parts: Windowed[]): Windowed {
  return { values: parts[0]!.values.map((_, i) => parts.reduce((sum, part) => sum + (part.values[i] ?? 0), 0)) };
}

/** The Sydney dates a list filter takes for a half-open range: its first day and its last. */
export function localDates(range: Range): { from: string; to: string } {
  return { from: localDate(range.start, ZONE), to: localDate(new Date(Date.parse(range.end) - 1).toISOString(), ZONE) };
}

/** Half-up cents of a tenth, as the statements round the GST on a share (share-tiers.ts shareGstOf), in SQL. */
const SHARE_GST_SQL = "CASE WHEN e.share_cents >= 0 THEN (e.share_cents + 5) / 10 ELSE -((5 - e.share_cents) / 10) END";

export async function financeFigures(db: Db, query: FigureQuery): Promise<Figure[]> {
  const windows = [query.range, ...query.buckets];
  const n = windows.length;
  const bounds = windows.flatMap((w) => [w.start, w.end]);
  const earliest = windows.reduce((min, w) => (w.start < min ? w.start : min), query.range.start);
  const latest = windows.reduce((max, w) => (w.end > max ? w.end : max), query.range.end);
  // The outer bounds of every window, after the windows' own: lets each query read only their span.
  const span = `?${2 * n + 1}`;
  const spanEnd = `?${2 * n + 2}`;
  const within = (column: string) => `${column} >= ${span} AND ${column} < ${spanEnd}`;
  const now = query.now.toISOString();
  const client = db.$client;
  const windowed = (text: string) => client.prepare(text).bind(...bounds, earliest, latest);

  const [payments, invoices, refunds, rctis, ledger, moves, subscribers, owed] = await client.batch<Record<string, number | string | null>>([
    windowed(
      `SELECT ${windowSums("paid_at", "amount_cents", "a", n)}, ${windowSums("paid_at", "gst_cents", "g", n)}
       FROM booking_payments WHERE ${within("paid_at")}`,
    ),
    windowed(
      `SELECT ${windowSums("paid_at", "total_cents", "a", n)}, ${windowSums("paid_at", "tax_cents", "g", n)}
       FROM billing_invoices WHERE status = 'paid' AND ${within("paid_at")}`,
    ),
    windowed(
      `SELECT ${windowSums("created_at", "amount_cents", "a", n)}, ${windowSums("created_at", "gst_cents", "g", n)}, ${windowSums("created_at", "1", "c", n)}
       FROM payment_refunds WHERE ${within("created_at")}`,
    ),
    windowed(
      `SELECT ${windowSums("issued_at", "share_gst_cents", "g", n)}
       FROM coach_statements WHERE kind = 'rcti' AND ${within("issued_at")}`,
    ),
    // The ledger up to the latest window's end: MRR and subscribers by tier at each window's end
    // (running totals of the changes), then the movements within each window. Two statements: D1
    // answers at most 100 columns, and a month's 13 windows of all eight sums would be 104.
    windowed(
      `SELECT ${totalsAtEnds("occurred_at", "mrr_after_cents - mrr_before_cents", "m", n)},
        ${totalsAtEnds("occurred_at", "(tier_after = 'lite' AND mrr_after_cents > 0) - (tier_before = 'lite' AND mrr_before_cents > 0)", "lite", n)},
        ${totalsAtEnds("occurred_at", "(tier_after = 'pro' AND mrr_after_cents > 0) - (tier_before = 'pro' AND mrr_before_cents > 0)", "pro", n)}
       FROM subscription_mrr_changes WHERE occurred_at < ${spanEnd}`,
    ),
    windowed(
      `SELECT ${windowSums("occurred_at", "CASE kind WHEN 'new' THEN mrr_after_cents ELSE 0 END", "new", n)},
        ${windowSums("occurred_at", "CASE kind WHEN 'reactivation' THEN mrr_after_cents ELSE 0 END", "re", n)},
        ${windowSums("occurred_at", "CASE kind WHEN 'expansion' THEN mrr_after_cents - mrr_before_cents ELSE 0 END", "ex", n)},
        ${windowSums("occurred_at", "CASE kind WHEN 'contraction' THEN mrr_before_cents - mrr_after_cents ELSE 0 END", "con", n)},
        ${windowSums("occurred_at", "CASE kind WHEN 'churn' THEN mrr_before_cents ELSE 0 END", "ch", n)}
       FROM subscription_mrr_changes WHERE ${within("occurred_at")}`,
    ),
    client
      .prepare(
        `SELECT COALESCE(SUM(tier = 'lite'), 0) AS lite, COALESCE(SUM(tier = 'pro'), 0) AS pro
         FROM ai_subscriptions WHERE status IN (${PAYING_STATUSES.map((s) => `'${s}'`).join(", ")})`,
      )
      .bind(),
    client
      .prepare(
        `SELECT
          (SELECT COALESCE(SUM(amount_cents), 0) FROM coach_payouts WHERE status IN ('held', 'pending', 'failed')) AS payouts,
          (SELECT COUNT(*) FROM coach_payouts WHERE status = 'failed') AS failed,
          (SELECT COALESCE(SUM(e.share_cents + CASE
              WHEN p.gst_registered = 1 AND p.abn IS NOT NULL AND p.rcti_agreement_accepted_at <= ?1 AND p.rcti_agreement_expires_at > ?1
              THEN ${SHARE_GST_SQL} ELSE 0 END), 0)
            FROM coach_earnings e LEFT JOIN coach_profiles p ON p.coach_id = e.coach_id
            WHERE e.statement_id IS NULL) AS accrued`,
      )
      .bind(now),
  ]);

  const row = (result: D1Result<Record<string, number | string | null>> | undefined) => result?.results[0] ?? null;
  const paymentRow = row(payments);
  const invoiceRow = row(invoices);
  const refundRow = row(refunds);
  const ledgerRow = row(ledger);
  const movesRow = row(moves);

  const sales = plus(columnsOf(paymentRow, "a", n), columnsOf(invoiceRow, "a", n));
  const salesGst = plus(columnsOf(paymentRow, "g", n), columnsOf(invoiceRow, "g", n));
  const refunded = columnsOf(refundRow, "a", n);
  const refundedGst = columnsOf(refundRow, "g", n);
  const refundCount = columnsOf(refundRow, "c", n);
  const revenue = minus(sales, refunded);
  const gstCollected = minus(salesGst, refundedGst);
  const gstCredits = columnsOf(row(rctis), "g", n);
  const basNet = minus(gstCollected, gstCredits);

  const mrr = columnsOf(ledgerRow, "m", n);
  const newMrr = columnsOf(movesRow, "new", n);
  const reactivated = columnsOf(movesRow, "re", n);
  const expansion = columnsOf(movesRow, "ex", n);
  const contraction = columnsOf(movesRow, "con", n);
  const churn = columnsOf(movesRow, "ch", n);
  const netMrr = minus(plus(newMrr, reactivated, expansion), plus(contraction, churn));

  const subscriberRow = row(subscribers);
  const owedRow = row(owed);
  const payoutsOwed = Number(owedRow?.payouts ?? 0);
  const accrued = Number(owedRow?.accrued ?? 0);
  const failedPayouts = Number(owedRow?.failed ?? 0);

  const { from, to } = localDates(query.range);
  const bookingsHref = `/admin/bookings?${new URLSearchParams({ from, to })}`;
  const refundFigure = split(refunded);
  const refundCountFigure = split(refundCount);

  const figure = (key: string, group: string, label: string, windowedValues: Windowed, href: string, hint?: string): Figure => ({
    key,
    group,
    label,
    unit: "cents",
    href,
    ...split(windowedValues),
    ...(hint ? { hint } : {}),
  });

  return [
    figure(
      "revenue",
      "money",
      "Revenue",
      revenue,
      bookingsHref,
      `Including GST of ${formatCents(split(gstCollected).value)}; sessions, packages and ClarityAI, after refunds`,
    ),
    figure("gst_collected", "money", "GST collected", gstCollected, bookingsHref, "On sales, less GST on refunds (BAS 1A)"),
    figure("gst_credits", "money", "GST credits on RCTIs", gstCredits, "/admin/coaches", "GST on GST-registered coaches' shares, by RCTI issue date (BAS 1B)"),
    figure("bas_net", "money", "Net GST for the BAS", basNet, bookingsHref, "GST collected less GST credits on RCTIs; other purchases not included"),
    {
      key: "refunds",
      group: "money",
      label: "Refunds",
      unit: "cents",
      href: bookingsHref,
      ...refundFigure,
      hint: `${refundCountFigure.value} ${refundCountFigure.value === 1 ? "refund" : "refunds"} issued, GST included`,
    },
    { key: "refund_count", group: "money", label: "Refunds issued", unit: "count", href: bookingsHref, ...refundCountFigure },
    figure("mrr", "subscriptions", "MRR", mrr, "/admin/subscriptions", "Excluding GST, at the end of the period; a yearly plan counts a twelfth"),
    figure("mrr_new", "subscriptions", "New MRR", newMrr, "/admin/subscriptions", "First subscriptions, excluding GST"),
    figure("mrr_reactivation", "subscriptions", "Reactivated MRR", reactivated, "/admin/subscriptions", "Customers who came back after cancelling"),
    figure("mrr_expansion", "subscriptions", "Expansion MRR", expansion, "/admin/subscriptions", "Upgrades"),
    figure("mrr_contraction", "subscriptions", "Contraction MRR", contraction, "/admin/subscriptions", "Downgrades, including switching to yearly"),
    figure("mrr_churn", "subscriptions", "Churned MRR", churn, "/admin/subscriptions", "Subscriptions that ended (cancelled or unpaid)"),
    figure("mrr_net", "subscriptions", "Net MRR change", netMrr, "/admin/subscriptions", "New + reactivated + expansion − contraction − churn"),
    {
      key: "subscribers_lite",
      group: "subscriptions",
      label: "Active Lite subscribers",
      unit: "count",
      value: Number(subscriberRow?.lite ?? 0),
      href: "/admin/subscriptions?tier=lite&status=active",
      trend: split(columnsOf(ledgerRow, "lite", n)).trend,
      hint: "Now; paying (active or in their grace period)",
    },
    {
      key: "subscribers_pro",
      group: "subscriptions",
      label: "Active Pro subscribers",
      unit: "count",
      value: Number(subscriberRow?.pro ?? 0),
      href: "/admin/subscriptions?tier=pro&status=active",
      trend: split(columnsOf(ledgerRow, "pro", n)).trend,
      hint: "Now; paying (active or in their grace period)",
    },
    {
      key: "payouts_owed",
      group: "coaching",
      label: "Payouts owed to coaches",
      unit: "cents",
      value: payoutsOwed + accrued,
      href: "/admin/coaches",
      trend: [],
      hint: `Now: ${formatCents(payoutsOwed)} on issued statements not yet paid, ${formatCents(accrued)} earned since the last statements${
        failedPayouts ? `; ${failedPayouts} failed ${failedPayouts === 1 ? "payout" : "payouts"}` : ""
      }`,
      ...(failedPayouts ? { attention: true } : {}),
    },
  ];
}
