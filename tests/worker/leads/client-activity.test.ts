import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { createAiCheckout } from "~/billing/checkout.server";
import { bookSlot } from "~/booking/bookings.server";
import { startSessionCheckout } from "~/booking/checkout.server";
import type { WeeklyHours } from "~/booking/slots";
import { availableSlots } from "~/booking/slots.server";
import { bookingContext, NOW, sydney } from "../booking/helpers";
import { bookingDetails, createBooking, daysFromNow } from "../../factories/bookings";
import { createCoach, createSignedInCoach } from "../../factories/coaches";
import { createLead, leadByEmail } from "../../factories/leads";
import { createSignedInUser, createUser, uniqueEmail } from "../../factories/users";
import { contextFor, fetchApp, pageText } from "../app";
import { byType, completeCheckout, deliverWebhook, sessionIdOf, stripeEnv } from "../stripe";

// People who book or pay appear in the leads list as activities of the same person (one lead per
// email): "booked a discovery call", "booked a paid session", "became a paying client". A booking
// is not marketing consent, and it doesn't overwrite what a lead already holds. Migration 0021
// backfills bookings and payments made before, idempotently.

const EVERY_DAY: WeeklyHours = Object.fromEntries(["0", "1", "2", "3", "4", "5", "6"].map((day) => [day, [["09:00", "17:00"]]])) as WeeklyHours;

type KindRow = { kind: string | null; event_key: string | null; source: string; message: string | null };

async function kindsOf(email: string) {
  const { results } = await env.DB.prepare(
    `SELECT a.kind, a.event_key, a.source, a.message FROM lead_activities a JOIN leads l ON l.id = a.lead_id WHERE l.email = ? ORDER BY a.created_at, a.id`,
  )
    .bind(email.toLowerCase())
    .all<KindRow>();
  return results;
}

const leadCount = async (email: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM leads WHERE email = ?").bind(email.toLowerCase()).first<{ n: number }>())!.n;

test("a discovery call booked by someone the team already knows is an activity of their lead; details and consent stay as they were", async () => {
  const coach = await createCoach({ observeHolidays: false, weeklyHours: EVERY_DAY });
  const email = uniqueEmail("known-lead");
  const lead = await createLead({ email, name: "Sam Known", company: "Known Pty Ltd" });
  const [slot] = await availableSlots(bookingContext().db, {
    typeId: "discovery",
    coach: coach.slug,
    from: new Date(sydney(3, "00:00")),
    to: new Date(sydney(4, "00:00")),
    now: NOW,
  });
  const result = await bookSlot(bookingContext(), {
    typeId: "discovery",
    coach: coach.slug,
    startsAt: slot!.startsAt,
    // Typed in capitals and by another name: still the same person, and the lead keeps its details.
    details: bookingDetails({ email: email.toUpperCase(), name: "Somebody Else", company: "Other Co" }),
    clientTimeZone: "Australia/Perth",
    userId: null,
    payWith: "free",
  });
  expect(result.status).toBe("booked");
  expect(await leadCount(email)).toBe(1);
  expect(await leadByEmail(email)).toMatchObject({ id: lead.id, name: "Sam Known", company: "Known Pty Ltd", marketing_consent_at: null });
  const activities = await kindsOf(email);
  expect(activities).toHaveLength(2);
  expect(activities[1]).toMatchObject({
    kind: "discovery-call",
    source: "booking",
    event_key: `booking:${result.status === "booked" ? result.booking.id : ""}`,
  });
  expect(activities[1]!.message).toContain("discovery call");
  // A booking asks for no marketing consent.
  expect(await env.DB.prepare("SELECT count(*) AS n FROM marketing_consent_requests WHERE lead_id = ?").bind(lead.id).first()).toEqual({ n: 0 });

  const admin = await createSignedInUser({ roles: ["admin"] });
  const list = await pageText(await fetchApp(`/admin/leads?q=${encodeURIComponent(email)}`, { cookie: admin.cookie }));
  expect(list).toContain("<li>Booked a discovery call</li>");
  const page = await pageText(await fetchApp(`/admin/leads/${lead.id}`, { cookie: admin.cookie }));
  expect(page).toContain("Booked a discovery call");
});

test("a paid session paid by card creates the person's lead with a booking and a paying-client activity, once however often Stripe resends", async () => {
  const bindings = stripeEnv();
  const coach = await createSignedInCoach();
  const email = uniqueEmail("payer");
  const held = await createBooking({ status: "held", coachId: coach.id, email, name: "Priya Payer", startsAt: daysFromNow(15, 2) });
  const { url } = await startSessionCheckout(contextFor(bindings), held);
  const { events } = await completeCheckout(sessionIdOf(url));
  const completed = byType(events, "checkout.session.completed");
  expect((await deliverWebhook(completed, bindings)).status).toBe(200);
  expect((await deliverWebhook(completed, bindings)).status).toBe(200);

  expect(await leadByEmail(email)).toMatchObject({ name: "Priya Payer", source: "booking", marketing_consent_at: null });
  expect((await kindsOf(email)).map((row) => [row.kind, row.event_key]).sort()).toEqual([
    ["paid-session", `booking:${held.id}`],
    ["paying-client", "paying-client"],
  ]);
});

test("a ClarityAI subscriber's paid invoice makes them a paying client in the lead of their address, once", async () => {
  const user = await createUser({ firstName: "Sub", lastName: "Scriber" });
  const bindings = stripeEnv();
  const { url } = await createAiCheckout(contextFor(bindings), { id: user.id, email: user.email }, { tier: "pro", interval: "month" });
  const { events } = await completeCheckout(sessionIdOf(url));
  const paid = byType(events, "invoice.paid");
  expect((await deliverWebhook(paid, bindings)).status).toBe(200);
  expect((await deliverWebhook(paid, bindings)).status).toBe(200);
  expect(await leadByEmail(user.email)).toMatchObject({ name: "Sub Scriber", source: "booking", marketing_consent_at: null });
  const activities = await kindsOf(user.email);
  expect(activities).toEqual([expect.objectContaining({ kind: "paying-client", event_key: "paying-client" })]);
  expect(activities[0]!.message).toContain("ClarityAI Pro");
});

test("migration 0021 backfills bookings and payments made before it, once however often it runs", async () => {
  const coach = await createSignedInCoach();
  const email = uniqueEmail("before-0021");
  const [discovery, session, unpaidHold] = [
    await createBooking({ coachId: coach.id, typeId: "discovery", email, name: "Old Client", startsAt: daysFromNow(30, 1) }),
    await createBooking({ coachId: coach.id, email: email.toUpperCase(), name: "Old Client", startsAt: daysFromNow(31, 1) }),
    await createBooking({ coachId: coach.id, status: "expired", email, startsAt: daysFromNow(32, 1) }),
  ];
  await env.DB.prepare(
    `INSERT INTO booking_payments (id, booking_id, invoice_number, description, customer_name, customer_email, amount_cents, gst_cents, status, stripe_checkout_session_id, paid_at)
     VALUES (?, ?, ?, 'Paid session', 'Old Client', ?, 15000, 1364, 'paid', ?, '2026-01-02T03:04:05.000Z')`,
  )
    .bind(crypto.randomUUID(), session.id, `INV-T${session.id.slice(0, 8)}`, email, `cs_test_${session.id.slice(0, 8)}`)
    .run();
  // An account deleted since: its booking was anonymised and its payment kept as a tax record.
  const deletedEmail = uniqueEmail("deleted-account");
  const deleted = await createBooking({ coachId: coach.id, email: "deleted@invalid", name: "Deleted account", startsAt: daysFromNow(33, 1) });
  await env.DB.prepare(
    `INSERT INTO booking_payments (id, booking_id, invoice_number, description, customer_name, customer_email, amount_cents, gst_cents, status, stripe_checkout_session_id, paid_at)
     VALUES (?, ?, ?, 'Paid session', 'Gone Person', ?, 15000, 1364, 'paid', ?, '2026-01-03T03:04:05.000Z')`,
  )
    .bind(crypto.randomUUID(), deleted.id, `INV-D${deleted.id.slice(0, 8)}`, deletedEmail, `cs_test_d${deleted.id.slice(0, 8)}`)
    .run();
  expect(await leadCount(email)).toBe(0);

  const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0021"));
  expect(migration).toBeDefined();
  const backfill = migration!.queries.filter((query) => /^\s*(INSERT|UPDATE)\b/i.test(query.replace(/--.*$/gm, "")));
  expect(backfill.length).toBeGreaterThanOrEqual(5);
  for (let run = 0; run < 2; run++) for (const query of backfill) await env.DB.prepare(query).run();

  expect(await leadCount(email)).toBe(1);
  expect(await leadByEmail(email)).toMatchObject({ name: "Old Client", source: "booking", marketing_consent_at: null });
  const kinds = (await kindsOf(email)).map((row) => row.event_key).sort();
  expect(kinds).toEqual([`booking:${discovery.id}`, `booking:${session.id}`, "paying-client"].sort());
  expect(kinds).not.toContain(`booking:${unpaidHold.id}`);
  // Someone who deleted their account doesn't come back as a lead.
  expect(await leadCount(deletedEmail)).toBe(0);
  expect(await leadCount("deleted@invalid")).toBe(0);
});
