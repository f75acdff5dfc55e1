import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { formatDateTime } from "~/booking/time-zones";
import { pageText } from "../app";
import {
  bookingState,
  createCoachUser,
  DAY_MS,
  daysFromNow,
  expectRedirect,
  get,
  HOUR_MS,
  insertBooking,
  insertPayment,
  insertRefund,
  post,
  signedIn,
} from "./helpers";

// The profile's Bookings tab: upcoming and past bookings in the client's own time zone, joining,
// rescheduling and cancelling with the policy spelt out, package credits, invoices and credit notes,
// and the money-back guarantee.

const TAB = "/profile?tab=bookings";

test("the tab lists upcoming and past bookings on the client's clock, with join, reschedule and cancel for upcoming ones", async () => {
  const coach = await createCoachUser({ name: "Harper Lane" });
  const client = await signedIn();
  const upcoming = await insertBooking({
    coachId: coach.id,
    clientId: client.id,
    email: client.email,
    startsAt: daysFromNow(5, 1),
    clientTimeZone: "Australia/Perth",
  });
  const past = await insertBooking({
    coachId: coach.id,
    clientId: client.id,
    email: client.email,
    startsAt: new Date(Date.now() - 10 * DAY_MS).toISOString(),
    status: "completed",
  });
  // Booked with the same address before the account existed: theirs too.
  const early = await insertBooking({ coachId: coach.id, email: client.email, startsAt: daysFromNow(6, 2), typeId: "discovery" });
  const stranger = await insertBooking({ coachId: coach.id, startsAt: daysFromNow(5, 3), name: "Not This Client" });

  const response = await get(TAB, client.cookie);
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
  const coach = await createCoachUser();
  const client = await signedIn();
  const other = await signedIn();
  const mine = await insertBooking({ coachId: coach.id, clientId: client.id, email: client.email, startsAt: daysFromNow(8, 1), typeId: "discovery" });
  const theirs = await insertBooking({ coachId: coach.id, clientId: other.id, email: other.email, startsAt: daysFromNow(8, 3) });

  const refused = await post(TAB, client.cookie, { intent: "cancel-booking", bookingId: theirs.id, reason: "" });
  expect(refused.status).toBe(404);
  expect(await bookingState(theirs.id)).toMatchObject({ status: "confirmed" });
  const tooLong = await post(TAB, client.cookie, { intent: "cancel-booking", bookingId: mine.id, reason: "x".repeat(600) });
  expect(tooLong.status).toBe(400);
  expect(await bookingState(mine.id)).toMatchObject({ status: "confirmed" });

  expectRedirect(await post(TAB, client.cookie, { intent: "cancel-booking", bookingId: mine.id, reason: "Double-booked myself" }), TAB);
  expect(await bookingState(mine.id)).toMatchObject({ status: "cancelled", cancel_reason: "Double-booked myself" });
  const again = await post(TAB, client.cookie, { intent: "cancel-booking", bookingId: mine.id });
  expect(again.status).toBe(409);
  expect(await pageText(again)).toContain("This booking has already been cancelled.");
});

test("within a day of the start the tab says a paid session isn't refunded", async () => {
  const coach = await createCoachUser();
  const client = await signedIn();
  await insertBooking({ coachId: coach.id, clientId: client.id, email: client.email, startsAt: new Date(Date.now() + 5 * HOUR_MS).toISOString() });
  const html = await pageText(await get(TAB, client.cookie));
  expect(html).toContain("It's less than 24 hours before the start, so the session isn't refunded.");
});

test("package credits show what is left and when they lapse; invoices and credit notes link to their pages and PDFs", async () => {
  const coach = await createCoachUser();
  const client = await signedIn();
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
  const booking = await insertBooking({ coachId: coach.id, clientId: client.id, email: client.email, startsAt: daysFromNow(4, 1) });
  const payment = await insertPayment({ userId: client.id, bookingId: booking.id, email: client.email });
  const refund = await insertRefund(payment.id, 5_000);

  const html = await pageText(await get(TAB, client.cookie));
  expect(html).toMatch(/4-session package<\/strong>: 4 sessions of 60 minutes left, to use by \d{1,2} \w+ \d{4}/);
  expect(html).toContain(`href="/profile/payments/${payment.id}"`);
  expect(html).toContain(`href="/profile/payments/${payment.id}.pdf"`);
  expect(html).toContain(payment.number);
  expect(html).toContain(`href="/profile/credit-notes/${refund.id}"`);
  expect(html).toContain(`href="/profile/credit-notes/${refund.id}.pdf"`);
  expect(html).toContain("−A$50.00");
});

test("the money-back guarantee is offered within 7 days after the first paid consultation, and its request's status is shown", async () => {
  const coach = await createCoachUser();
  const client = await signedIn();
  const first = await insertBooking({
    coachId: coach.id,
    clientId: client.id,
    email: client.email,
    startsAt: new Date(Date.now() - 2 * DAY_MS).toISOString(),
    status: "completed",
  });
  await insertPayment({ userId: client.id, bookingId: first.id, email: client.email, paymentIntent: `pi_test_${first.id.slice(0, 8)}` });

  const offered = await pageText(await get(TAB, client.cookie));
  expect(offered).toContain("Money-back guarantee");
  expect(offered).toContain("Ask for a refund");
  const empty = await post(TAB, client.cookie, { intent: "request-guarantee", bookingId: first.id, reason: "   " });
  expect(empty.status).toBe(400);
  expect(await pageText(empty)).toContain("Please tell us briefly why the consultation wasn't worth it.");

  expectRedirect(await post(TAB, client.cookie, { intent: "request-guarantee", bookingId: first.id, reason: "Not what I needed" }), TAB);
  expect(await env.DB.prepare("SELECT status, reason FROM refund_requests WHERE booking_id = ?").bind(first.id).first()).toEqual({
    status: "requested",
    reason: "Not what I needed",
  });
  const requested = await pageText(await get(TAB, client.cookie));
  expect(requested).toContain("Waiting for a decision");
  expect(requested).not.toContain("Ask for a refund");
  expect((await post(TAB, client.cookie, { intent: "request-guarantee", bookingId: first.id, reason: "Again" })).status).toBe(409);
});

test("the guarantee isn't offered before a paid consultation, nor once 7 days have passed", async () => {
  const coach = await createCoachUser();
  const fresh = await signedIn();
  await insertBooking({ coachId: coach.id, clientId: fresh.id, email: fresh.email, startsAt: daysFromNow(3, 1), typeId: "discovery" });
  expect(await pageText(await get(TAB, fresh.cookie))).not.toContain("Money-back guarantee");

  const late = await signedIn();
  const old = await insertBooking({
    coachId: coach.id,
    clientId: late.id,
    email: late.email,
    startsAt: new Date(Date.now() - 9 * DAY_MS).toISOString(),
    status: "completed",
  });
  await insertPayment({ userId: late.id, bookingId: old.id, email: late.email });
  expect(await pageText(await get(TAB, late.cookie))).not.toContain("Money-back guarantee");
  const refused = await post(TAB, late.cookie, { intent: "request-guarantee", bookingId: old.id, reason: "Too late?" });
  expect(refused.status).toBe(409);
  expect(await env.DB.prepare("SELECT count(*) AS n FROM refund_requests WHERE booking_id = ?").bind(old.id).first("n")).toBe(0);
});

test("a coach with sessions is told how their account is closed instead of a delete form, and a posted deletion changes nothing", async () => {
  const coach = await createCoachUser({ name: "Rowan Hale" });
  expect(await pageText(await get("/profile?tab=privacy", coach.cookie))).toContain("Delete my account permanently");

  await insertBooking({ coachId: coach.id, startsAt: daysFromNow(4, 1) });
  await insertBooking({ coachId: coach.id, startsAt: new Date(Date.now() - 3 * DAY_MS).toISOString(), status: "completed" });
  const html = await pageText(await get("/profile?tab=privacy", coach.cookie));
  expect(html).toContain("You have 1 upcoming coaching session with clients");
  expect(html).toContain("email hello@clarityai.com.au and we'll hand your sessions over");
  expect(html).not.toContain("Delete my account permanently");

  const response = await post("/profile?tab=privacy", coach.cookie, { intent: "delete-account", confirm: "DELETE" });
  expect(response.status).toBe(409);
  expect(await pageText(response)).toContain("A coach account can't be deleted here");
  const kept = await env.DB.prepare(
    "SELECT (SELECT count(*) FROM users WHERE id = ?1) AS users, (SELECT count(*) FROM bookings WHERE coach_id = ?1) AS bookings",
  )
    .bind(coach.id)
    .first<{ users: number; bookings: number }>();
  expect(kept).toEqual({ users: 1, bookings: 2 });
  expect((await get("/coach", coach.cookie)).status).toBe(200);
});
