import { env } from "cloudflare:workers";
import { expect, test, vi } from "vitest";
import { bookSlot, cancelBooking } from "~/booking/bookings.server";
import { buildIcs, parseIcs } from "~/booking/ics";
import { manageToken, manageUrl, verifyManageToken } from "~/booking/links.server";
import { dueReminders } from "~/booking/notices.server";
import { deliverOutboxEmail, insertOutboxEmail } from "~/email/outbox.server";
import { readEnv } from "~/platform/env.server";
import { bookingContext } from "./helpers";
import { bookingDetails } from "../../factories/bookings";
import { createCoach } from "../../factories/coaches";
import { deliverJobs, fireCron, holdJobs } from "../queue";

// What a booking tells people: signed manage links, calendar invitations (.ics) that calendars
// accept and update, and emails — confirmation, cancellation and the reminders 24 hours and 1 hour
// before — each sent once however often its job is delivered.

const MINUTE = 60_000;

// D1 limits LIKE patterns to 50 bytes; a booking id alone is 36.
async function outboxLike(prefix: string) {
  const { results } = await env.DB.prepare("SELECT * FROM email_outbox WHERE substr(dedupe_key, 1, ?) = ? ORDER BY dedupe_key")
    .bind(prefix.length, prefix)
    .all<Record<string, string>>();
  return results;
}

async function discoveryBooking() {
  const coach = await createCoach({ observeHolidays: false, name: "Dana Reyes", timeZone: "Australia/Perth", state: "WA" });
  const result = await bookSlot(bookingContext(), {
    typeId: "discovery",
    coach: coach.slug,
    // 10:00 in Perth (AWST, UTC+8) on Wednesday 3 March 2027: 13:00 in Sydney (AEDT).
    startsAt: "2027-03-03T02:00:00.000Z",
    details: bookingDetails({ name: "Sam Lee", email: "sam.lee@example.com.au" }),
    clientTimeZone: "Australia/Sydney",
    userId: null,
    payWith: "free",
  });
  if (result.status !== "booked") throw new Error("expected a booking");
  return { coach, booking: result.booking };
}

test("manage links name one booking and stop working when tampered with or expired", async () => {
  const appEnv = readEnv(env);
  const bookingId = crypto.randomUUID();
  const expiresAt = new Date("2027-03-05T00:00:00.000Z");
  const token = await manageToken(appEnv, bookingId, expiresAt);

  expect(await verifyManageToken(appEnv, token, new Date("2027-03-04T23:59:59.000Z"))).toEqual({ bookingId });
  expect(await verifyManageToken(appEnv, token, expiresAt)).toBeNull();
  const [version, id, expires, mac] = token.split(".");
  const flip = (text: string) => (text.endsWith("A") ? `${text.slice(0, -1)}B` : `${text.slice(0, -1)}A`);
  for (const forged of [
    `${version}.${crypto.randomUUID()}.${expires}.${mac}`,
    `${version}.${id}.${Number(expires) + 86_400}.${mac}`,
    `${version}.${id}.${expires}.${flip(mac!)}`,
    `${version}.${id}.${expires}`,
    `m2.${id}.${expires}.${mac}`,
    "",
    "x".repeat(500),
  ]) {
    expect(await verifyManageToken(appEnv, forged, new Date("2027-03-01T00:00:00.000Z"))).toBeNull();
  }
  // Another deployment's secret cannot mint links for this one.
  const foreign = await manageToken({ SESSION_SECRET: "another-secret-that-is-at-least-32-characters" }, bookingId, expiresAt);
  expect(await verifyManageToken(appEnv, foreign, new Date("2027-03-01T00:00:00.000Z"))).toBeNull();

  const url = await manageUrl({ env: appEnv, siteOrigin: "http://localhost:8787" }, { id: bookingId, endsAt: "2027-03-10T00:00:00.000Z" });
  const linkToken = url.split("/booking/manage/")[1]!;
  expect(await verifyManageToken(appEnv, linkToken, new Date("2027-03-10T23:59:00.000Z"))).toEqual({ bookingId });
  expect(await verifyManageToken(appEnv, linkToken, new Date("2027-03-11T00:00:01.000Z"))).toBeNull();
});

test("a calendar file reads back: METHOD, stable UID, SEQUENCE, UTC times, CRLF lines of at most 75 octets", () => {
  const description = "Join the video meeting: https://clarityai.com.au/meeting/abc\nBring: numbers, questions; and a coffee ☕ — ".repeat(3);
  const text = buildIcs({
    method: "REQUEST",
    uid: "b1c2@clarityai.com.au",
    sequence: 3,
    startsAt: "2027-03-03T02:00:00.000Z",
    endsAt: "2027-03-03T02:20:00.000Z",
    summary: "Free discovery call with Dana Reyes, CPA; Perth",
    description,
    url: "https://clarityai.com.au/meeting/abc",
    organizer: { name: "ClarityAI Coaching", email: "hello@clarityai.com.au" },
    attendees: [
      { name: 'Sam "The Tiler" Lee, Jr', email: "sam@example.com.au" },
      { name: "Dana Reyes", email: "dana@example.com.au" },
    ],
    now: new Date("2027-03-01T00:00:00.000Z"),
  });

  expect(text.endsWith("\r\n")).toBe(true);
  expect(/(^|[^\r])\n/.test(text)).toBe(false);
  for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  const parsed = parseIcs(text);
  expect(parsed.method).toBe("REQUEST");
  expect(parsed.events).toHaveLength(1);
  const event = parsed.events[0]!;
  expect(event).toMatchObject({
    UID: "b1c2@clarityai.com.au",
    SEQUENCE: "3",
    DTSTART: "20270303T020000Z",
    DTEND: "20270303T022000Z",
    DTSTAMP: "20270301T000000Z",
    STATUS: "CONFIRMED",
    SUMMARY: "Free discovery call with Dana Reyes, CPA; Perth",
    DESCRIPTION: description,
    ORGANIZER: "mailto:hello@clarityai.com.au",
  });
  expect(event['ATTENDEE;CN="Sam The Tiler Lee, Jr";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE']).toBe("mailto:sam@example.com.au");
  expect(() => parseIcs(text.replaceAll("\r\n", "\n"))).toThrow(/CRLF/);

  const cancel = parseIcs(
    buildIcs({
      method: "CANCEL",
      uid: "b1c2@clarityai.com.au",
      sequence: 4,
      startsAt: "2027-03-03T02:00:00.000Z",
      endsAt: "2027-03-03T02:20:00.000Z",
      summary: "Free discovery call",
      description: "Cancelled",
      url: "https://clarityai.com.au/meeting/abc",
      organizer: { name: "ClarityAI Coaching", email: "hello@clarityai.com.au" },
      attendees: [],
      now: new Date("2027-03-01T00:00:00.000Z"),
    }),
  );
  expect(cancel.method).toBe("CANCEL");
  expect(cancel.events[0]).toMatchObject({ UID: "b1c2@clarityai.com.au", SEQUENCE: "4", STATUS: "CANCELLED" });
});

test("the confirmation goes to the client and the coach once each, in their own time zones, with the invitation attached", async () => {
  const { held, flush } = holdJobs();
  const { booking } = await discoveryBooking();
  const job = held.find((body) => body.type === "booking.notice" && body.bookingId === booking.id)!;
  expect(job).toEqual({ type: "booking.notice", version: 1, bookingId: booking.id, kind: "confirmation", sequence: 0 });
  await flush();
  // Redelivered twice more: nothing new.
  await deliverJobs([job, job]);

  const emails = await outboxLike(`booking:${booking.id}:confirmation:0:`);
  expect(emails.map((e) => e.dedupe_key)).toEqual([`booking:${booking.id}:confirmation:0:client`, `booking:${booking.id}:confirmation:0:coach`]);
  const [client, coach] = emails as [Record<string, string>, Record<string, string>];
  expect(client.to_address).toBe("sam.lee@example.com.au");
  expect(client.text_body).toContain("Wednesday 3 March 2027, 1:00 pm AEDT");
  expect(client.text_body).toContain(`http://localhost:8787/meeting/${booking.id}`);
  expect(client.text_body).toMatch(/Reschedule or cancel: http:\/\/localhost:8787\/booking\/manage\/m1\./);
  expect(coach.text_body).toContain("Wednesday 3 March 2027, 10:00 am AWST");
  expect(coach.text_body).not.toContain("/booking/manage/");
  expect(client.status).toBe("stored");

  const notices = await env.DB.prepare("SELECT kind FROM booking_notices WHERE booking_id = ?").bind(booking.id).all();
  expect(notices.results).toEqual([{ kind: "confirmation:0" }]);

  for (const email of emails) {
    const [file] = JSON.parse(email.attachments!) as { filename: string; contentType: string; content: string }[];
    expect(file).toMatchObject({ filename: "invite.ics", contentType: "text/calendar; charset=utf-8; method=REQUEST" });
    const ics = parseIcs(file!.content);
    expect(ics.method).toBe("REQUEST");
    expect(ics.events[0]).toMatchObject({ UID: `${booking.id}@clarityai.com.au`, SEQUENCE: "0", DTSTART: "20270303T020000Z", DTEND: "20270303T022000Z" });
  }

  // Cancelled: METHOD:CANCEL with the next SEQUENCE, same UID.
  await cancelBooking(bookingContext(), booking.id, { kind: "link", userId: null });
  await flush();
  const cancellation = await outboxLike(`booking:${booking.id}:cancellation:1:`);
  expect(cancellation).toHaveLength(2);
  const ics = parseIcs((JSON.parse(cancellation[0]!.attachments!) as { content: string }[])[0]!.content);
  expect(ics).toMatchObject({ method: "CANCEL", events: [{ UID: `${booking.id}@clarityai.com.au`, SEQUENCE: "1", STATUS: "CANCELLED" }] });
});

test("reminders go 24 hours and 1 hour before, each once even when its job is redelivered", async () => {
  const { flush } = holdJobs();
  const { booking } = await discoveryBooking();
  await flush();
  const start = Date.parse(booking.startsAt);

  expect((await dueReminders(bookingContext().db, new Date(start - 25 * 60 * MINUTE))).filter((r) => r.bookingId === booking.id)).toEqual([]);
  const dayBefore = new Date(start - 24 * 60 * MINUTE + 2 * MINUTE);
  const due = (await dueReminders(bookingContext().db, dayBefore)).filter((r) => r.bookingId === booking.id);
  expect(due).toEqual([{ bookingId: booking.id, kind: "reminder-24h", sequence: 0 }]);

  const job = { type: "booking.notice", version: 1, bookingId: booking.id, kind: "reminder-24h", sequence: 0 };
  const results = await Promise.all([deliverJobs([job]), deliverJobs([job])]);
  await deliverJobs([job]);
  for (const result of results) expect(result.retryMessages).toEqual([]);
  const reminders = await outboxLike(`booking:${booking.id}:reminder-24h:0:`);
  expect(reminders).toHaveLength(2);
  expect(reminders[0]!.subject).toContain("is in 24 hours");
  expect(reminders[0]!.attachments).toBeNull();
  // Sent: the sweep no longer finds it due.
  expect((await dueReminders(bookingContext().db, new Date(dayBefore.getTime() + 5 * MINUTE))).filter((r) => r.bookingId === booking.id)).toEqual([]);

  // An hour before, the 1-hour reminder (and only it) is due; the sweep job enqueues it.
  const hourBefore = new Date(start - 60 * MINUTE + 1 * MINUTE);
  expect((await dueReminders(bookingContext().db, hourBefore)).filter((r) => r.bookingId === booking.id)).toEqual([
    { bookingId: booking.id, kind: "reminder-1h", sequence: 0 },
  ]);
  await deliverJobs([
    { ...job, kind: "reminder-1h" },
    { ...job, kind: "reminder-1h" },
  ]);
  expect(await outboxLike(`booking:${booking.id}:reminder-1h:0:`)).toHaveLength(2);
  const notices = await env.DB.prepare("SELECT kind FROM booking_notices WHERE booking_id = ? ORDER BY kind").bind(booking.id).all();
  expect(notices.results).toEqual([{ kind: "confirmation:0" }, { kind: "reminder-1h:0" }, { kind: "reminder-24h:0" }]);

  // A reminder for a superseded sequence (the booking moved since) is dropped.
  await deliverJobs([{ ...job, sequence: 7 }]);
  expect(await outboxLike(`booking:${booking.id}:reminder-24h:7:`)).toHaveLength(0);
});

test("the 5-minute cron enqueues the reminders sweep and the hold expiry", async () => {
  const sendBatch = vi.spyOn(env.JOBS, "sendBatch").mockResolvedValue(undefined as unknown as QueueSendBatchResponse);
  await fireCron("*/5 * * * *", Date.parse("2027-03-01T00:05:00.000Z"));
  expect(sendBatch).toHaveBeenCalledTimes(1);
  expect(sendBatch.mock.calls[0]![0]).toEqual([
    { body: { type: "booking.reminders", version: 1, scheduledAt: "2027-03-01T00:05:00.000Z" } },
    { body: { type: "booking.expire-holds", version: 1, scheduledAt: "2027-03-01T00:05:00.000Z" } },
  ]);
});

test("the email provider is given the invitation as a base64 attachment", async () => {
  const appEnv = { ...readEnv(env), EMAIL_API_KEY: "re_test_key" };
  const content = "BEGIN:VCALENDAR\r\nSUMMARY:Café session\r\nEND:VCALENDAR\r\n";
  const db = bookingContext().db;
  const id = await insertOutboxEmail(db, appEnv, {
    dedupeKey: `test:${crypto.randomUUID()}`,
    to: "sam@example.com.au",
    subject: "Invitation",
    text: "See the invitation.",
    attachments: [{ filename: "invite.ics", contentType: "text/calendar; charset=utf-8; method=REQUEST", content }],
  });
  const bodies: Record<string, unknown>[] = [];
  const fetcher = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return Response.json({ id: "email_1" });
  }) as typeof fetch;
  expect(await deliverOutboxEmail(db, appEnv, id!, fetcher)).toMatchObject({ status: "sent" });
  const [file] = bodies[0]!.attachments as { filename: string; content: string; content_type: string }[];
  expect(file).toMatchObject({ filename: "invite.ics", content_type: "text/calendar; charset=utf-8; method=REQUEST" });
  expect(new TextDecoder().decode(Uint8Array.from(atob(file!.content), (c) => c.charCodeAt(0)))).toBe(content);
});
