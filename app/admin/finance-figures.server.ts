import { formatCents } from "~/billing/describe";
import { PAYING_STATUSES } from "~/billing/mrr";
import { DEFAULT_TIME_ZONE, localDate } from "~/booking/time-zones";
import type { Db } from "~/db/client.server";
import type { Figure, FigureQuery, Range } from "./figures";

// The overview's money figures: revenue and GST, GST credits on RCTIs and the net for the BAS, MRR
// (excluding GST) with its movements, active subscribers by tier, refunds and what is owed to coaches.
// One D1 batch of aggregate queries (one round trip): each reads its table once and sums it by the
// slots the windows (the period, then each trend bucket) cut time into; nothing is loaded row by row.
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

type Row = Record<string, number | string | null>;

/**
 * The windows (the period, then each bucket) cut where any of them starts or ends: slot j runs from
 * edges[j] to edges[j + 1], and slot -1 is everything before the first edge. Each query reads its
 * table once, sums it by slot (GROUP BY of a CASE on the edges, bound as ?1…?k), and each window's
 * value is the sum of its slots — however many windows, and whether or not they overlap.
 */
class Slots {
  readonly edges: string[];
  constructor(windows: Range[]) {
    this.edges = [...new Set(windows.flatMap((w) => [iso(w.start), iso(w.end)]))].sort();
  }

  /** `CASE WHEN column < ?1 THEN -1 WHEN column < ?2 THEN 0 … END`: the slot of an instant (null from the last edge on). */
  slotOf(column: string): string {
    return `CASE ${this.edges.map((_, j) => `WHEN ${column} < ?${j + 1} THEN ${j - 1}`).join(" ")} END`;
  }

  /** The condition for a row within the windows' span (from the first edge to the last). */
  within(column: string): string {
    return `${column} >= ?1 AND ${column} < ?${this.edges.length}`;
  }

  /** `column`'s sum over each window's slots. */
  sums(rows: Row[], column: string, windows: Range[]): Windowed {
    const bySlot = new Map(rows.map((row) => [Number(row.slot), Number(row[column] ?? 0)]));
    return {
      values: windows.map((w) => {
        let sum = 0;
        for (let j = this.edges.indexOf(iso(w.start)); j < this.edges.indexOf(iso(w.end)); j++) sum += bySlot.get(j) ?? 0;
        return sum;
      }),
    };
  }

  /** `column`'s running total at each window's end: every slot before it, from the first row. */
  totalsAtEnds(rows: Row[], column: string, windows: Range[]): Windowed {
    return {
      values: windows.map((w) => {
        const end = this.edges.indexOf(iso(w.end));
        return rows.reduce((sum, row) => (Number(row.slot) < end ? sum + Number(row[column] ?? 0) : sum), 0);
      }),
    };
  }
}

function iso(instant: string): string {
  return new Date(instant).toISOString();
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
  const slots = new Slots(windows);
  const now = query.now.toISOString();
  const client = db.$client;
  const bySlot = (text: string) => client.prepare(text).bind(...slots.edges);

  const [payments, invoices, refunds, rctis, ledger, subscribers, owed] = await client.batch<Row>([
    bySlot(
      `SELECT ${slots.slotOf("paid_at")} AS slot, SUM(amount_cents) AS a, SUM(gst_cents) AS g
       FROM booking_payments WHERE ${slots.within("paid_at")} GROUP BY slot`,
    ),
    bySlot(
      `SELECT ${slots.slotOf("paid_at")} AS slot, SUM(total_cents) AS a, SUM(tax_cents) AS g
       FROM billing_invoices WHERE status = 'paid' AND ${slots.within("paid_at")} GROUP BY slot`,
    ),
    bySlot(
      `SELECT ${slots.slotOf("created_at")} AS slot, SUM(amount_cents) AS a, SUM(gst_cents) AS g, COUNT(*) AS c
       FROM payment_refunds WHERE ${slots.within("created_at")} GROUP BY slot`,
    ),
    bySlot(
      `SELECT ${slots.slotOf("issued_at")} AS slot, SUM(share_gst_cents) AS g
       FROM coach_statements WHERE kind = 'rcti' AND ${slots.within("issued_at")} GROUP BY slot`,
    ),
    // The whole ledger up to the last edge: the changes' running totals give MRR and subscribers by
    // tier at each window's end; the movements are summed by kind within each window.
    bySlot(
      `SELECT ${slots.slotOf("occurred_at")} AS slot,
        SUM(mrr_after_cents - mrr_before_cents) AS m,
        SUM((tier_after = 'lite' AND mrr_after_cents > 0) - (tier_before = 'lite' AND mrr_before_cents > 0)) AS lite,
        SUM((tier_after = 'pro' AND mrr_after_cents > 0) - (tier_before = 'pro' AND mrr_before_cents > 0)) AS pro,
        SUM(CASE kind WHEN 'new' THEN mrr_after_cents ELSE 0 END) AS new,
        SUM(CASE kind WHEN 'reactivation' THEN mrr_after_cents ELSE 0 END) AS re,
        SUM(CASE kind WHEN 'expansion' THEN mrr_after_cents - mrr_before_cents ELSE 0 END) AS ex,
        SUM(CASE kind WHEN 'contraction' THEN mrr_before_cents - mrr_after_cents ELSE 0 END) AS con,
        SUM(CASE kind WHEN 'churn' THEN mrr_before_cents ELSE 0 END) AS ch
       FROM subscription_mrr_changes WHERE occurred_at < ?${slots.edges.length} GROUP BY slot`,
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

  const rowsOf = (result: D1Result<Row> | undefined) => result?.results ?? [];
  const sums = (result: D1Result<Row> | undefined, column: string) => slots.sums(rowsOf(result), column, windows);
  const totals = (column: string) => slots.totalsAtEnds(rowsOf(ledger), column, windows);

  const sales = plus(sums(payments, "a"), sums(invoices, "a"));
  const salesGst = plus(sums(payments, "g"), sums(invoices, "g"));
  const refunded = sums(refunds, "a");
  const refundedGst = sums(refunds, "g");
  const refundCount = sums(refunds, "c");
  const revenue = minus(sales, refunded);
  const gstCollected = minus(salesGst, refundedGst);
  const gstCredits = sums(rctis, "g");
  const basNet = minus(gstCollected, gstCredits);

  const mrr = totals("m");
  const newMrr = sums(ledger, "new");
  const reactivated = sums(ledger, "re");
  const expansion = sums(ledger, "ex");
  const contraction = sums(ledger, "con");
  const churn = sums(ledger, "ch");
  const netMrr = minus(plus(newMrr, reactivated, expansion), plus(contraction, churn));

  const subscriberRow = rowsOf(subscribers)[0];
  const owedRow = rowsOf(owed)[0];
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
      trend: split(totals("lite")).trend,
      hint: "Now; paying (active or in their grace period)",
    },
    {
      key: "subscribers_pro",
      group: "subscriptions",
      label: "Active Pro subscribers",
      unit: "count",
      value: Number(subscriberRow?.pro ?? 0),
      href: "/admin/subscriptions?tier=pro&status=active",
      trend: split(totals("pro")).trend,
      hint: "Now; paying (active or in their grace period)",
    },
    {
      key: "payouts_owed",
      group: "coaching",
      label: "Payouts owed to coaches",
      unit: "cents",
      value: payoutsOwed + accrued,
      href: failedPayouts ? "/admin/payouts?status=failed" : "/admin/payouts",
      trend: [],
      hint: `Now: ${formatCents(payoutsOwed)} on issued statements not yet paid, ${formatCents(accrued)} earned since the last statements${
        failedPayouts ? `; ${failedPayouts} failed ${failedPayouts === 1 ? "payout" : "payouts"}` : ""
      }`,
      ...(failedPayouts ? { attention: true } : {}),
    },
  ];
}
