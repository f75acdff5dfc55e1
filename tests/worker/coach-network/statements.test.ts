import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { recordRefund } from "~/booking/refunds.server";
import { shareGstOf } from "~/coach-network/share-tiers";
import { issueStatementFor, loadStatement, periodBounds, previousPeriod } from "~/coach-network/statements.server";
import { runJob } from "~/jobs/registry.server";
import { markSessionOutcome } from "~/meetings/outcomes.server";
import { createPayment } from "../../factories/bookings";
import { earningLines, seedCompletedSessions, setCoachTaxProfile } from "../../factories/earnings";
import { recordContext, sessionCast } from "../meetings/session-record-helpers";

// Monthly statements: Sydney months, issued once per coach and month by the daily job, numbered in
// sequence, summing their lines to the cent (refunds included), an RCTI only for a GST-registered
// coach with a current RCTI agreement.

// 16:00 UTC on 30 November is 3 am on 1 December in Sydney: the first run after November ends.
const CRON_RUN = "2026-11-30T16:00:00.000Z";

type StatementDbRow = {
  id: string;
  number: string;
  kind: string;
  period: string;
  supplier_name: string;
  supplier_abn: string | null;
  recipient_name: string;
  recipient_abn: string;
  line_count: number;
  gross_cents: number;
  gst_cents: number;
  fee_cents: number;
  share_cents: number;
  share_gst_cents: number;
  total_cents: number;
  issued_at: string;
};

async function statementsOf(coachId: string) {
  return (await env.DB.prepare("SELECT * FROM coach_statements WHERE coach_id = ? ORDER BY period").bind(coachId).all<StatementDbRow>()).results;
}

async function linesOfStatement(statementId: string) {
  return (
    await env.DB.prepare("SELECT gross_cents, gst_cents, fee_cents, share_cents FROM coach_earnings WHERE statement_id = ?")
      .bind(statementId)
      .all<{ gross_cents: number; gst_cents: number; fee_cents: number; share_cents: number }>()
  ).results;
}

const total = (rows: Record<string, number>[], key: string) => rows.reduce((sum, row) => sum + row[key]!, 0);

test("Sydney months: 30 November 16:00 UTC is already December there, so the run issues November", () => {
  expect(previousPeriod(new Date(CRON_RUN))).toBe("2026-11");
  expect(previousPeriod(new Date("2026-11-30T12:59:59.000Z"))).toBe("2026-10");
  expect(periodBounds("2026-11")).toEqual({ start: new Date("2026-10-31T13:00:00.000Z"), end: new Date("2026-11-30T13:00:00.000Z") });
  expect(periodBounds("2026-06")).toEqual({ start: new Date("2026-05-31T14:00:00.000Z"), end: new Date("2026-06-30T14:00:00.000Z") });
});

test("a payment statement sums its lines to the cent with a refund's reversal; a later refund goes on the next statement; issued once, emailed once", async () => {
  const { coach, booking } = await sessionCast({ startsAt: "2026-11-10T00:00:00.000Z" });
  await setCoachTaxProfile(coach.id, { gstRegistered: false });
  const payment = await createPayment({ userId: null, bookingId: booking.id, email: booking.email, amountCents: 15_000 });
  await markSessionOutcome(recordContext("2026-11-10T00:30:00.000Z"), coach, booking.id, "completed");
  await seedCompletedSessions(coach.id, 3, "2026-11-20T00:00:00.000Z", 22_500);
  const refund = (amountCents: number, createdAt: string) =>
    recordRefund(recordContext(createdAt).db, payment.id, { stripeRefundId: `re_${crypto.randomUUID()}`, amountCents, reason: "Partial refund", createdAt });
  await refund(3_333, "2026-11-25T00:00:00.000Z");
  await refund(1_000, "2026-12-05T00:00:00.000Z");
  // A session completed on 1 December (Sydney) belongs to December.
  await seedCompletedSessions(coach.id, 1, "2026-11-30T13:00:00.000Z");

  const context = recordContext(CRON_RUN);
  await runJob({ type: "coach-network.issue-statements", version: 1, scheduledAt: CRON_RUN }, context);
  const [november] = await statementsOf(coach.id);
  expect(november).toMatchObject({ period: "2026-11", kind: "payment_statement", line_count: 5, issued_at: CRON_RUN, share_gst_cents: 0 });
  expect(november!.number).toMatch(/^CS-\d{6}$/);
  expect(november).toMatchObject({
    supplier_name: "Casey Coach Consulting Pty Ltd",
    supplier_abn: "51824753556",
    recipient_name: "ClarityAI Coaching",
    recipient_abn: "52674318905",
  });
  const lines = await linesOfStatement(november!.id);
  for (const [column, key] of [
    ["gross_cents", "gross_cents"],
    ["gst_cents", "gst_cents"],
    ["fee_cents", "fee_cents"],
    ["share_cents", "share_cents"],
  ] as const) {
    expect(november![column]).toBe(total(lines, key));
  }
  // 150.00 − 33.33 + 3 × 225.00 = 791.67 paid; shares 115.91 − 25.76 + 3 × 173.87.
  expect(november).toMatchObject({ gross_cents: 79_167, share_cents: 11_591 - 2576 + 3 * 17_387, total_cents: 11_591 - 2576 + 3 * 17_387 });
  expect(november!.gross_cents - november!.gst_cents).toBe(november!.fee_cents + november!.share_cents);

  // Again (the next day's run, a redelivered job): nothing more.
  expect(await issueStatementFor(recordContext("2026-12-01T16:00:00.000Z"), coach.id, "2026-11")).toBe("exists");
  expect(await statementsOf(coach.id)).toHaveLength(1);
  const emails = await env.DB.prepare("SELECT subject, to_address FROM email_outbox WHERE dedupe_key = ?").bind(`coach-statement:${coach.id}:2026-11`).all();
  expect(emails.results).toEqual([{ subject: "Your November 2026 earnings statement is ready", to_address: coach.email }]);

  // December: the 1 December session and the December refund's reversal.
  await runJob({ type: "coach-network.issue-statements", version: 1, scheduledAt: "2026-12-31T16:00:00.000Z" }, recordContext("2026-12-31T16:00:00.000Z"));
  const [, december] = await statementsOf(coach.id);
  expect(december).toMatchObject({ period: "2026-12", line_count: 2, gross_cents: 15_000 - 1_000 });
  expect(Number(december!.number.slice(3))).toBe(Number(november!.number.slice(3)) + 1);
  expect((await earningLines(booking.id)).every((line) => line.statement_id !== null)).toBe(true);
});

test("an RCTI for a GST-registered coach with a current agreement: GST on each line's share, summed; an expired agreement gives a payment statement", async () => {
  const rcti = await sessionCast({ startsAt: "2026-11-10T00:00:00.000Z" });
  await setCoachTaxProfile(rcti.coach.id, { gstRegistered: true, rctiUntil: "2027-11-01T00:00:00.000Z", legalName: "Coach Co Pty Ltd" });
  await seedCompletedSessions(rcti.coach.id, 3, "2026-11-20T00:00:00.000Z", 15_000);
  await seedCompletedSessions(rcti.coach.id, 2, "2026-11-21T00:00:00.000Z", 14_000);
  expect(await issueStatementFor(recordContext(CRON_RUN), rcti.coach.id, "2026-11")).toBe("issued");
  const [statement] = await statementsOf(rcti.coach.id);
  const shares = [11_591, 11_591, 11_591, 10_818, 10_818];
  expect(statement).toMatchObject({
    kind: "rcti",
    supplier_name: "Coach Co Pty Ltd",
    supplier_abn: "51824753556",
    share_cents: total(
      shares.map((share_cents) => ({ share_cents })),
      "share_cents",
    ),
  });
  expect(statement!.share_gst_cents).toBe(shares.reduce((sum, share) => sum + shareGstOf(share), 0));
  expect(statement!.share_gst_cents).toBe(3 * 1159 + 2 * 1082);
  expect(statement!.total_cents).toBe(statement!.share_cents + statement!.share_gst_cents);

  const expired = await sessionCast({ startsAt: "2026-11-10T00:00:00.000Z" });
  await setCoachTaxProfile(expired.coach.id, { gstRegistered: true, rctiUntil: "2026-11-15T00:00:00.000Z" });
  await seedCompletedSessions(expired.coach.id, 1, "2026-11-20T00:00:00.000Z");
  expect(await issueStatementFor(recordContext(CRON_RUN), expired.coach.id, "2026-11")).toBe("issued");
  expect((await statementsOf(expired.coach.id))[0]).toMatchObject({ kind: "payment_statement", share_gst_cents: 0 });
});

test("a month whose lines add up to less than nothing issues no statement: they carry to the next; another coach's statement is not found", async () => {
  const { coach, booking } = await sessionCast({ startsAt: "2026-10-10T00:00:00.000Z" });
  await setCoachTaxProfile(coach.id);
  const payment = await createPayment({ userId: null, bookingId: booking.id, email: booking.email, amountCents: 15_000 });
  await markSessionOutcome(recordContext("2026-10-10T00:30:00.000Z"), coach, booking.id, "completed");
  expect(await issueStatementFor(recordContext("2026-10-31T16:00:00.000Z"), coach.id, "2026-10")).toBe("issued");
  await recordRefund(recordContext("2026-11-03T00:00:00.000Z").db, payment.id, {
    stripeRefundId: `re_${crypto.randomUUID()}`,
    amountCents: 15_000,
    reason: "Refunded in Stripe",
    createdAt: "2026-11-03T00:00:00.000Z",
  });
  expect(await issueStatementFor(recordContext(CRON_RUN), coach.id, "2026-11")).toBe("deferred");
  expect(await statementsOf(coach.id)).toHaveLength(1);
  await seedCompletedSessions(coach.id, 1, "2026-12-10T00:00:00.000Z");
  expect(await issueStatementFor(recordContext("2026-12-31T16:00:00.000Z"), coach.id, "2026-12")).toBe("issued");
  const [october, december] = await statementsOf(coach.id);
  expect(december).toMatchObject({ line_count: 2, share_cents: 11_591 - 11_591, gross_cents: 0 });

  const other = await sessionCast({ startsAt: "2026-10-10T00:00:00.000Z" });
  expect(await loadStatement(recordContext(CRON_RUN).db, other.coach.id, october!.id)).toBeNull();
  expect((await loadStatement(recordContext(CRON_RUN).db, coach.id, october!.id))?.lines).toHaveLength(1);
});
