import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { startSessionCheckout } from "~/booking/checkout.server";
import { auditAbout, expectRedirect } from "./helpers";
import { createBooking, daysFromNow, paymentsForSession, storedBooking } from "../../factories/bookings";
import { createSignedInCoach } from "../../factories/coaches";
import { createSignedInUser } from "../../factories/users";
import { contextFor, fetchApp, pageText } from "../app";
import { byType, completeCheckout, deliverWebhook, sessionIdOf, stripeEnv } from "../stripe";

// /admin/bookings/$id: a refund is reviewed before it is made (the amount, where it goes), may be
// any part of what is left, issues a credit note for exactly that amount, emails the client, shows
// in the booking's history, and a confirmation sent twice refunds once.

/** A confirmed A$150 paid session, paid by card through the fake Stripe. */
async function paidSession(hoursIn: number) {
  const bindings = stripeEnv();
  const coach = await createSignedInCoach();
  const client = await createSignedInUser({ firstName: "Mia", lastName: "Cartwright" });
  const held = await createBooking({
    status: "held",
    coachId: coach.id,
    clientId: client.id,
    email: client.email,
    name: "Mia Cartwright",
    startsAt: daysFromNow(14, hoursIn),
  });
  const { url } = await startSessionCheckout(contextFor(bindings), held);
  const sessionId = sessionIdOf(url);
  const { events } = await completeCheckout(sessionId);
  expect((await deliverWebhook(byType(events, "checkout.session.completed"), bindings)).status).toBe(200);
  const [payment] = await paymentsForSession(sessionId);
  return { bindings, client, booking: held, payment: payment! };
}

const refundsOf = async (paymentId: string) =>
  (
    await env.DB.prepare(
      "SELECT id, amount_cents, gst_cents, credit_note_number, reason FROM payment_refunds WHERE payment_id = ? ORDER BY created_at, credit_note_number",
    )
      .bind(paymentId)
      .all<{ id: string; amount_cents: number; gst_cents: number; credit_note_number: string; reason: string }>()
  ).results;

const paymentRow = (paymentId: string) => env.DB.prepare("SELECT status, refunded_cents FROM booking_payments WHERE id = ?").bind(paymentId).first();

const refundEmails = async (to: string) =>
  (
    await env.DB.prepare("SELECT subject, text_body FROM email_outbox WHERE to_address = ? AND dedupe_key LIKE 'payment-refund:%' ORDER BY created_at")
      .bind(to)
      .all<{ subject: string; text_body: string }>()
  ).results;

test("a refund without the confirmation step changes nothing and shows the amount to confirm", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const { bindings, client, booking, payment } = await paidSession(2);

  const review = await fetchApp(`/admin/bookings/${booking.id}`, {
    cookie: admin.cookie,
    form: { intent: "refund", amount: "50", reason: "Audio problems" },
    bindings,
  });
  expect(review.status).toBe(200);
  const html = await pageText(review);
  expect(html).toContain("Confirm the refund of A$50.00");
  expect(html).toContain("A$100.00 will remain refundable.");
  expect(html).toContain('name="confirm" value="yes"');
  expect(html).toContain(">Refund A$50.00</button>");
  expect(await refundsOf(payment.id)).toEqual([]);
  expect(await paymentRow(payment.id)).toEqual({ status: "paid", refunded_cents: 0 });
  expect(await refundEmails(client.email)).toEqual([]);
  expect(await auditAbout(payment.id)).toEqual([]);
});

test("bad refund amounts get a clear 400 and nothing is written", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const { bindings, booking, payment } = await paidSession(3);
  const cases: [string, string][] = [
    ["", "Enter the amount to refund."],
    ["0", "The refund must be more than A$0.00."],
    ["-5", "The refund must be more than A$0.00."],
    ["12.345", "no more than two digits after the point"],
    ["ten dollars", "Enter the amount in dollars and cents"],
    ["150.01", "The most you can refund is A$150.00"],
  ];
  for (const [amount, message] of cases) {
    for (const confirm of [{}, { confirm: "yes", refundedBefore: "0" }] as Record<string, string>[]) {
      const response = await fetchApp(`/admin/bookings/${booking.id}`, {
        cookie: admin.cookie,
        form: { intent: "refund", amount, reason: "Goodwill", ...confirm },
        bindings,
      });
      expect(response.status, amount).toBe(400);
      expect(await pageText(response), amount).toContain(message);
    }
  }
  expect(await refundsOf(payment.id)).toEqual([]);
  expect(await paymentRow(payment.id)).toEqual({ status: "paid", refunded_cents: 0 });
});

test("partial refunds until refunded in full: a credit note for each amount, the client emailed, the history and labels", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const { bindings, client, booking, payment } = await paidSession(4);
  const confirm = (amount: string, refundedBefore: string) =>
    fetchApp(`/admin/bookings/${booking.id}`, {
      cookie: admin.cookie,
      form: { intent: "refund", amount, reason: "Audio problems", confirm: "yes", refundedBefore },
      bindings,
    });

  expectRedirect(await confirm("50.00", "0"), `/admin/bookings/${booking.id}`);
  // The same confirmation again (a double click, a resent form) refunds nothing more.
  const again = await confirm("50.00", "0");
  expect(again.status).toBe(409);
  expect(await pageText(again)).toContain("nothing more was refunded");
  expect(await refundsOf(payment.id)).toEqual([expect.objectContaining({ amount_cents: 5_000, gst_cents: 455, reason: "Audio problems" })]);
  expect(await paymentRow(payment.id)).toEqual({ status: "partially_refunded", refunded_cents: 5_000 });
  expect(await storedBooking(booking.id)).toMatchObject({ status: "confirmed" });

  const [first] = await refundEmails(client.email);
  expect(first!.subject).toBe("We've refunded A$50.00 to your card");
  expect(first!.text_body).toContain("Hi Mia,");
  expect(first!.text_body).toContain("We've refunded A$50.00 (incl. GST) of your A$150.00 payment");
  expect(first!.text_body).toContain("It goes back to the card you paid with.");
  expect(first!.text_body).toContain("5 to 10 business days");
  const [firstRefund] = await refundsOf(payment.id);
  expect(first!.text_body).toContain(firstRefund!.credit_note_number);

  const partly = await pageText(await fetchApp(`/admin/bookings/${booking.id}`, { cookie: admin.cookie }));
  expect(partly).toContain("Partly refunded");
  expect(partly).toContain("A$50.00 of A$150.00 refunded, A$100.00 refundable");
  expect(partly).toContain(`Refunded A$50.00 (credit note ${firstRefund!.credit_note_number}) by ${admin.email}`);
  expect(partly).toContain('value="100.00"');

  const tooMuch = await confirm("100.01", "5000");
  expect(tooMuch.status).toBe(400);
  expect(await pageText(tooMuch)).toContain("The most you can refund is A$100.00");

  expectRedirect(await confirm("100", "5000"), `/admin/bookings/${booking.id}`);
  const refunds = await refundsOf(payment.id);
  expect(refunds.map((refund) => refund.amount_cents)).toEqual([5_000, 10_000]);
  // The credit notes of the payment add up to its invoice, GST included.
  expect(refunds.reduce((sum, refund) => sum + refund.gst_cents, 0)).toBe(1_364);
  expect(await paymentRow(payment.id)).toEqual({ status: "refunded", refunded_cents: 15_000 });
  const emails = await refundEmails(client.email);
  expect(emails).toHaveLength(2);
  expect(emails[1]!.text_body).toContain("We've refunded the remaining A$100.00 (incl. GST) of your A$150.00 payment");
  expect(emails[1]!.text_body).toContain("now refunded in full");

  const full = await pageText(await fetchApp(`/admin/bookings/${booking.id}`, { cookie: admin.cookie }));
  expect(full).toContain("Refunded in full");
  expect(full).toContain(`Refunded A$100.00 (credit note ${refunds[1]!.credit_note_number})`);
  expect(full).not.toContain("Review the refund");
  expect(await auditAbout(payment.id)).toEqual([
    {
      action: "payment_refunded",
      actorId: admin.id,
      detail: expect.objectContaining({ amountCents: 5_000, creditNoteNumber: refunds[0]!.credit_note_number }),
    },
    {
      action: "payment_refunded",
      actorId: admin.id,
      detail: expect.objectContaining({ amountCents: 10_000, creditNoteNumber: refunds[1]!.credit_note_number }),
    },
  ]);
  const done = await confirm("1", "15000");
  expect(done.status).toBe(409);
  expect(await pageText(done)).toContain("already been refunded in full");
});
