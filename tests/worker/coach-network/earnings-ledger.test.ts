import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { setBookingOutcome } from "~/booking/bookings.server";
import { GUARANTEE_REASON } from "~/booking/payments.server";
import { recordRefund } from "~/booking/refunds.server";
import { monthToDateEarnings } from "~/coach-network/earnings.server";
import { markSessionOutcome } from "~/meetings/outcomes.server";
import { createBooking, createPayment, createPurchase } from "../../factories/bookings";
import { earningLines, seedCompletedSessions } from "../../factories/earnings";
import { recordContext, sessionCast, thrown } from "../meetings/session-record-helpers";

// The earnings ledger: a line written with the booking's "completed", its tier fixed by the
// session's ordinal then, and a reversal for each refund of a completed session.

const START = "2026-11-10T00:00:00.000Z";
const DURING = "2026-11-10T00:30:00.000Z";

test("the line is written with the status: A$150 by card at 85% is GST 13.64, share 115.91, fee 20.45; a no-show removes it; free calls earn nothing", async () => {
  const { coach, booking } = await sessionCast({ startsAt: START });
  await createPayment({ userId: null, bookingId: booking.id, email: booking.email, amountCents: 15_000 });
  expect(await earningLines(booking.id)).toEqual([]);
  await markSessionOutcome(recordContext(DURING), coach, booking.id, "completed");
  const [line] = await earningLines(booking.id);
  expect(line).toMatchObject({
    kind: "session",
    occurred_at: DURING,
    gross_cents: 15_000,
    gst_cents: 1364,
    share_cents: 11_591,
    fee_cents: 2045,
    share_rate_bp: 8500,
    session_ordinal: 1,
    statement_id: null,
  });
  expect(await monthToDateEarnings(createDbFor(), coach.id, new Date("2026-11-20T00:00:00Z"))).toEqual({ shareCents: 11_591, sessions: 1 });
  // The month is Sydney's: 30 November 13:00 UTC is already 1 December there.
  expect(await monthToDateEarnings(createDbFor(), coach.id, new Date("2026-11-30T13:00:00Z"))).toEqual({ shareCents: 0, sessions: 0 });

  await markSessionOutcome(recordContext(DURING), coach, booking.id, "no_show");
  expect(await earningLines(booking.id)).toEqual([]);
  await markSessionOutcome(recordContext(DURING), coach, booking.id, "completed");
  expect(await earningLines(booking.id)).toHaveLength(1);

  const discovery = await createBooking({ coachId: coach.id, typeId: "discovery", startsAt: START });
  await markSessionOutcome(recordContext(DURING), coach, discovery.id, "completed");
  expect(await earningLines(discovery.id)).toEqual([]);
});

test("tier boundaries: session 50 earns 85%, 51 earns 90%, 150 earns 90%, 151 earns 95% (the coach's and the admin's outcome alike)", async () => {
  const { coach, admin } = await sessionCast({ startsAt: START });
  await seedCompletedSessions(coach.id, 49, "2026-10-01T00:00:00.000Z");
  const complete = async (byAdmin: boolean) => {
    const booking = await createBooking({ coachId: coach.id, startsAt: START });
    if (byAdmin) await setBookingOutcome(recordContext(DURING), booking.id, "completed", { kind: "admin", userId: admin.id });
    else await markSessionOutcome(recordContext(DURING), coach, booking.id, "completed");
    return (await earningLines(booking.id))[0]!;
  };
  expect(await complete(false)).toMatchObject({ session_ordinal: 50, share_rate_bp: 8500, share_cents: 11_591 });
  expect(await complete(true)).toMatchObject({ session_ordinal: 51, share_rate_bp: 9000, share_cents: 12_272, fee_cents: 1364 });
  await seedCompletedSessions(coach.id, 98, "2026-10-02T00:00:00.000Z");
  expect(await complete(false)).toMatchObject({ session_ordinal: 150, share_rate_bp: 9000 });
  expect(await complete(false)).toMatchObject({ session_ordinal: 151, share_rate_bp: 9500, share_cents: 12_954, fee_cents: 682 });
});

test("a session paid with a package credit is priced at the package's price over its sessions (A$560 / 4 = A$140)", async () => {
  const { coach, client, booking } = await sessionCast({ startsAt: START, paymentMethod: "credit" });
  const purchase = await createPurchase(client.id, 4, { paidAt: "2026-10-01T00:00:00.000Z" });
  await env.DB.prepare("INSERT INTO credit_ledger (id, purchase_id, user_id, delta, reason, booking_id) VALUES (?, ?, ?, -1, 'booking', ?)")
    .bind(crypto.randomUUID(), purchase, client.id, booking.id)
    .run();
  await markSessionOutcome(recordContext(DURING), coach, booking.id, "completed");
  expect((await earningLines(booking.id))[0]).toMatchObject({ gross_cents: 14_000, gst_cents: 1273, share_cents: 10_818, fee_cents: 1909 });
});

test("refunds reverse the share: a partial refund at the session's rate, the last one what is left, so a full refund nets to the cent; once per refund", async () => {
  const { coach, booking } = await sessionCast({ startsAt: START });
  const payment = await createPayment({ userId: null, bookingId: booking.id, email: booking.email, amountCents: 15_000 });
  await markSessionOutcome(recordContext(DURING), coach, booking.id, "completed");
  const first = { stripeRefundId: `re_${crypto.randomUUID()}`, amountCents: 5_000, reason: "Partial refund", createdAt: "2026-11-20T00:00:00.000Z" };
  await recordRefund(createDbFor(), payment.id, first);
  await recordRefund(createDbFor(), payment.id, first);
  const afterFirst = await earningLines(booking.id);
  expect(afterFirst).toHaveLength(2);
  expect(afterFirst[1]).toMatchObject({ kind: "reversal", gross_cents: -5_000, gst_cents: -455, share_cents: -3863, fee_cents: -682, share_rate_bp: 8500 });
  expect(afterFirst[1]!.refund_id).not.toBeNull();

  await recordRefund(createDbFor(), payment.id, {
    ...first,
    stripeRefundId: `re_${crypto.randomUUID()}`,
    amountCents: 10_000,
    createdAt: "2026-12-02T00:00:00.000Z",
  });
  const lines = await earningLines(booking.id);
  expect(lines).toHaveLength(3);
  const sum = (key: "gross_cents" | "gst_cents" | "share_cents" | "fee_cents") => lines.reduce((total, line) => total + line[key], 0);
  expect([sum("gross_cents"), sum("gst_cents"), sum("share_cents"), sum("fee_cents")]).toEqual([0, 0, 0, 0]);
  expect(lines[2]!.occurred_at).toBe("2026-12-02T00:00:00.000Z");
});

test("a refund of a session not completed writes nothing; a guarantee refund approved before the coach marks it is reversed when they do", async () => {
  const { coach, client, booking } = await sessionCast({ startsAt: START, paymentMethod: "credit" });
  const purchase = await createPurchase(client.id, 4, { paidAt: "2026-10-01T00:00:00.000Z" });
  await env.DB.batch([
    env.DB.prepare("INSERT INTO credit_ledger (id, purchase_id, user_id, delta, reason, booking_id) VALUES (?, ?, ?, -1, 'booking', ?)").bind(
      crypto.randomUUID(),
      purchase,
      client.id,
      booking.id,
    ),
    env.DB.prepare("INSERT INTO refund_requests (id, booking_id, user_id, reason, status) VALUES (?, ?, ?, 'Not for me', 'approved')").bind(
      crypto.randomUUID(),
      booking.id,
      client.id,
    ),
  ]);
  const payment = await createPayment({ userId: client.id, bookingId: null, email: client.email, amountCents: 56_000 });
  await env.DB.prepare("UPDATE booking_payments SET purchase_id = ? WHERE id = ?").bind(purchase, payment.id).run();
  await recordRefund(createDbFor(), payment.id, {
    stripeRefundId: `re_${crypto.randomUUID()}`,
    amountCents: 14_000,
    reason: GUARANTEE_REASON,
    createdAt: "2026-11-11T00:00:00.000Z",
  });
  expect(await earningLines(booking.id)).toEqual([]);

  await markSessionOutcome(recordContext("2026-11-12T00:00:00.000Z"), coach, booking.id, "completed");
  const lines = await earningLines(booking.id);
  expect(lines.map((line) => [line.kind, line.gross_cents, line.share_cents])).toEqual([
    ["session", 14_000, 10_818],
    ["reversal", -14_000, -10_818],
  ]);
  // A second guarantee refund of the same package (another booking's) would not touch this one: a refund of the package that is not the guarantee reverses nothing.
  await recordRefund(createDbFor(), payment.id, {
    stripeRefundId: `re_${crypto.randomUUID()}`,
    amountCents: 1_000,
    reason: "Unused credits",
    createdAt: "2026-11-13T00:00:00.000Z",
  });
  expect(await earningLines(booking.id)).toHaveLength(2);
});

test("once the line is on an issued statement the outcome can no longer change", async () => {
  const { coach, booking } = await sessionCast({ startsAt: START });
  await markSessionOutcome(recordContext(DURING), coach, booking.id, "completed");
  const statementId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO coach_statements (id, number, coach_id, period, kind, supplier_name, recipient_name, recipient_abn, issued_at)
       VALUES (?, ?, ?, '2026-11', 'payment_statement', 'Casey', 'ClarityAI Coaching', '52674318905', '2026-12-01T00:00:00.000Z')`,
    ).bind(statementId, `T-${statementId}`, coach.id),
    env.DB.prepare("UPDATE coach_earnings SET statement_id = ? WHERE booking_id = ?").bind(statementId, booking.id),
  ]);
  expect(await thrown(markSessionOutcome(recordContext(DURING), coach, booking.id, "no_show"))).toMatchObject({ status: 409, code: "on_statement" });
  expect(await earningLines(booking.id)).toHaveLength(1);
  expect((await env.DB.prepare("SELECT status FROM bookings WHERE id = ?").bind(booking.id).first<{ status: string }>())!.status).toBe("completed");
});

function createDbFor() {
  return recordContext(DURING).db;
}
