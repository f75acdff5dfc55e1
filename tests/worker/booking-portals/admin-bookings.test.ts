import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { startSessionCheckout } from "~/booking/checkout.server";
import { auditAbout, expectRedirect } from "./helpers";
import { HOUR_MS, createBooking, daysFromNow, paymentsForSession, storedBooking } from "../../factories/bookings";
import { createSignedInCoach } from "../../factories/coaches";
import { createSignedInUser } from "../../factories/users";
import { contextFor, fetchApp, pageText } from "../app";
import { byType, completeCheckout, deliverWebhook, sessionIdOf, stripeEnv } from "../stripe";

// /admin/bookings: the list with its filters and pages, and each booking's page with its forms
// (reschedule, cancel, refund, outcome, guarantee requests). Every change is audited and shows
// in the audit log.

/** The table row of one booking in the list's HTML ("" when it is not listed). */
function rowOf(html: string, bookingId: string) {
  return (
    html
      .split("<tr>")
      .find((row) => row.includes(`/admin/bookings/${bookingId}"`))
      ?.split("</tr>")[0] ?? ""
  );
}

test("the list filters by coach, status and date range, and a bad range is a clear 400", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const [alpha, beta] = await Promise.all([
    createSignedInCoach({ name: "Alpha Coach" }),
    createSignedInCoach({ name: "Beta Coach", timeZone: "Australia/Perth" }),
  ]);
  const early = await createBooking({ coachId: alpha.id, startsAt: "2031-03-03T00:00:00.000Z", name: "Early Client" });
  const late = await createBooking({ coachId: alpha.id, startsAt: "2031-03-20T00:00:00.000Z", name: "Late Client", status: "cancelled" });
  const perth = await createBooking({ coachId: beta.id, startsAt: "2031-03-10T02:00:00.000Z", name: "Perth Client" });

  const list = async (search: string) => {
    const response = await fetchApp(`/admin/bookings?${search}`, { cookie: admin.cookie });
    expect(response.status, search).toBe(200);
    return pageText(response);
  };
  const byCoach = await list(`coach=${alpha.slug}`);
  expect(rowOf(byCoach, early.id)).toContain("Early Client");
  expect(rowOf(byCoach, late.id)).toContain("Cancelled");
  expect(rowOf(byCoach, perth.id)).toBe("");
  expect(byCoach).toContain("Showing 1–2 of 2 matching");

  const cancelled = await list(`coach=${alpha.slug}&status=cancelled`);
  expect(rowOf(cancelled, late.id)).not.toBe("");
  expect(rowOf(cancelled, early.id)).toBe("");

  const ranged = await list("from=2031-03-05&to=2031-03-15");
  expect(rowOf(ranged, perth.id)).toContain("Perth Client");
  // Shown in the admin's zone (Sydney), with the coach's own clock beside their name: 2 am UTC is 10 am in Perth.
  expect(rowOf(ranged, perth.id)).toContain("Monday 10 March 2031, 1:00 pm AEDT");
  expect(rowOf(ranged, perth.id)).toContain("10:00 am AWST their time");
  expect(rowOf(ranged, early.id)).toBe("");
  expect(rowOf(ranged, late.id)).toBe("");

  const backwards = await fetchApp("/admin/bookings?from=2031-03-15&to=2031-03-05", { cookie: admin.cookie });
  expect(backwards.status).toBe(400);
  const backwardsHtml = await pageText(backwards);
  expect(backwardsHtml).toContain("The end date must be on or after the start date.");
  expect(backwardsHtml).not.toContain("Perth Client");
  for (const search of ["from=2031-02-30", "to=yesterday", "status=lost"]) {
    const response = await fetchApp(`/admin/bookings?${search}`, { cookie: admin.cookie });
    expect(response.status, search).toBe(400);
    expect(await pageText(response)).toMatch(/Enter a date as YYYY-MM-DD|Please choose a status from the list/);
  }
  // The admin navigation leads here.
  expect(await pageText(await fetchApp("/admin", { cookie: admin.cookie }))).toContain('href="/admin/bookings"');
});

test("the list pages through bookings, newest start first", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const coach = await createSignedInCoach();
  const ids: string[] = [];
  for (let i = 0; i < 52; i++) ids.push((await createBooking({ coachId: coach.id, startsAt: new Date(Date.UTC(2032, 0, 1 + i)).toISOString() })).id);
  const first = await pageText(await fetchApp(`/admin/bookings?coach=${coach.slug}`, { cookie: admin.cookie }));
  expect(first).toContain("Showing 1–50 of 52 matching");
  expect(rowOf(first, ids[51]!)).not.toBe("");
  expect(rowOf(first, ids[1]!)).toBe("");
  expect(first).toContain("Page 1 of 2");
  expect(first).toContain(`href="/admin/bookings?coach=${coach.slug}&page=2"`);
  const second = await pageText(await fetchApp(`/admin/bookings?coach=${coach.slug}&page=2`, { cookie: admin.cookie }));
  expect(rowOf(second, ids[0]!)).not.toBe("");
  expect(rowOf(second, ids[1]!)).not.toBe("");
  expect(rowOf(second, ids[51]!)).toBe("");
});

test("an admin marks a session completed or a no-show; it is audited and shows in the audit log", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const coach = await createSignedInCoach();
  const past = await createBooking({ coachId: coach.id, startsAt: new Date(Date.now() - 3 * HOUR_MS).toISOString() });
  const future = await createBooking({ coachId: coach.id, startsAt: daysFromNow(3, 1) });

  const page = await pageText(await fetchApp(`/admin/bookings/${past.id}`, { cookie: admin.cookie }));
  expect(page).toContain("Mark completed");
  expectRedirect(
    await fetchApp(`/admin/bookings/${past.id}`, { cookie: admin.cookie, form: { intent: "outcome", outcome: "completed" } }),
    `/admin/bookings/${past.id}`,
  );
  expect(await storedBooking(past.id)).toMatchObject({ status: "completed" });
  expectRedirect(
    await fetchApp(`/admin/bookings/${past.id}`, { cookie: admin.cookie, form: { intent: "outcome", outcome: "no_show" } }),
    `/admin/bookings/${past.id}`,
  );
  expect(await storedBooking(past.id)).toMatchObject({ status: "no_show" });
  expect(await auditAbout(past.id)).toEqual([
    {
      action: "booking_outcome_set",
      actorId: admin.id,
      detail: expect.objectContaining({
        actor: "admin",
        outcome: "completed",
        targetType: "booking",
        changes: { status: { from: "confirmed", to: "completed" } },
      }),
    },
    {
      action: "booking_outcome_set",
      actorId: admin.id,
      detail: expect.objectContaining({ actor: "admin", outcome: "no_show", changes: { status: { from: "completed", to: "no_show" } } }),
    },
  ]);
  const audit = await pageText(await fetchApp("/admin/audit?action=booking_outcome_set", { cookie: admin.cookie }));
  expect(audit).toContain("booking_outcome_set");
  expect(audit).toContain(past.id);
  // The log shows what changed.
  expect(audit).toMatch(/status:<\/span> <code>completed<\/code> → <code>no_show<\/code>/);

  // Not before it starts, and only the two outcomes.
  expect((await fetchApp(`/admin/bookings/${future.id}`, { cookie: admin.cookie, form: { intent: "outcome", outcome: "completed" } })).status).toBe(409);
  expect((await fetchApp(`/admin/bookings/${past.id}`, { cookie: admin.cookie, form: { intent: "outcome", outcome: "cancelled" } })).status).toBe(400);
  expect(await storedBooking(future.id)).toMatchObject({ status: "confirmed" });
  expect(await auditAbout(future.id)).toEqual([]);
  expect((await fetchApp(`/admin/bookings/${crypto.randomUUID()}`, { cookie: admin.cookie, form: { intent: "outcome", outcome: "completed" } })).status).toBe(
    404,
  );
});

test("an admin reschedules to a free time on the coach's clock; a time outside their hours is refused with nearby times", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const coach = await createSignedInCoach({ timeZone: "Australia/Brisbane", state: "QLD", bufferMinutes: 0 });
  // A weekday well ahead, 10 am in Brisbane (UTC+10, no daylight saving) = 00:00 UTC.
  const day = new Date(Date.now() + 14 * 86_400_000);
  while ([0, 6].includes(day.getUTCDay())) day.setUTCDate(day.getUTCDate() + 1);
  const date = day.toISOString().slice(0, 10);
  const booking = await createBooking({ coachId: coach.id, startsAt: `${date}T00:00:00.000Z` });

  expectRedirect(
    await fetchApp(`/admin/bookings/${booking.id}`, { cookie: admin.cookie, form: { intent: "reschedule", startsAt: `${date}T14:00` } }),
    `/admin/bookings/${booking.id}`,
  );
  expect(await storedBooking(booking.id)).toMatchObject({ status: "confirmed", starts_at: `${date}T04:00:00.000Z`, sequence: 1 });

  const outside = await fetchApp(`/admin/bookings/${booking.id}`, { cookie: admin.cookie, form: { intent: "reschedule", startsAt: `${date}T21:00` } });
  expect(outside.status).toBe(409);
  const html = await pageText(outside);
  expect(html).toContain("That time isn't free in the coach's calendar");
  expect(html).toContain("Free times nearby:");
  for (const startsAt of ["", "tomorrow at ten", `${date}T25:00`]) {
    expect((await fetchApp(`/admin/bookings/${booking.id}`, { cookie: admin.cookie, form: { intent: "reschedule", startsAt } })).status, startsAt).toBe(400);
  }
  expect(await storedBooking(booking.id)).toMatchObject({ starts_at: `${date}T04:00:00.000Z`, sequence: 1 });
  expect(await auditAbout(booking.id)).toEqual([
    {
      action: "booking_rescheduled",
      actorId: admin.id,
      detail: expect.objectContaining({
        from: `${date}T00:00:00.000Z`,
        to: `${date}T04:00:00.000Z`,
        targetType: "booking",
        changes: {
          startsAt: { from: `${date}T00:00:00.000Z`, to: `${date}T04:00:00.000Z` },
          endsAt: { from: expect.stringMatching(/^\d{4}-/), to: expect.stringMatching(/^\d{4}-/) },
        },
      }),
    },
  ]);
});

test("an admin cancels with a reason (required); the paid session is refunded in full with a credit note; all audited", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const bindings = stripeEnv();
  const coach = await createSignedInCoach();
  const client = await createSignedInUser();
  const held = await createBooking({ status: "held", coachId: coach.id, clientId: client.id, email: client.email, startsAt: daysFromNow(9, 2) });
  const { url } = await startSessionCheckout(contextFor(bindings), held);
  const sessionId = sessionIdOf(url);
  const { events } = await completeCheckout(sessionId);
  expect((await deliverWebhook(byType(events, "checkout.session.completed"), bindings)).status).toBe(200);
  const [payment] = await paymentsForSession(sessionId);
  expect(await storedBooking(held.id)).toMatchObject({ status: "confirmed" });

  const withoutReason = await fetchApp(`/admin/bookings/${held.id}`, { cookie: admin.cookie, form: { intent: "cancel", reason: "  " }, bindings });
  expect(withoutReason.status).toBe(400);
  expect(await pageText(withoutReason)).toContain("Give a reason");
  expect(await storedBooking(held.id)).toMatchObject({ status: "confirmed" });

  expectRedirect(
    await fetchApp(`/admin/bookings/${held.id}`, { cookie: admin.cookie, form: { intent: "cancel", reason: "Coach unwell" }, bindings }),
    `/admin/bookings/${held.id}`,
  );
  expect(await storedBooking(held.id)).toMatchObject({ status: "cancelled", cancel_reason: "Coach unwell" });
  expect(await env.DB.prepare("SELECT status, refunded_cents FROM booking_payments WHERE id = ?").bind(payment!.id).first()).toEqual({
    status: "refunded",
    refunded_cents: 15_000,
  });
  expect(await auditAbout(held.id)).toEqual([
    {
      action: "booking_cancelled",
      actorId: admin.id,
      detail: expect.objectContaining({ actor: "admin", targetType: "booking", changes: { status: { from: "confirmed", to: "cancelled" } } }),
    },
  ]);
  // Once cancelled, it can't be cancelled again, and there is nothing left to refund.
  expect((await fetchApp(`/admin/bookings/${held.id}`, { cookie: admin.cookie, form: { intent: "cancel", reason: "Again" }, bindings })).status).toBe(409);
  expect((await fetchApp(`/admin/bookings/${held.id}`, { cookie: admin.cookie, form: { intent: "refund", reason: "Again" }, bindings })).status).toBe(409);
  const page = await pageText(await fetchApp(`/admin/bookings/${held.id}`, { cookie: admin.cookie }));
  expect(page).toContain("Coach unwell");
  expect(page).toMatch(/CN-\d{6}/);
});

test("an admin refunds a card payment without cancelling; a free booking has nothing to refund", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const bindings = stripeEnv();
  const coach = await createSignedInCoach();
  const client = await createSignedInUser();
  const held = await createBooking({ status: "held", coachId: coach.id, clientId: client.id, email: client.email, startsAt: daysFromNow(12, 3) });
  const { url } = await startSessionCheckout(contextFor(bindings), held);
  const sessionId = sessionIdOf(url);
  const { events } = await completeCheckout(sessionId);
  expect((await deliverWebhook(byType(events, "checkout.session.completed"), bindings)).status).toBe(200);
  const [payment] = await paymentsForSession(sessionId);

  expect((await fetchApp(`/admin/bookings/${held.id}`, { cookie: admin.cookie, form: { intent: "refund", reason: "" }, bindings })).status).toBe(400);
  expectRedirect(
    await fetchApp(`/admin/bookings/${held.id}`, {
      cookie: admin.cookie,
      form: { intent: "refund", amount: "150.00", reason: "Goodwill: audio problems", confirm: "yes", refundedBefore: "0" },
      bindings,
    }),
    `/admin/bookings/${held.id}`,
  );
  const refund = await env.DB.prepare("SELECT id, amount_cents, reason FROM payment_refunds WHERE payment_id = ?").bind(payment!.id).first();
  expect(refund).toMatchObject({ amount_cents: 15_000, reason: "Goodwill: audio problems" });
  expect(await storedBooking(held.id)).toMatchObject({ status: "confirmed" });
  expect(await auditAbout(payment!.id)).toEqual([
    {
      action: "payment_refunded",
      actorId: admin.id,
      detail: expect.objectContaining({
        refundId: refund!.id,
        amountCents: 15_000,
        targetType: "booking_payment",
        changes: { refundedCents: { from: 0, to: 15_000 } },
      }),
    },
  ]);

  const free = await createBooking({ coachId: coach.id, startsAt: daysFromNow(12, 5), typeId: "discovery" });
  const none = await fetchApp(`/admin/bookings/${free.id}`, { cookie: admin.cookie, form: { intent: "refund", reason: "Why not" } });
  expect(none.status).toBe(409);
  expect(await pageText(none)).toContain("wasn't paid by card");
});

test("guarantee requests are listed for a decision; declining and approving are audited, once each", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const coach = await createSignedInCoach();
  const client = await createSignedInUser();
  const booking = await createBooking({
    coachId: coach.id,
    clientId: client.id,
    email: client.email,
    startsAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
  });
  const requestId = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO refund_requests (id, booking_id, user_id, reason) VALUES (?, ?, ?, 'It did not help at all')")
    .bind(requestId, booking.id, client.id)
    .run();

  const list = await pageText(await fetchApp("/admin/bookings", { cookie: admin.cookie }));
  expect(list).toContain("It did not help at all");
  expect(list).toContain(`value="${requestId}"`);

  // A request id that isn't this booking's is not found.
  const other = await createBooking({ coachId: coach.id, startsAt: daysFromNow(2, 1) });
  expect((await fetchApp(`/admin/bookings/${other.id}`, { cookie: admin.cookie, form: { intent: "decline-request", requestId } })).status).toBe(404);

  expectRedirect(
    await fetchApp(`/admin/bookings/${booking.id}`, { cookie: admin.cookie, form: { intent: "decline-request", requestId, returnTo: "list" } }),
    "/admin/bookings",
  );
  expect(await env.DB.prepare("SELECT status, decided_by FROM refund_requests WHERE id = ?").bind(requestId).first()).toEqual({
    status: "declined",
    decided_by: admin.id,
  });
  expect(await auditAbout(requestId)).toEqual([
    {
      action: "refund_request_decided",
      actorId: admin.id,
      detail: { targetType: "refund_request", changes: { status: { from: "requested", to: "declined" } } },
    },
  ]);
  expect((await fetchApp(`/admin/bookings/${booking.id}`, { cookie: admin.cookie, form: { intent: "approve-request", requestId } })).status).toBe(409);
  expect(await auditAbout(requestId)).toHaveLength(1);
  expect(await pageText(await fetchApp("/admin/bookings", { cookie: admin.cookie }))).not.toContain("It did not help at all");
});
