import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { BookingError } from "~/booking/errors";
import { abandonCheckout, recordPackageInquiry, startPackageCheckout, startSessionCheckout } from "~/booking/checkout.server";
import { DAY_MS, bookingRow, conversion, createBooking, daysFromNow, ensureCatalogue, paymentsForSession, refundsFor } from "../../factories/bookings";
import { createCoach } from "../../factories/coaches";
import { createUser } from "../../factories/users";
import { contextFor, countRows } from "../app";
import { byType, completeCheckout, deliverWebhook, eventLike, eventsAbout, fakeObject, sessionIdOf, stripeEnv } from "../stripe";

// Checkout for paid sessions and packages against the Stripe-compatible fake, and what the webhook
// makes of its events: delivered once, twice, concurrently and out of order.

/** A signed-in client's held booking with its checkout created at the fake Stripe. */
async function heldWithCheckout(options: { guest?: boolean; startsAt?: string } = {}) {
  const bindings = stripeEnv();
  const coach = await createCoach({ name: "Sam Lee" });
  const client = options.guest ? null : await createUser();
  const booking = await createBooking({ status: "held", coachId: coach.id, clientId: client?.id ?? null, email: client?.email, startsAt: options.startsAt });
  const { url } = await startSessionCheckout(contextFor(bindings), booking);
  return { bindings, coach, client, booking, url, sessionId: sessionIdOf(url) };
}

test("a session checkout is one AUD payment of the booking's price, GST inclusive, tied to the booking, expiring after 30 minutes", async () => {
  const before = Math.floor(Date.now() / 1000);
  const { booking, client, url, sessionId, bindings } = await heldWithCheckout();
  const session = await fakeObject(sessionId);
  expect(session).toMatchObject({
    mode: "payment",
    status: "open",
    currency: "aud",
    amount_total: 15_000,
    metadata: { kind: "booking", booking_id: booking.id },
    success_url: `http://localhost:8787/booking-confirmation?booking=${booking.id}&session_id={CHECKOUT_SESSION_ID}`,
    // The way back carries a token signed for this booking: only that browser may release the hold.
    cancel_url: expect.stringMatching(new RegExp(`^http://localhost:8787/booking/checkout-cancelled\\?booking=${booking.id}&token=c1\\.\\d+\\.[\\w-]+$`)),
    customer_email: client!.email,
  });
  expect(String(session.customer)).toMatch(/^cus_/);
  const price = (session.sandbox as { price: Record<string, unknown> }).price;
  expect(price).toMatchObject({ type: "one_time", tax_behavior: "inclusive", unit_amount: 15_000, currency: "aud" });
  expect((price.product as { name: string; description: string }).name).toBe("60-minute virtual session");
  expect((price.product as { name: string; description: string }).description).toMatch(
    /^With Sam Lee, \w+day \d{1,2} \w+ \d{4}, \d{1,2}:\d{2} (am|pm) AE[DS]T$/,
  );
  const expiresIn = Number(session.expires_at) - before;
  expect(expiresIn).toBeGreaterThanOrEqual(30 * 60);
  expect(expiresIn).toBeLessThanOrEqual(32 * 60);

  expect((await bookingRow(booking.id))!.stripeCheckoutSessionId).toBe(sessionId);
  expect(await conversion(`checkout:${sessionId}`)).toMatchObject({
    type: "BEGIN_CHECKOUT",
    value_cents: 15_000,
    label: "60-minute virtual session",
    user_id: client!.id,
  });

  // Asking again for the same booking answers the same checkout.
  const again = await startSessionCheckout(contextFor(bindings), (await bookingRow(booking.id))!);
  expect(again.url).toBe(url);
});

test("a guest pays with their email and no Stripe customer; a booking that isn't held can't be paid for", async () => {
  const { booking, sessionId, bindings, coach } = await heldWithCheckout({ guest: true });
  const session = await fakeObject(sessionId);
  expect(session.customer).toBeNull();
  expect(session.customer_email).toBe(booking.email);

  const confirmed = await createBooking({ coachId: coach.id, status: "confirmed", startsAt: daysFromNow(25) });
  const error = await startSessionCheckout(contextFor(bindings), confirmed).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BookingError);
  expect(error).toMatchObject({ status: 409, code: "not_awaiting_payment" });
  const lapsed = await createBooking({
    status: "held",
    coachId: coach.id,
    startsAt: daysFromNow(26),
    holdExpiresAt: new Date(Date.now() - 1000).toISOString(),
  });
  expect(await startSessionCheckout(contextFor(bindings), lapsed).catch((e: unknown) => e)).toMatchObject({ status: 409, code: "hold_expired" });
});

test("checkout.session.completed records the payment with its tax invoice number, confirms the booking and records PAYMENT_COMPLETION", async () => {
  const { booking, client, sessionId } = await heldWithCheckout();
  const { events, object } = await completeCheckout(sessionId);
  expect(events.map((e) => e.type)).toEqual(["checkout.session.completed"]);
  expect((await deliverWebhook(byType(events, "checkout.session.completed"))).status).toBe(200);

  const after = (await bookingRow(booking.id))!;
  expect(after.status).toBe("confirmed");
  expect(after.holdExpiresAt).toBeNull();
  const [payment, ...others] = await paymentsForSession(sessionId);
  expect(others).toEqual([]);
  expect(payment).toMatchObject({
    user_id: client!.id,
    booking_id: booking.id,
    purchase_id: null,
    amount_cents: 15_000,
    gst_cents: 1_364,
    refunded_cents: 0,
    status: "paid",
    customer_name: "Jordan Client",
    customer_email: client!.email,
    stripe_payment_intent_id: object.payment_intent,
  });
  expect(payment!.invoice_number).toMatch(/^INV-\d{6}$/);
  expect(payment!.description).toMatch(/^60-minute virtual session, With Sam Lee, /);
  expect(await conversion(`payment:${sessionId}`)).toMatchObject({ type: "PAYMENT_COMPLETION", value_cents: 15_000, label: "60-minute virtual session" });
});

test("invoice numbers come from one counter, one number per payment and no gaps however often an event arrives", async () => {
  const first = await heldWithCheckout();
  const second = await heldWithCheckout();
  const one = byType((await completeCheckout(first.sessionId)).events, "checkout.session.completed");
  const two = byType((await completeCheckout(second.sessionId)).events, "checkout.session.completed");
  // Six concurrent deliveries of each, then a late retry.
  const answers = await Promise.all([...Array.from({ length: 6 }, () => deliverWebhook(one)), ...Array.from({ length: 6 }, () => deliverWebhook(two))]);
  expect(answers.every((r) => r.status === 200)).toBe(true);
  expect(await (await deliverWebhook(one)).json()).toEqual({ received: true, duplicate: true });

  const [a] = await paymentsForSession(first.sessionId);
  const [b] = await paymentsForSession(second.sessionId);
  expect(await countRows("booking_payments", "stripe_checkout_session_id IN (?, ?)", first.sessionId, second.sessionId)).toBe(2);
  expect(await countRows("stripe_events", "id IN (?, ?)", one.id, two.id)).toBe(2);
  const numbers = [a!.invoice_number, b!.invoice_number].map((n) => Number(n.slice(4))).sort((x, y) => x - y);
  expect(numbers[1]! - numbers[0]!).toBe(1);
  const counter = await env.DB.prepare("SELECT value FROM document_counters WHERE series = 'invoice'").first<number>("value");
  expect(counter).toBeGreaterThanOrEqual(numbers[1]!);
  expect(await countRows("conversions", "dedupe_key = ?", `payment:${first.sessionId}`)).toBe(1);
  expect((await bookingRow(first.booking.id))!.status).toBe("confirmed");
});

test("out of order: an expired event before the completed one — the payment wins while the slot is free", async () => {
  const { booking, sessionId } = await heldWithCheckout();
  const { events, object } = await completeCheckout(sessionId);
  const expired = eventLike("checkout.session.expired", { ...object, status: "expired", payment_status: "unpaid", payment_intent: null });
  expect((await deliverWebhook(expired)).status).toBe(200);
  expect((await bookingRow(booking.id))!.status).toBe("expired");

  expect((await deliverWebhook(byType(events, "checkout.session.completed"))).status).toBe(200);
  expect((await bookingRow(booking.id))!.status).toBe("confirmed");
  const [payment] = await paymentsForSession(sessionId);
  expect(payment!.status).toBe("paid");
  expect(await refundsFor(payment!.id)).toEqual([]);
});

test("out of order: an expired event after the completed one changes nothing", async () => {
  const { booking, sessionId } = await heldWithCheckout();
  const { events, object } = await completeCheckout(sessionId);
  expect((await deliverWebhook(byType(events, "checkout.session.completed"))).status).toBe(200);
  // A stale "expired" copy, even while the row still said held, leaves the paid booking alone.
  expect((await deliverWebhook(eventLike("checkout.session.expired", { ...object, status: "expired" }))).status).toBe(200);
  expect((await bookingRow(booking.id))!.status).toBe("confirmed");
  expect(await countRows("booking_payments", "stripe_checkout_session_id = ?", sessionId)).toBe(1);
});

test("a payment that arrives after the slot went to someone else is refunded in full and the booking cancelled", async () => {
  const startsAt = daysFromNow(21);
  const { booking, coach, sessionId } = await heldWithCheckout({ startsAt });
  const { events, object } = await completeCheckout(sessionId);
  // The hold lapsed; another client booked the same time before the payment's event arrived.
  await env.DB.prepare("UPDATE bookings SET status = 'expired' WHERE id = ?").bind(booking.id).run();
  const other = await createBooking({ coachId: coach.id, status: "confirmed", startsAt });

  expect((await deliverWebhook(byType(events, "checkout.session.completed"))).status).toBe(200);
  expect((await bookingRow(other.id))!.status).toBe("confirmed");
  const lost = (await bookingRow(booking.id))!;
  expect(lost).toMatchObject({ status: "cancelled", cancelledBy: "system" });
  expect(lost.cancelReason).toContain("booked by someone else");
  expect(lost.sequence).toBe(booking.sequence + 1);

  const [payment] = await paymentsForSession(sessionId);
  expect(payment).toMatchObject({ status: "refunded", refunded_cents: 15_000 });
  const refunds = await refundsFor(payment!.id);
  expect(refunds).toHaveLength(1);
  expect(refunds[0]).toMatchObject({ amount_cents: 15_000, gst_cents: 1_364 });
  expect(refunds[0]!.credit_note_number).toMatch(/^CN-\d{6}$/);
  // Refunded at Stripe, once.
  const charge = byType(await eventsAbout(String(object.payment_intent)), "charge.refunded");
  expect(charge.data.object).toMatchObject({ amount_refunded: 15_000, refunded: true });
  expect(await conversion(`payment:${sessionId}`)).toBeNull();

  // Stripe's charge.refunded for that refund, and a redelivered completed event, add nothing.
  expect((await deliverWebhook(charge)).status).toBe(200);
  expect((await deliverWebhook(eventLike("checkout.session.completed", events[0]!.data.object))).status).toBe(200);
  expect(await refundsFor(payment!.id)).toHaveLength(1);
  expect(await countRows("booking_payments", "stripe_checkout_session_id = ?", sessionId)).toBe(1);
});

test("a package purchase: pending at checkout, then paid with its sessions credited for 12 months, once", async () => {
  await ensureCatalogue();
  const bindings = stripeEnv();
  const user = await createUser();
  const { url, purchaseId } = await startPackageCheckout(contextFor(bindings), { id: user.id, email: user.email }, "package-4");
  const sessionId = sessionIdOf(url);
  expect(await fakeObject(sessionId)).toMatchObject({
    mode: "payment",
    currency: "aud",
    amount_total: 56_000,
    metadata: { kind: "package", purchase_id: purchaseId },
    success_url: `http://localhost:8787/profile?tab=bookings&purchase=${purchaseId}`,
  });
  expect(await env.DB.prepare("SELECT status, sessions, price_cents FROM package_purchases WHERE id = ?").bind(purchaseId).first()).toEqual({
    status: "pending",
    sessions: 4,
    price_cents: 56_000,
  });
  expect(await conversion(`checkout:${sessionId}`)).toMatchObject({ type: "PACKAGE_CHECKOUT", value_cents: 56_000 });

  const completed = byType((await completeCheckout(sessionId)).events, "checkout.session.completed");
  await Promise.all([deliverWebhook(completed), deliverWebhook(completed), deliverWebhook(eventLike("checkout.session.completed", completed.data.object))]);

  const purchase = await env.DB.prepare("SELECT status, paid_at, expires_at FROM package_purchases WHERE id = ?")
    .bind(purchaseId)
    .first<{ status: string; paid_at: string; expires_at: string }>();
  expect(purchase!.status).toBe("paid");
  const paid = new Date(purchase!.paid_at);
  const expires = new Date(purchase!.expires_at);
  expect(expires.getUTCFullYear() - paid.getUTCFullYear()).toBe(1);
  expect(expires.getUTCMonth()).toBe(paid.getUTCMonth());
  expect(expires.getTime() - paid.getTime()).toBeGreaterThanOrEqual(365 * DAY_MS);
  const ledger = await env.DB.prepare("SELECT delta, reason FROM credit_ledger WHERE purchase_id = ?").bind(purchaseId).all();
  expect(ledger.results).toEqual([{ delta: 4, reason: "purchase" }]);
  const [payment] = await paymentsForSession(sessionId);
  expect(payment).toMatchObject({
    purchase_id: purchaseId,
    booking_id: null,
    amount_cents: 56_000,
    gst_cents: 5_091,
    user_id: user.id,
    customer_email: user.email,
  });
  expect(payment!.description).toBe("4-session package: 4 × 60-minute virtual coaching sessions, to use within 12 months");
  expect(await conversion(`payment:${sessionId}`)).toMatchObject({ type: "PAYMENT_COMPLETION", value_cents: 56_000, label: "4-session package" });

  // An unknown package is refused before anything is written.
  const purchases = await countRows("package_purchases", "user_id = ?", user.id);
  expect(await startPackageCheckout(contextFor(bindings), { id: user.id, email: user.email }, "package-99").catch((e: unknown) => e)).toMatchObject({
    status: 404,
    code: "package_not_found",
  });
  expect(await countRows("package_purchases", "user_id = ?", user.id)).toBe(purchases);
});

test("an expired package checkout leaves the purchase pending, with no credits", async () => {
  await ensureCatalogue();
  const bindings = stripeEnv();
  const user = await createUser();
  const { url, purchaseId } = await startPackageCheckout(contextFor(bindings), { id: user.id, email: user.email }, "package-10");
  const session = await fakeObject(sessionIdOf(url));
  expect((await deliverWebhook(eventLike("checkout.session.expired", { ...session, status: "expired" }))).status).toBe(200);
  expect(await env.DB.prepare("SELECT status FROM package_purchases WHERE id = ?").bind(purchaseId).first("status")).toBe("pending");
  expect(await countRows("credit_ledger", "purchase_id = ?", purchaseId)).toBe(0);
});

test("abandoning the checkout expires it at Stripe and releases the hold; a checkout paid meanwhile is left alone", async () => {
  const { booking, sessionId, bindings } = await heldWithCheckout();
  expect(await abandonCheckout(contextFor(bindings), booking.id)).toEqual({ status: "released" });
  expect((await fakeObject(sessionId)).status).toBe("expired");
  expect((await bookingRow(booking.id))!.status).toBe("expired");
  // Stripe's expired event, when it arrives, changes nothing more; abandoning again neither.
  const expired = byType(await eventsAbout(sessionId), "checkout.session.expired");
  expect((await deliverWebhook(expired)).status).toBe(200);
  expect(await abandonCheckout(contextFor(bindings), booking.id)).toEqual({ status: "not_held" });
  expect((await bookingRow(booking.id))!.status).toBe("expired");

  const paid = await heldWithCheckout();
  await completeCheckout(paid.sessionId);
  expect(await abandonCheckout(contextFor(paid.bindings), paid.booking.id)).toEqual({ status: "paid" });
  expect((await bookingRow(paid.booking.id))!.status).toBe("held");
  expect((await fakeObject(paid.sessionId)).status).toBe("complete");

  expect(await abandonCheckout(contextFor(bindings), crypto.randomUUID()).catch((e: unknown) => e)).toMatchObject({ status: 404 });
});

test("a package inquiry is recorded once a day per person and package", async () => {
  await ensureCatalogue();
  const bindings = stripeEnv();
  const user = await createUser();
  const request = new Request("http://localhost/booking?package=package-10");
  for (let i = 0; i < 3; i++) await recordPackageInquiry(contextFor(bindings, request), { id: user.id, email: user.email }, "package-10", request);
  const rows = await env.DB.prepare("SELECT type, value_cents, label FROM conversions WHERE user_id = ? AND type = 'PACKAGE_INQUIRY'").bind(user.id).all();
  expect(rows.results).toEqual([{ type: "PACKAGE_INQUIRY", value_cents: 130_000, label: "10-session package" }]);
  await expect(recordPackageInquiry(contextFor(bindings, request), null, "package-99", request)).rejects.toMatchObject({ status: 404 });
});
