import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { abandonCheckout, startSessionCheckout } from "~/booking/checkout.server";
import { refundBookingPayment } from "~/booking/refunds.server";
import { bookingRow, createBooking, paymentsForSession, refundsFor } from "../../factories/bookings";
import { createCoach } from "../../factories/coaches";
import { createUser, webSession } from "../../factories/users";
import { contextFor, fetchApp, pageText } from "../app";
import { sessionIdOf } from "../stripe";

async function sandboxEvents(objectId: string) {
  const { results } = await env.DB.prepare(
    "SELECT json_extract(data, '$.type') AS type, id FROM payments_sandbox_objects WHERE object = 'event' AND (json_extract(data, '$.data.object.id') = ? OR json_extract(data, '$.data.object.payment_intent') = ?) ORDER BY created_at",
  )
    .bind(objectId, objectId)
    .all<{ type: string; id: string }>();
  return results;
}

test("a guest pays on the sandbox's checkout page: amount with GST, Pay, and the booking is confirmed through the webhook code", async () => {
  const coach = await createCoach({ name: "Sam Lee" });
  const booking = await createBooking({ status: "held", coachId: coach.id });
  const { url } = await startSessionCheckout(contextFor(env), booking);
  expect(url).toMatch(/^http:\/\/localhost:8787\/payments-sandbox\/checkout\/cs_test_/);
  const path = new URL(url).pathname;
  const sessionId = sessionIdOf(url);

  // No account and no sign-in: the link itself opens the page, as Stripe's Checkout does.
  const page = await fetchApp(path);
  expect(page.status).toBe(200);
  const text = await pageText(page);
  expect(text).toContain("Local payments sandbox — no real money moves");
  expect(text).toContain("60-minute virtual session, one-off payment");
  expect(text).toContain("A$150.00, including GST of A$13.64");
  expect(text).toContain(booking.email);
  expect(text).toContain("Pay A$150.00");

  const paid = await fetchApp(path, { form: { intent: "pay" } });
  expect(paid.status).toBe(302);
  expect(paid.headers.get("Location")).toBe(`http://localhost:8787/booking-confirmation?booking=${booking.id}&session_id=${sessionId}`);
  expect((await bookingRow(booking.id))!.status).toBe("confirmed");
  const [payment] = await paymentsForSession(sessionId);
  expect(payment).toMatchObject({ amount_cents: 15_000, gst_cents: 1_364, status: "paid", booking_id: booking.id });
  const events = await sandboxEvents(sessionId);
  expect(events.map((e) => e.type)).toEqual(["checkout.session.completed"]);
  expect(await env.DB.prepare("SELECT type FROM stripe_events WHERE id = ?").bind(events[0]!.id).first("type")).toBe("checkout.session.completed");

  // Paying again changes nothing; the page says it is paid.
  expect((await fetchApp(path, { form: { intent: "pay" } })).status).toBe(302);
  expect(await paymentsForSession(sessionId)).toHaveLength(1);
  expect(await pageText(await fetchApp(path))).toContain("This checkout is already paid.");

  // A refund in the sandbox raises charge.refunded, delivered at once; one credit note with the reason given.
  const { refund } = await refundBookingPayment(contextFor(env), payment!.id, { reason: "Coach unavailable" });
  expect(refund).toMatchObject({ amountCents: 15_000, reason: "Coach unavailable" });
  expect(await refundsFor(payment!.id)).toEqual([expect.objectContaining({ reason: "Coach unavailable", amount_cents: 15_000 })]);
  expect((await sandboxEvents(payment!.stripe_payment_intent_id!)).map((e) => e.type)).toEqual(["checkout.session.completed", "charge.refunded"]);
});

test("Cancel on the sandbox page returns to the cancel page; abandoning expires the session and releases the hold", async () => {
  const coach = await createCoach({ name: "Sam Lee" });
  const booking = await createBooking({ status: "held", coachId: coach.id });
  const { url } = await startSessionCheckout(contextFor(env), booking);
  const path = new URL(url).pathname;
  const cancelled = await fetchApp(path, { form: { intent: "cancel" } });
  expect(cancelled.status).toBe(302);
  expect(cancelled.headers.get("Location")).toMatch(new RegExp(`^http://localhost:8787/booking/checkout-cancelled\\?booking=${booking.id}&token=c1\\.`));
  expect(await abandonCheckout(contextFor(env), booking.id)).toEqual({ status: "released" });
  expect((await bookingRow(booking.id))!.status).toBe("expired");
  expect((await sandboxEvents(sessionIdOf(url))).map((e) => e.type)).toEqual(["checkout.session.expired"]);
  // The expired session can no longer be paid: Pay sends the customer back as Cancel does.
  expect(await pageText(await fetchApp(path))).toContain("This checkout has expired");
  const late = await fetchApp(path, { form: { intent: "pay" } });
  expect(late.headers.get("Location")).toBe(cancelled.headers.get("Location"));
  expect(await paymentsForSession(sessionIdOf(url))).toEqual([]);
});

test("a signed-in client's sandbox checkout is theirs alone", async () => {
  const coach = await createCoach({ name: "Sam Lee" });
  const client = await createUser();
  const booking = await createBooking({ status: "held", coachId: coach.id, clientId: client.id, email: client.email });
  const { url } = await startSessionCheckout(contextFor(env), booking);
  const path = new URL(url).pathname;
  expect((await fetchApp(path)).status).toBe(302);
  const other = await webSession(await createUser());
  expect((await fetchApp(path, { cookie: other })).status).toBe(404);
  expect((await fetchApp(path, { form: { intent: "pay" }, cookie: other })).status).toBe(404);
  const own = await fetchApp(path, { cookie: await webSession(client) });
  expect(own.status).toBe(200);
  expect(await pageText(own)).toContain("including GST of A$13.64");
  expect((await bookingRow(booking.id))!.status).toBe("held");
});
