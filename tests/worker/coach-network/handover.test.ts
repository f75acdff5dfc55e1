import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { verifyManageToken } from "~/booking/links.server";
import { createBooking } from "../../factories/bookings";
import { createCoach } from "../../factories/coaches";
import { createSignedInUser } from "../../factories/users";
import { contextFor, fetchApp, pageText } from "../app";
import { DAY, giveProfile, HOUR } from "./helpers";

// Handover (/admin/coaches/{id}): an admin moves a leaving coach's upcoming sessions to another
// onboarded coach at the same times, in one batch: each client emailed with the new coach and the
// booking's manage link, the new coach told, every move audited. Refused, with nothing moved, when
// a session would clash with the new coach's calendar.

const at = (days: number, hours = 0) => new Date(Date.now() + days * DAY + hours * HOUR).toISOString();

async function cast() {
  const leaving = await createCoach({ name: "Leaving Coach" });
  const taking = await createCoach({ name: "Taking Coach" });
  await Promise.all([giveProfile(leaving.id), giveProfile(taking.id)]);
  const admin = await createSignedInUser({ roles: ["admin"] });
  const first = await createBooking({
    coachId: leaving.id,
    startsAt: at(3),
    name: "Ava Client",
    email: `ava.${crypto.randomUUID().slice(0, 6)}@example.com.au`,
  });
  const second = await createBooking({
    coachId: leaving.id,
    startsAt: at(5),
    name: "Ben Client",
    email: `ben.${crypto.randomUUID().slice(0, 6)}@example.com.au`,
  });
  const past = await createBooking({ coachId: leaving.id, startsAt: at(-2), status: "completed" });
  return { leaving, taking, admin, first, second, past };
}

const row = (id: string) =>
  env.DB.prepare("SELECT coach_id, sequence, status FROM bookings WHERE id = ?").bind(id).first<{ coach_id: string; sequence: number; status: string }>();
const emailsTo = async (to: string) =>
  (await env.DB.prepare("SELECT subject, text_body FROM email_outbox WHERE to_address = ?").bind(to).all<{ subject: string; text_body: string }>()).results;

test("the preview shows each session free on the new coach's calendar, and handing over moves them all, emails the clients and audits it", async () => {
  const { leaving, taking, admin, first, second, past } = await cast();
  const preview = await pageText(await fetchApp(`/admin/coaches/${leaving.id}?to=${taking.id}`, { cookie: admin.cookie }));
  expect(preview).toContain("2 sessions to Taking Coach");
  expect(preview).not.toContain("Clash:");

  const response = await fetchApp(`/admin/coaches/${leaving.id}`, { cookie: admin.cookie, form: { intent: "handover", to: taking.id } });
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe(`/admin/coaches/${leaving.id}`);

  for (const booking of [first, second]) {
    expect(await row(booking.id)).toEqual({ coach_id: taking.id, sequence: booking.sequence + 1, status: "confirmed" });
    const [email] = await emailsTo(booking.email);
    expect(email?.subject).toContain("is now with Taking Coach");
    expect(email?.text_body).toContain("Leaving Coach is no longer able to coach");
    const manage = /\/booking\/manage\/([^\s]+)/.exec(email!.text_body)?.[1];
    expect(await verifyManageToken(contextFor().env, manage ?? "")).toEqual({ bookingId: booking.id });
    // The handover email is the booking's update: the notice sweep owes nothing more for it.
    const notice = await env.DB.prepare("SELECT kind FROM booking_notices WHERE booking_id = ?").bind(booking.id).first<string>("kind");
    expect(notice).toBe(`update:${booking.sequence + 1}`);
    const audit = await env.DB.prepare("SELECT actor_id, detail FROM audit_log WHERE action = 'coach_handover' AND target_id = ?")
      .bind(booking.id)
      .first<{ actor_id: string; detail: string }>();
    expect(audit?.actor_id).toBe(admin.id);
    expect(JSON.parse(audit!.detail)).toMatchObject({ fromCoachId: leaving.id, toCoachId: taking.id });
  }
  expect((await row(past.id))?.coach_id).toBe(leaving.id);
  const [told] = await emailsTo(taking.email);
  expect(told?.subject).toBe("2 sessions have been handed over to you");
  expect(told?.text_body).toContain("Ava Client");
});

test("a session that clashes with the new coach's calendar refuses the whole handover: nothing moved, emailed or audited", async () => {
  const { leaving, taking, admin, first, second } = await cast();
  // The new coach is busy 30 minutes into the second session.
  await createBooking({ coachId: taking.id, startsAt: new Date(Date.parse(second.startsAt) + 30 * 60_000).toISOString() });

  const preview = await pageText(await fetchApp(`/admin/coaches/${leaving.id}?to=${taking.id}`, { cookie: admin.cookie }));
  expect(preview).toContain("Clash: Already booked");
  expect(preview).toContain("Nothing can be moved while a session clashes");

  const response = await fetchApp(`/admin/coaches/${leaving.id}`, { cookie: admin.cookie, form: { intent: "handover", to: taking.id } });
  expect(response.status).toBe(409);
  expect(await pageText(response)).toContain("One session clashes with Taking Coach's calendar, so nothing was moved.");
  for (const booking of [first, second]) {
    expect(await row(booking.id)).toEqual({ coach_id: leaving.id, sequence: booking.sequence, status: "confirmed" });
    expect(await emailsTo(booking.email)).toEqual([]);
  }
  expect(await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'coach_handover' AND actor_id = ?").bind(admin.id).first("n")).toBe(0);
});

test("time off on the new coach's calendar is a clash too", async () => {
  const { leaving, taking, admin, first } = await cast();
  await env.DB.prepare("INSERT INTO coach_time_off (id, coach_id, starts_at, ends_at, note) VALUES (?, ?, ?, ?, 'Leave')")
    .bind(
      crypto.randomUUID(),
      taking.id,
      new Date(Date.parse(first.startsAt) - HOUR).toISOString(),
      new Date(Date.parse(first.startsAt) + 3 * HOUR).toISOString(),
    )
    .run();
  const response = await fetchApp(`/admin/coaches/${leaving.id}`, { cookie: admin.cookie, form: { intent: "handover", to: taking.id } });
  expect(response.status).toBe(409);
  expect((await row(first.id))?.coach_id).toBe(leaving.id);
});

test("only an onboarded coach can take sessions over; bad input is a 400 with nothing changed", async () => {
  const { leaving, admin, first } = await cast();
  const notReady = await createCoach({ name: "Not Ready Coach" });
  await giveProfile(notReady.id, { onboarded: false });
  for (const to of [notReady.id, leaving.id, crypto.randomUUID(), "", "x".repeat(500)]) {
    const response = await fetchApp(`/admin/coaches/${leaving.id}`, { cookie: admin.cookie, form: { intent: "handover", to } });
    expect(response.status, to.slice(0, 40)).toBe(400);
  }
  expect((await row(first.id))?.coach_id).toBe(leaving.id);
  const page = await pageText(await fetchApp(`/admin/coaches/${leaving.id}`, { cookie: admin.cookie }));
  expect(page).not.toContain(">Not Ready Coach<");
});

test("the coaches list and a coach's admin page are for admins; an unknown coach is the 404", async () => {
  const { leaving, admin } = await cast();
  const list = await pageText(await fetchApp("/admin/coaches", { cookie: admin.cookie }));
  expect(list).toContain(`/admin/coaches/${leaving.id}`);
  expect((await fetchApp(`/admin/coaches/${crypto.randomUUID()}`, { cookie: admin.cookie })).status).toBe(404);
  const client = await createSignedInUser({ roles: ["client"] });
  // A client's id is no coach's.
  expect((await fetchApp(`/admin/coaches/${client.id}`, { cookie: admin.cookie })).status).toBe(404);
});

test("sessions back to back with the leaving coach clash when the new coach needs a buffer between sessions", async () => {
  const leaving = await createCoach({ bufferMinutes: 0 });
  const taking = await createCoach({ name: "Buffered Coach", bufferMinutes: 15 });
  await Promise.all([giveProfile(leaving.id), giveProfile(taking.id)]);
  const admin = await createSignedInUser({ roles: ["admin"] });
  const first = await createBooking({ coachId: leaving.id, startsAt: at(4) });
  const second = await createBooking({ coachId: leaving.id, startsAt: first.endsAt });
  const response = await fetchApp(`/admin/coaches/${leaving.id}`, { cookie: admin.cookie, form: { intent: "handover", to: taking.id } });
  expect(response.status).toBe(409);
  expect(await pageText(response)).toContain("One session clashes with Buffered Coach's calendar");
  expect((await row(second.id))?.coach_id).toBe(leaving.id);
});

test("the handover batch's guard fails when a move did not apply, and D1 rolls back the moves before it", async () => {
  const coach = await createCoach();
  const booking = await createBooking({ coachId: coach.id, startsAt: at(6) });
  const batch = env.DB.batch([
    env.DB.prepare("UPDATE bookings SET sequence = sequence + 1 WHERE id = ?").bind(booking.id),
    env.DB.prepare("SELECT CASE WHEN (SELECT count(*) FROM bookings WHERE id = ?) = 2 THEN 1 ELSE json('handover refused') END").bind(booking.id),
  ]);
  await expect(batch).rejects.toThrow(/malformed JSON/);
  expect((await row(booking.id))?.sequence).toBe(booking.sequence);
});
