import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { creditNote, renderCreditNotePdf, renderInvoicePdf, taxInvoice } from "~/booking/documents.server";
import { decideRefundRequest, refundBookingPayment, requestGuaranteeRefund } from "~/booking/refunds.server";
import { startSessionCheckout } from "~/booking/checkout.server";
import { DAY_MS, bookingRow, createBooking, paymentsForSession, refundsFor } from "../../factories/bookings";
import { createCoach } from "../../factories/coaches";
import { createUser } from "../../factories/users";
import { contextFor, countRows } from "../app";
import { byType, completeCheckout, deliverWebhook, eventsAbout, fakeObject, sessionIdOf, stripeApi, stripeEnv } from "../stripe";

// Refunds with their credit notes, the money-back guarantee, and the GST documents (HTML view
// models and PDFs), against the Stripe-compatible fake.

const HOUR_MS = 3_600_000;

/** A client's booking paid by card through checkout and the webhook (at `startsAt`, which may be in the past). */
async function paidBooking(options: { client?: { id: string; email: string }; startsAt?: string; coachId?: string } = {}) {
  const bindings = stripeEnv();
  const coachId = options.coachId ?? (await createCoach({ name: "Sam Lee" })).id;
  const client = options.client ?? (await createUser());
  const booking = await createBooking({ status: "held", coachId, clientId: client.id, email: client.email, startsAt: options.startsAt });
  const { url } = await startSessionCheckout(contextFor(bindings), booking);
  const sessionId = sessionIdOf(url);
  const { events, object } = await completeCheckout(sessionId);
  expect((await deliverWebhook(byType(events, "checkout.session.completed"))).status).toBe(200);
  const [payment] = await paymentsForSession(sessionId);
  return { bindings, client, coachId, booking: (await bookingRow(booking.id))!, payment: payment!, paymentIntent: String(object.payment_intent) };
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR_MS).toISOString();

test("refunds: a partial and then the rest, each with its credit note; the GST of the notes adds up to the invoice's", async () => {
  const { bindings, payment, paymentIntent } = await paidBooking();
  const context = contextFor(bindings);
  const partial = await refundBookingPayment(context, payment.id, { reason: "Session cut short", amountCents: 5_000 });
  expect(partial.created).toBe(true);
  expect(partial.refund).toMatchObject({ amountCents: 5_000, gstCents: 455, reason: "Session cut short" });
  expect(partial.refund.creditNoteNumber).toMatch(/^CN-\d{6}$/);
  expect(await env.DB.prepare("SELECT status, refunded_cents FROM booking_payments WHERE id = ?").bind(payment.id).first()).toEqual({
    status: "partially_refunded",
    refunded_cents: 5_000,
  });

  const rest = await refundBookingPayment(context, payment.id, { reason: "Cancelled by the coach" });
  expect(rest.refund).toMatchObject({ amountCents: 10_000, gstCents: 1_364 - 455 });
  expect(Number(rest.refund.creditNoteNumber.slice(3))).toBe(Number(partial.refund.creditNoteNumber.slice(3)) + 1);
  expect(await env.DB.prepare("SELECT status, refunded_cents FROM booking_payments WHERE id = ?").bind(payment.id).first()).toEqual({
    status: "refunded",
    refunded_cents: 15_000,
  });
  // At Stripe: two refunds, the charge refunded in full.
  const charges = (await eventsAbout(paymentIntent)).filter((e) => e.type === "charge.refunded");
  expect(charges).toHaveLength(2);
  expect(charges[1]!.data.object).toMatchObject({ amount_refunded: 15_000, refunded: true });

  // Asking again answers the last refund; nothing more is refunded; the events add nothing.
  const again = await refundBookingPayment(context, payment.id, { reason: "Cancelled by the coach" });
  expect(again).toMatchObject({ created: false, refund: { id: rest.refund.id } });
  for (const event of charges) expect((await deliverWebhook(event)).status).toBe(200);
  expect(await refundsFor(payment.id)).toHaveLength(2);
  await expect(refundBookingPayment(context, payment.id, { reason: "x", amountCents: 100 })).rejects.toMatchObject({ status: 409, code: "already_refunded" });
});

test("a refund larger than what is left is refused before Stripe is asked", async () => {
  const { bindings, payment, paymentIntent } = await paidBooking();
  for (const amountCents of [0, -5, 15_001, 1.5]) {
    await expect(refundBookingPayment(contextFor(bindings), payment.id, { reason: "x", amountCents })).rejects.toMatchObject({
      status: 400,
      code: "invalid_amount",
    });
  }
  expect((await eventsAbout(paymentIntent)).filter((e) => e.type === "charge.refunded")).toEqual([]);
  expect(await refundsFor(payment.id)).toEqual([]);
});

test("a refund made in the Stripe dashboard reaches the site through charge.refunded, with its credit note", async () => {
  const { payment, paymentIntent } = await paidBooking();
  const made = await stripeApi("POST", "/v1/refunds", { payment_intent: paymentIntent, amount: "3000" });
  expect(made.status).toBe(200);
  const event = byType(await eventsAbout(paymentIntent), "charge.refunded");
  expect((await deliverWebhook(event)).status).toBe(200);
  expect((await deliverWebhook(event)).status).toBe(200);
  const refunds = await refundsFor(payment.id);
  expect(refunds).toEqual([expect.objectContaining({ amount_cents: 3_000, gst_cents: 273, reason: "Refunded in Stripe", stripe_refund_id: made.body.id })]);
  expect(await env.DB.prepare("SELECT status FROM booking_payments WHERE id = ?").bind(payment.id).first("status")).toBe("partially_refunded");
});

test("the guarantee: within 7 days after the first paid consultation; an admin's approval refunds it at Stripe with a credit note", async () => {
  const coach = await createCoach({ name: "Sam Lee" });
  const client = await createUser();
  const admin = await createUser({ roles: ["admin"] });
  // The first consultation ended two days ago; a later one is still to come.
  const first = await paidBooking({ client, coachId: coach.id, startsAt: hoursAgo(49) });
  const later = await paidBooking({ client, coachId: coach.id, startsAt: new Date(Date.now() + 30 * DAY_MS).toISOString() });
  const context = contextFor(first.bindings);

  await expect(requestGuaranteeRefund(context, client.id, later.booking.id, "Not for me")).rejects.toMatchObject({
    status: 409,
    code: "not_first_consultation",
  });
  await expect(requestGuaranteeRefund(context, client.id, first.booking.id, "   ")).rejects.toMatchObject({ status: 400, code: "reason_required" });
  const stranger = await createUser();
  await expect(requestGuaranteeRefund(context, stranger.id, first.booking.id, "Mine?")).rejects.toMatchObject({ status: 404 });

  const request = await requestGuaranteeRefund(context, client.id, first.booking.id, "It didn't help with my cash flow.");
  expect(request).toMatchObject({ status: "requested", bookingId: first.booking.id, userId: client.id });
  await expect(requestGuaranteeRefund(context, client.id, first.booking.id, "Again")).rejects.toMatchObject({ status: 409, code: "already_requested" });

  const decided = await decideRefundRequest(context, admin.id, request.id, "approve");
  expect(decided.request).toMatchObject({ status: "approved", decidedBy: admin.id });
  expect(decided.refund).toMatchObject({ amountCents: 15_000, gstCents: 1_364, reason: "Money-back guarantee" });
  const refundId = (await refundsFor(first.payment.id))[0]!.stripe_refund_id!;
  expect(await fakeObject(refundId)).toMatchObject({ object: "refund", amount: 15_000, status: "succeeded", payment_intent: first.paymentIntent });
  expect(await env.DB.prepare("SELECT status FROM booking_payments WHERE id = ?").bind(first.payment.id).first("status")).toBe("refunded");
  expect(await countRows("audit_log", "action = 'refund_request_decided' AND actor_id = ? AND target_id = ?", admin.id, request.id)).toBe(1);
  expect(await countRows("audit_log", "action = 'payment_refunded' AND actor_id = ? AND target_id = ?", admin.id, first.payment.id)).toBe(1);
  // Decided once.
  await expect(decideRefundRequest(context, admin.id, request.id, "decline")).rejects.toMatchObject({ status: 409, code: "already_decided" });
  expect(await refundsFor(first.payment.id)).toHaveLength(1);
});

test("the guarantee is refused before the consultation ends and more than 7 days after; an admin may decline", async () => {
  const coach = await createCoach({ name: "Sam Lee" });
  const admin = await createUser({ roles: ["admin"] });

  const tooLate = await paidBooking({ coachId: coach.id, startsAt: hoursAgo(8 * 24 + 2) });
  await expect(requestGuaranteeRefund(contextFor(tooLate.bindings), tooLate.client.id, tooLate.booking.id, "Late")).rejects.toMatchObject({
    status: 409,
    code: "guarantee_expired",
  });

  const notYet = await paidBooking({ coachId: coach.id, startsAt: hoursAgo(0.5) });
  await expect(requestGuaranteeRefund(contextFor(notYet.bindings), notYet.client.id, notYet.booking.id, "Early")).rejects.toMatchObject({
    status: 409,
    code: "not_ended",
  });

  // A cancelled first booking doesn't count; the one that took place six days ago does, and is declined.
  const client = await createUser();
  await createBooking({ coachId: coach.id, clientId: client.id, status: "cancelled", startsAt: hoursAgo(10 * 24) });
  const eligible = await paidBooking({ client, coachId: coach.id, startsAt: hoursAgo(6 * 24) });
  const request = await requestGuaranteeRefund(contextFor(eligible.bindings), client.id, eligible.booking.id, "Not what I expected");
  const decided = await decideRefundRequest(contextFor(eligible.bindings), admin.id, request.id, "decline");
  expect(decided).toMatchObject({ request: { status: "declined", decidedBy: admin.id }, refund: null });
  expect(await refundsFor(eligible.payment.id)).toEqual([]);
  expect((await eventsAbout(eligible.paymentIntent)).filter((e) => e.type === "charge.refunded")).toEqual([]);
  await expect(decideRefundRequest(contextFor(eligible.bindings), admin.id, crypto.randomUUID(), "approve")).rejects.toMatchObject({ status: 404 });
});

/** Every xref offset points at its object, and startxref at the xref table. */
function checkXref(text: string) {
  const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  expect(text.slice(start, start + 4)).toBe("xref");
  const entries = [...text.slice(start).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
  expect(entries.length).toBeGreaterThanOrEqual(6);
  entries.forEach((offset, i) => expect(text.slice(offset, offset + 12)).toMatch(new RegExp(`^${i + 1} 0 obj\\n`)));
}

test("the tax invoice and credit note: supplier, ABN, date, GST and total, as view models and as PDFs", async () => {
  const { bindings, payment, client } = await paidBooking();
  const invoice = (await taxInvoice(contextFor(bindings).db, payment.id))!;
  expect(invoice).toMatchObject({
    title: "Tax invoice",
    number: payment.invoice_number,
    supplier: { name: "ClarityAI Coaching", abn: "52 674 318 905" },
    customer: { name: "Jordan Client", email: client.email },
    userId: client.id,
    totalCents: 15_000,
    gstCents: 1_364,
    totalExGstCents: 13_636,
    status: "paid",
  });
  expect(invoice.date).toMatch(/^\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/);

  const pdf = renderInvoicePdf(invoice);
  const text = new TextDecoder("latin1").decode(pdf);
  expect(text.startsWith("%PDF-1.4\n")).toBe(true);
  expect(text.endsWith("%%EOF\n")).toBe(true);
  for (const expected of [
    "(Tax invoice)",
    "(ClarityAI Coaching)",
    "(ABN 52 674 318 905)",
    `(${payment.invoice_number})`,
    `(${invoice.date})`,
    "(A$150.00)",
    "(A$13.64)",
    "(GST)",
  ]) {
    expect(text).toContain(expected);
  }
  expect(text).toContain("(60-minute virtual session, With Sam Lee,");
  checkXref(text);

  const { refund } = await refundBookingPayment(contextFor(bindings), payment.id, { reason: "Rescheduling wasn't possible (coach unwell)" });
  const note = (await creditNote(contextFor(bindings).db, refund.id))!;
  expect(note).toMatchObject({
    title: "Credit note",
    number: refund.creditNoteNumber,
    invoiceNumber: payment.invoice_number,
    amountCents: 15_000,
    gstCents: 1_364,
  });
  const noteText = new TextDecoder("latin1").decode(renderCreditNotePdf(note));
  expect(noteText.startsWith("%PDF-")).toBe(true);
  for (const expected of ["(Credit note)", `(${refund.creditNoteNumber})`, "(ABN 52 674 318 905)", "(-A$150.00)", "(-A$13.64)", "coach unwell\\)"]) {
    expect(noteText).toContain(expected);
  }
  checkXref(noteText);
  expect((await taxInvoice(contextFor(bindings).db, payment.id))!.creditNotes).toEqual([
    { id: refund.id, number: refund.creditNoteNumber, date: note.date, amountCents: 15_000 },
  ]);
  expect(await taxInvoice(contextFor(bindings).db, "no-such-payment")).toBeNull();
});
