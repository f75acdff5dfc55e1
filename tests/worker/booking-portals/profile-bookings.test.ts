import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { formatDateTime } from "~/booking/time-zones";
import { expectRedirect } from "./helpers";
import { DAY_MS, HOUR_MS, createBooking, createPayment, createRefund, daysFromNow, storedBooking } from "../../factories/bookings";
import { createSignedInCoach } from "../../factories/coaches";
import { createSignedInUser } from "../../factories/users";
import { fetchApp, pageText } from "../app";

// The profile's Bookings tab: upcoming and past bookings in the client's own time zone, joining,
// rescheduling and cancelling with the policy spelt out, package credits, invoices and credit notes,
// and the money-back guarantee.

const TAB = "/profile?tab=bookings";

test("the tab lists upcoming and past bookings on the client's clock, with join, reschedule and cancel for upcoming ones", async () => {
  const coach = await createSignedInCoach({ name: "Harper Lane" });
  const client = await createSignedInUser();
  const upcoming = await createBooking({
    coachId: coach.id,
    clientId: client.id,
    email: client.email,
    startsAt: daysFromNow(5, 1),
    clientTimeZone: "Australia/Perth",
  });
  const past = await createBooking({
    coachId: coach.id,
    clientId: client.id,
    email: client.email,
    startsAt: new Date(Date.now() - 10 * DAY_MS).toISOString(),
    status: "completed",
  });
  // Booked with the same address before the account existed: theirs too.
  const early = await createBooking({ coachId: coach.id, email: client.email, startsAt: daysFromNow(6, 2), typeId: "discovery" });
  const stranger = await createBooking({ coachId: coach.id, startsAt: daysFromNow(5, 3), name: "Not This Client" });

  const response = await fetchApp(TAB, { cookie: client.cookie });
  expect(response.status).toBe(200);
  const html = await pageText(response);
  const [upcomingPart, pastPart] = html.split('id="past-heading"');
  expect(upcomingPart).toContain(formatDateTime(upcoming.startsAt, "Australia/Perth"));
  expect(formatDateTime(upcoming.startsAt, "Australia/Perth")).toMatch(/ AWST$/);
  expect(upcomingPart).toContain("60-minute virtual session with Harper Lane");
  expect(upcomingPart).toContain(`href="/meeting/${upcoming.id}"`);
  expect(upcomingPart).toMatch(new RegExp(`href="/booking/manage/m1\\.${upcoming.id}\\.`));
  expect(upcomingPart).toMatch(/discovery call with Harper Lane/);
  expect(upcomingPart).toContain(`href="/meeting/${early.id}"`);
  expect(upcomingPart).toContain("You can cancel or reschedule free of charge until");
  expect(upcomingPart).toContain("your payment is refunded in full");
  expect(pastPart).toContain(past.reference);
  expect(pastPart).toContain("Completed");
  expect(html).not.toContain("Not This Client");
  expect(html).not.toContain(stranger.id);
  expect(html).toContain('aria-current="page" class="profile-tab"');
});

test("a client cancels their own booking from the tab; someone else's is a 404 and stays booked", async () => {
  const coach = await createSignedInCoach();
  const client = await createSignedInUser();
  const other = await createSignedInUser();
  const mine = await createBooking({ coachId: coach.id, clientId: client.id, email: client.email, startsAt: daysFromNow(8, 1), typeId: "discovery" });
  const theirs = await createBooking({ coachId: coach.id, clientId: other.id, email: other.email, startsAt: daysFromNow(8, 3) });

  const refused = await fetchApp(TAB, { cookie: client.cookie, form: { intent: "cancel-booking", bookingId: theirs.id, reason: "" } });
  expect(refused.status).toBe(404);
  expect(await storedBooking(theirs.id)).toMatchObject({ status: "confirmed" });
  const tooLong = await fetchApp(TAB, { cookie: client.cookie, form: { intent: "cancel-booking", bookingId: mine.id, reason: "x".repeat(600) } });
  expect(tooLong.status).toBe(400);
  expect(await storedBooking(mine.id)).toMatchObject({ status: "confirmed" });

  expectRedirect(await fetchApp(TAB, { cookie: client.cookie, form: { intent: "cancel-booking", bookingId: mine.id, reason: "Double-booked myself" } }), TAB);
  expect(await storedBooking(mine.id)).toMatchObject({ status: "cancelled", cancel_reason: "Double-booked myself" });
  const again = await fetchApp(TAB, { cookie: client.cookie, form: { intent: "cancel-booking", bookingId: mine.id } });
  expect(again.status).toBe(409);
  expect(await pageText(again)).toContain("This booking has already been cancelled.");
});

test("within a day of the start the tab says a paid session isn't refunded", async () => {
  const coach = await createSignedInCoach();
  const client = await createSignedInUser();
  await createBooking({ coachId: coach.id, clientId: client.id, email: client.email, startsAt: new Date(Date.now() + 5 * HOUR_MS).toISOString() });
  const html = await pageText(await fetchApp(TAB, { cookie: client.cookie }));
  expect(html).toContain("It's less than 24 hours before the start, so the session isn't refunded.");
});

test("package credits show what is left and when they lapse; invoices and credit notes link to their pages and PDFs", async () => {
  const coach = await createSignedInCoach();
  const client = await createSignedInUser();
  const purchaseId = crypto.randomUUID();
  const expiresAt = new Date(Date.now() + 200 * DAY_MS).toISOString();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO package_purchases (id, user_id, package_id, sessions, duration_minutes, price_cents, status, paid_at, expires_at) VALUES (?, ?, 'package-4', 4, 60, 56000, 'paid', ?, ?)",
    ).bind(purchaseId, client.id, new Date().toISOString(), expiresAt),
    env.DB.prepare("INSERT INTO credit_ledger (id, purchase_id, user_id, delta, reason) VALUES (?, ?, ?, 4, 'purchase')").bind(
      crypto.randomUUID(),
      purchaseId,
      client.id,
    ),
  ]);
  const booking = await createBooking({ coachId: coach.id, clientId: client.id, email: client.email, startsAt: daysFromNow(4, 1) });
  const payment = await createPayment({ userId: client.id, bookingId: booking.id, email: client.email });
  const refund = await createRefund(payment.id, 5_000);

  const html = await pageText(await fetchApp(TAB, { cookie: client.cookie }));
  expect(html).toMatch(/4-session package<\/strong>: 4 sessions of 60 minutes left, to use by \d{1,2} \w+ \d{4}/);
  expect(html).toContain(`href="/profile/payments/${payment.id}"`);
  expect(html).toContain(`href="/profile/payments/${payment.id}.pdf"`);
  expect(html).toContain(payment.number);
  expect(html).toContain(`href="/profile/credit-notes/${refund.id}"`);
  expect(html).toContain(`href="/profile/credit-notes/${refund.id}.pdf"`);
  expect(html).toContain("−A$50.00");
});

test("the money-back guarantee is offered within 7 days after the first paid consultation, and its request's status is shown", async () => {
  const coach = await createSignedInCoach();
  const client = await createSignedInUser();
  const first = await createBooking({
    coachId: coach.id,
    clientId: client.id,
    email: client.email,
    startsAt: new Date(Date.now() - 2 * DAY_MS).toISOString(),
    status: "completed",
  });
  await createPayment({ userId: client.id, bookingId: first.id, email: client.email, paymentIntent: `pi_test_${first.id.slice(0, 8)}` });

  const offered = await pageText(await fetchApp(TAB, { cookie: client.cookie }));
  expect(offered).toContain("Money-back guarantee");
  expect(offered).toContain("Ask for a refund");
  const empty = await fetchApp(TAB, { cookie: client.cookie, form: { intent: "request-guarantee", bookingId: first.id, reason: "   " } });
  expect(empty.status).toBe(400);
  expect(await pageText(empty)).toContain("Please tell us briefly why the consultation wasn't worth it.");

  expectRedirect(await fetchApp(TAB, { cookie: client.cookie, form: { intent: "request-guarantee", bookingId: first.id, reason: "Not what I needed" } }), TAB);
  expect(await env.DB.prepare("SELECT status, reason FROM refund_requests WHERE booking_id = ?").bind(first.id).first()).toEqual({
    status: "requested",
    reason: "Not what I needed",
  });
  const requested = await pageText(await fetchApp(TAB, { cookie: client.cookie }));
  expect(requested).toContain("Waiting for a decision");
  expect(requested).not.toContain("Ask for a refund");
  expect((await fetchApp(TAB, { cookie: client.cookie, form: { intent: "request-guarantee", bookingId: first.id, reason: "Again" } })).status).toBe(409);
});

test("the guarantee isn't offered before a paid consultation, nor once 7 days have passed", async () => {
  const coach = await createSignedInCoach();
  const fresh = await createSignedInUser();
  await createBooking({ coachId: coach.id, clientId: fresh.id, email: fresh.email, startsAt: daysFromNow(3, 1), typeId: "discovery" });
  expect(await pageText(await fetchApp(TAB, { cookie: fresh.cookie }))).not.toContain("Money-back guarantee");

  const late = await createSignedInUser();
  const old = await createBooking({
    coachId: coach.id,
    clientId: late.id,
    email: late.email,
    startsAt: new Date(Date.now() - 9 * DAY_MS).toISOString(),
    status: "completed",
  });
  await createPayment({ userId: late.id, bookingId: old.id, email: late.email });
  expect(await pageText(await fetchApp(TAB, { cookie: late.cookie }))).not.toContain("Money-back guarantee");
  const refused = await fetchApp(TAB, { cookie: late.cookie, form: { intent: "request-guarantee", bookingId: old.id, reason: "Too late?" } });
  expect(refused.status).toBe(409);
  expect(await env.DB.prepare("SELECT count(*) AS n FROM refund_requests WHERE booking_id = ?").bind(old.id).first("n")).toBe(0);
});

test("a coach with sessions is told how their account is closed instead of a delete form, and a posted deletion changes nothing", async () => {
  const coach = await createSignedInCoach({ name: "Rowan Hale" });
  expect(await pageText(await fetchApp("/profile?tab=privacy", { cookie: coach.cookie }))).toContain("Delete my account permanently");

  await createBooking({ coachId: coach.id, startsAt: daysFromNow(4, 1) });
  await createBooking({ coachId: coach.id, startsAt: new Date(Date.now() - 3 * DAY_MS).toISOString(), status: "completed" });
  const html = await pageText(await fetchApp("/profile?tab=privacy", { cookie: coach.cookie }));
  expect(html).toContain("You have 1 upcoming coaching session with clients");
  expect(html).toContain("email hello@clarityai.com.au and we'll hand your sessions over");
  expect(html).not.toContain("Delete my account permanently");

  const response = await fetchApp("/profile?tab=privacy", { cookie: coach.cookie, form: { intent: "delete-account", confirm: "DELETE" } });
  expect(response.status).toBe(409);
  expect(await pageText(response)).toContain("A coach account can't be deleted here");
  const kept = await env.DB.prepare(
    "SELECT (SELECT count(*) FROM users WHERE id = ?1) AS users, (SELECT count(*) FROM bookings WHERE coach_id = ?1) AS bookings",
  )
    .bind(coach.id)
    .first<{ users: number; bookings: number }>();
  expect(kept).toEqual({ users: 1, bookings: 2 });
  expect((await fetchApp("/coach", { cookie: coach.cookie })).status).toBe(200);
});
