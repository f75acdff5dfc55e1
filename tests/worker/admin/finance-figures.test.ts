import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, test } from "vitest";
import { financeFigures } from "~/admin/finance-figures.server";
import type { Figure, Range } from "~/admin/figures";
import { mrrChangeStatement } from "~/billing/mrr-ledger.server";
import { lineAmounts, shareGstOf, shareRateFor } from "~/coach-network/share-tiers";
import { createDb } from "~/db/client.server";
import { createUser } from "../../factories/users";
import { createCoach } from "../../factories/coaches";
import { seedCompletedSessions, setCoachTaxProfile } from "../../factories/earnings";
import { createSubscription } from "../../factories/subscriptions";

// The overview's money figures against a seeded ledger: sales, refunds and GST by BAS quarter and
// financial year in Sydney time, GST credits on RCTIs, MRR and its movements, subscribers by tier
// and payouts owed. Every test file starts on an empty database; each test here uses its own years.

const db = createDb(env.DB);

// FY 2026–27 in Sydney time. Sydney is on AEST (UTC+10) from April to early October and on AEDT
// (UTC+11) from early October to early April, so the quarters' midnights fall at different UTC hours.
const FY27_START = "2026-06-30T14:00:00.000Z"; // 1 July 2026 00:00 AEST
const Q1_END = "2026-09-30T14:00:00.000Z"; // 1 October 2026 00:00 AEST (daylight saving starts 4 October)
const Q2_END = "2026-12-31T13:00:00.000Z"; // 1 January 2027 00:00 AEDT
const Q3_END = "2027-03-31T13:00:00.000Z"; // 1 April 2027 00:00 AEDT (daylight saving ends 4 April)
const FY27_END = "2027-06-30T14:00:00.000Z"; // 1 July 2027 00:00 AEST
const Q1 = { start: FY27_START, end: Q1_END };
const Q2 = { start: Q1_END, end: Q2_END };
const Q3 = { start: Q2_END, end: Q3_END };
const Q4 = { start: Q3_END, end: FY27_END };
const FY27 = { start: FY27_START, end: FY27_END };

async function figuresFor(range: Range, buckets: Range[] = [range], now = new Date(range.end)) {
  const figures = await financeFigures(db, { range, buckets, now });
  const byKey = new Map(figures.map((figure) => [figure.key, figure]));
  return (key: string): Figure => {
    const figure = byKey.get(key);
    if (!figure) throw new Error(`no figure ${key}`);
    return figure;
  };
}

let serial = 0;

/** A card payment (GST included) paid at the instant; answers its id. */
async function payment(amountCents: number, gstCents: number, paidAt: string) {
  serial += 1;
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `INSERT INTO booking_payments (id, invoice_number, description, customer_name, customer_email, amount_cents, gst_cents, status, stripe_checkout_session_id, paid_at)
     VALUES (?, ?, '60-minute virtual session', 'Pat Client', 'pat@example.com.au', ?, ?, 'paid', ?, ?)`,
  )
    .bind(id, `INV-T${String(serial).padStart(6, "0")}`, amountCents, gstCents, `cs_test_${id}`, paidAt)
    .run();
  return id;
}

async function refund(paymentId: string, amountCents: number, gstCents: number, createdAt: string) {
  serial += 1;
  await env.DB.prepare(
    "INSERT INTO payment_refunds (id, payment_id, credit_note_number, amount_cents, gst_cents, reason, created_at) VALUES (?, ?, ?, ?, ?, 'requested_by_customer', ?)",
  )
    .bind(crypto.randomUUID(), paymentId, `CN-T${String(serial).padStart(6, "0")}`, amountCents, gstCents, createdAt)
    .run();
}

async function invoice(userId: string, totalCents: number, taxCents: number, status: string, paidAt: string | null) {
  const id = `in_test_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  await env.DB.prepare(
    `INSERT INTO billing_invoices (id, user_id, stripe_customer_id, number, status, currency, total_cents, tax_cents, description, paid_at, created_at)
     VALUES (?, ?, 'cus_test_finance', ?, ?, 'aud', ?, ?, 'ClarityAI Pro (monthly)', ?, ?)`,
  )
    .bind(id, userId, `CAI-${id.slice(-6)}`, status, totalCents, taxCents, paidAt, paidAt ?? "2026-08-01T00:00:00.000Z")
    .run();
}

async function statement(coachId: string, kind: "rcti" | "payment_statement", period: string, shareGstCents: number, issuedAt: string) {
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `INSERT INTO coach_statements (id, number, coach_id, period, kind, supplier_name, supplier_abn, supplier_gst_registered, recipient_name, recipient_abn, line_count, gross_cents, share_cents, share_gst_cents, total_cents, issued_at)
     VALUES (?, ?, ?, ?, ?, 'Casey Coach', '51824753556', ?, 'ClarityAI Coaching Pty Ltd', '11000000000', 1, 0, ?, ?, ?, ?)`,
  )
    .bind(id, `CS-${id.slice(0, 8)}`, coachId, period, kind, kind === "rcti" ? 1 : 0, shareGstCents * 10, shareGstCents, shareGstCents * 11, issuedAt)
    .run();
  return id;
}

describe("sales, refunds and GST in FY 2026–27", () => {
  beforeAll(async () => {
    // 30 September 23:59:59.999 AEST: the last instant of the first quarter.
    const lastOfQ1 = await payment(16_500, 1_500, "2026-09-30T13:59:59.999Z");
    // 1 October 00:00 AEST: the first instant of the second quarter.
    await payment(11_000, 1_000, Q1_END);
    // 30 June 2026 23:59 AEST: the previous financial year.
    await payment(22_000, 2_000, "2026-06-30T13:59:00.000Z");
    // 31 March 2027 23:30 AEDT is still in the third quarter (13:30 UTC is 00:30 AEDT on 1 April: the fourth).
    await payment(5_500, 500, "2027-03-31T12:30:00.000Z");
    await payment(3_300, 300, "2027-03-31T13:30:00.000Z");
    // A credit note adjusts the quarter it is issued in, not the sale's.
    await refund(lastOfQ1, 5_500, 500, "2026-10-02T00:00:00.000Z");
    const subscriber = await createUser();
    await invoice(subscriber.id, 14_900, 1_355, "paid", "2026-08-15T02:00:00.000Z");
    await invoice(subscriber.id, 14_900, 1_355, "open", null);
    const coach = await createUser();
    await statement(coach.id, "rcti", "2026-08", 1_234, "2026-09-30T13:00:00.000Z");
    await statement(coach.id, "rcti", "2026-09", 800, "2026-09-30T14:00:00.000Z");
    await statement(coach.id, "payment_statement", "2026-10", 0, "2026-11-05T00:00:00.000Z");
  });

  test("the first BAS quarter ends at midnight on 30 September, Sydney time", async () => {
    const figure = await figuresFor(Q1);
    // The payment of 30 Sep 23:59:59 AEST and the ClarityAI invoice; not 1 Oct 00:00 AEST, not 30 June.
    expect(figure("revenue").value).toBe(16_500 + 14_900);
    expect(figure("gst_collected").value).toBe(1_500 + 1_355);
    expect(figure("gst_credits").value).toBe(1_234);
    expect(figure("bas_net").value).toBe(1_500 + 1_355 - 1_234);
    expect(figure("refunds").value).toBe(0);
    expect(figure("refund_count").value).toBe(0);
    expect(figure("revenue").hint).toContain("A$28.55");
  });

  test("the second quarter starts at 1 October 00:00 AEST and carries the refunds issued in it", async () => {
    const figure = await figuresFor(Q2, [Q1, Q2]);
    expect(figure("revenue").value).toBe(11_000 - 5_500);
    expect(figure("gst_collected").value).toBe(1_000 - 500);
    expect(figure("gst_credits").value).toBe(800);
    expect(figure("bas_net").value).toBe(500 - 800);
    expect(figure("refunds")).toMatchObject({ value: 5_500, unit: "cents", hint: "1 refund issued, GST included" });
    expect(figure("refund_count").value).toBe(1);
    // One trend value per bucket, oldest first; the last bucket is the period.
    expect(figure("revenue").trend).toEqual([16_500 + 14_900, 11_000 - 5_500]);
    expect(figure("gst_credits").trend).toEqual([1_234, 800]);
    expect(figure("revenue").href).toBe("/admin/bookings?from=2026-10-01&to=2026-12-31");
  });

  test("the third quarter ends at midnight on 31 March in daylight time (13:00 UTC)", async () => {
    expect((await figuresFor(Q3))("revenue").value).toBe(5_500);
    expect((await figuresFor(Q4))("revenue").value).toBe(3_300);
  });

  test("the financial year runs from 1 July, Sydney time, with a trend by quarter", async () => {
    const figure = await figuresFor(FY27, [Q1, Q2, Q3, Q4]);
    expect(figure("revenue").value).toBe(16_500 + 11_000 + 5_500 + 3_300 + 14_900 - 5_500);
    expect(figure("revenue").trend).toEqual([16_500 + 14_900, 11_000 - 5_500, 5_500, 3_300]);
    expect(figure("gst_collected").value).toBe(1_500 + 1_000 + 500 + 300 + 1_355 - 500);
    expect(figure("gst_credits").value).toBe(1_234 + 800);
    expect(figure("bas_net").trend).toEqual([1_500 + 1_355 - 1_234, 1_000 - 500 - 800, 500, 300]);
    // The previous financial year has only the payment of 30 June 23:59 AEST.
    expect((await figuresFor({ start: "2025-06-30T14:00:00.000Z", end: FY27_START }))("revenue").value).toBe(22_000);
  });

  test("the financial year by month: twelve Sydney months, as many windows as the overview draws", async () => {
    // The first of each month at 00:00 in Sydney (AEDT from November to March).
    const edges = [
      FY27_START,
      "2026-07-31T14:00:00.000Z",
      "2026-08-31T14:00:00.000Z",
      Q1_END,
      "2026-10-31T13:00:00.000Z",
      "2026-11-30T13:00:00.000Z",
      Q2_END,
      "2027-01-31T13:00:00.000Z",
      "2027-02-28T13:00:00.000Z",
      Q3_END,
      "2027-04-30T14:00:00.000Z",
      "2027-05-31T14:00:00.000Z",
      FY27_END,
    ];
    const months = edges.slice(1).map((end, i) => ({ start: edges[i]!, end }));
    const figure = await figuresFor(FY27, months);
    expect(figure("revenue").trend).toEqual([0, 14_900, 16_500, 11_000 - 5_500, 0, 0, 0, 0, 5_500, 3_300, 0, 0]);
    expect(figure("revenue").trend.reduce((a, b) => a + b, 0)).toBe(figure("revenue").value);
    expect(figure("mrr").trend).toHaveLength(12);
  });
});

describe("MRR and its movements in 2031", () => {
  // Monthly buckets of early 2031 in Sydney time (AEDT until 6 April).
  const JAN = { start: "2030-12-31T13:00:00.000Z", end: "2031-01-31T13:00:00.000Z" };
  const FEB = { start: JAN.end, end: "2031-02-28T13:00:00.000Z" };
  const MAR = { start: FEB.end, end: "2031-03-31T13:00:00.000Z" };
  const PRO = 14_900 - 1_355; // A$149 a month less its GST
  const LITE = 4_900 - 445; // A$49 a month less its GST
  const PRO_YEARLY = Math.round((149_000 - 13_545) / 12); // A$1,490 a year less GST, a twelfth

  const change = (customerId: string, mrrCents: number, tier: "lite" | "pro" | null, occurredAt: string) =>
    mrrChangeStatement(db, { customerId, subscriptionId: `sub_${customerId}`, mrrCents, tier, occurredAt });

  beforeAll(async () => {
    await db.batch([
      // Before the period: a Pro subscriber (MRR at the start of January).
      change("cus_mrr_a", PRO, "pro", "2030-11-10T00:00:00.000Z"),
      // January: a new Lite subscriber, and A switches to yearly (a contraction).
      change("cus_mrr_b", LITE, "lite", "2031-01-05T00:00:00.000Z"),
      change("cus_mrr_a", PRO_YEARLY, "pro", "2031-01-20T00:00:00.000Z"),
      // February: B upgrades to Pro; C subscribes and cancels within the month.
      change("cus_mrr_b", PRO, "pro", "2031-02-03T00:00:00.000Z"),
      change("cus_mrr_c", LITE, "lite", "2031-02-04T00:00:00.000Z"),
      change("cus_mrr_c", 0, null, "2031-02-25T00:00:00.000Z"),
      // March: C comes back on Pro; A churns. The same MRR again is no change at all.
      change("cus_mrr_c", PRO, "pro", "2031-03-01T00:00:00.000Z"),
      change("cus_mrr_c", PRO, "pro", "2031-03-02T00:00:00.000Z"),
      change("cus_mrr_a", 0, null, "2031-03-31T12:59:59.000Z"),
      // 1 April 00:00 AEDT: the next month.
      change("cus_mrr_b", 0, null, MAR.end),
    ]);
  });

  test("the ledger records each change once, with its kind", async () => {
    const rows = await env.DB.prepare(
      "SELECT stripe_customer_id AS customer, kind, tier_before, tier_after, mrr_before_cents AS before, mrr_after_cents AS after FROM subscription_mrr_changes WHERE stripe_customer_id LIKE 'cus_mrr_%' ORDER BY occurred_at",
    ).all();
    expect(rows.results.map((r) => [r.customer, r.kind, r.before, r.after])).toEqual([
      ["cus_mrr_a", "new", 0, PRO],
      ["cus_mrr_b", "new", 0, LITE],
      ["cus_mrr_a", "contraction", PRO, PRO_YEARLY],
      ["cus_mrr_b", "expansion", LITE, PRO],
      ["cus_mrr_c", "new", 0, LITE],
      ["cus_mrr_c", "churn", LITE, 0],
      ["cus_mrr_c", "reactivation", 0, PRO],
      ["cus_mrr_a", "churn", PRO_YEARLY, 0],
      ["cus_mrr_b", "churn", PRO, 0],
    ]);
    expect(rows.results[5]).toMatchObject({ tier_before: "lite", tier_after: null });
    expect(rows.results[6]).toMatchObject({ tier_before: null, tier_after: "pro" });
  });

  test("MRR at each month's end, and new, expansion, contraction, churn and net in each month", async () => {
    const figure = await figuresFor(MAR, [JAN, FEB, MAR]);
    // B's churn at 1 April 00:00 AEDT belongs to April: B and C are on Pro at the end of March.
    expect(figure("mrr").trend).toEqual([PRO_YEARLY + LITE, PRO_YEARLY + PRO, 2 * PRO]);
    expect(figure("mrr").value).toBe(2 * PRO);
    expect(figure("mrr_new").trend).toEqual([LITE, LITE, 0]);
    expect(figure("mrr_reactivation").trend).toEqual([0, 0, PRO]);
    expect(figure("mrr_expansion").trend).toEqual([0, PRO - LITE, 0]);
    expect(figure("mrr_contraction").trend).toEqual([PRO - PRO_YEARLY, 0, 0]);
    expect(figure("mrr_churn").trend).toEqual([0, LITE, PRO_YEARLY]);
    expect(figure("mrr_net").trend).toEqual([LITE - (PRO - PRO_YEARLY), PRO - LITE, PRO - PRO_YEARLY]);
    // The net change is the difference between the MRR at the ends.
    expect(figure("mrr_net").value).toBe(figure("mrr").trend[2]! - figure("mrr").trend[1]!);
    // Subscribers by tier at each month's end, from the ledger.
    expect(figure("subscribers_lite").trend).toEqual([1, 0, 0]);
    expect(figure("subscribers_pro").trend).toEqual([1, 2, 2]);
    // The whole quarter (Sydney): the movements add up across the months.
    const quarter = await figuresFor({ start: JAN.start, end: MAR.end });
    expect(quarter("mrr_churn").value).toBe(LITE + PRO_YEARLY);
    // MRR at the end of March less MRR at the start of January (A's Pro).
    expect(quarter("mrr_net").value).toBe(quarter("mrr").value - PRO);
    const april = await figuresFor({ start: MAR.end, end: "2031-04-30T14:00:00.000Z" });
    expect(april("mrr_churn").value).toBe(PRO);
    expect(april("mrr").value).toBe(PRO);
  });
});

test("active subscribers by tier count the paying subscriptions now (active or past due)", async () => {
  const before = await figuresFor({ start: "2040-01-01T00:00:00.000Z", end: "2040-02-01T00:00:00.000Z" });
  for (const [tier, status] of [
    ["pro", "active"],
    ["pro", "past_due"],
    ["pro", "canceled"],
    ["lite", "active"],
    ["lite", "trialing"],
    ["lite", "unpaid"],
  ] as const) {
    await createSubscription((await createUser()).id, { tier, status });
  }
  const after = await figuresFor({ start: "2040-01-01T00:00:00.000Z", end: "2040-02-01T00:00:00.000Z" });
  expect(after("subscribers_pro").value - before("subscribers_pro").value).toBe(2);
  expect(after("subscribers_lite").value - before("subscribers_lite").value).toBe(1);
  expect(after("subscribers_pro")).toMatchObject({ unit: "count", href: "/admin/subscriptions?tier=pro&status=active" });
});

test("payouts owed: issued statements not yet paid, and earnings not yet on a statement with GST for an RCTI coach", async () => {
  const now = new Date("2041-03-10T00:00:00.000Z");
  const range = { start: "2041-03-01T00:00:00.000Z", end: "2041-04-01T00:00:00.000Z" };
  const before = await figuresFor(range, [range], now);
  const registered = await createCoach();
  await setCoachTaxProfile(registered.id, { gstRegistered: true, rctiUntil: "2042-01-01T00:00:00.000Z" });
  const unregistered = await createCoach();
  await setCoachTaxProfile(unregistered.id, { gstRegistered: false });
  await seedCompletedSessions(registered.id, 2, "2041-03-05T00:00:00.000Z");
  await seedCompletedSessions(unregistered.id, 1, "2041-03-05T00:00:00.000Z");
  const share = lineAmounts(15_000, shareRateFor(1)).shareCents;
  const share2 = lineAmounts(15_000, shareRateFor(2)).shareCents;
  const accrued = share + shareGstOf(share) + share2 + shareGstOf(share2) + share;
  const statements = await Promise.all(
    (["held", "pending", "failed", "paid"] as const).map(async (status, i) => ({
      status,
      id: await statement(unregistered.id, "payment_statement", `2041-0${i + 1}`, 0, "2041-02-01T00:00:00.000Z"),
    })),
  );
  const amounts = { held: 1_000, pending: 2_000, failed: 300, paid: 5_000 };
  for (const { status, id } of statements) {
    await env.DB.prepare("INSERT INTO coach_payouts (id, statement_id, coach_id, amount_cents, status, idempotency_key, paid_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
      .bind(
        crypto.randomUUID(),
        id,
        unregistered.id,
        amounts[status],
        status,
        `coach-statement-transfer:${id}`,
        status === "paid" ? "2041-02-02T00:00:00.000Z" : null,
      )
      .run();
  }
  const after = await figuresFor(range, [range], now);
  expect(after("payouts_owed").value - before("payouts_owed").value).toBe(1_000 + 2_000 + 300 + accrued);
  expect(after("payouts_owed")).toMatchObject({ unit: "cents", trend: [], attention: true, href: "/admin/payouts?status=failed" });
  expect(after("payouts_owed").hint).toContain("1 failed payout");
});
