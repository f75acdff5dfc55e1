import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { bookSlot } from "~/booking/bookings.server";
import { bookingContext } from "../booking/helpers";
import { cookiePair, fetchApp, pageText } from "../app";
import { bookingDetails } from "../../factories/bookings";
import { createCoach } from "../../factories/coaches";
import { createSignedInUser, uniqueEmail } from "../../factories/users";
import { deliverJobs, holdJobs } from "../queue";

// A guest (booked without an account) joins from a one-time sign-in link in the confirmation and
// the 1-hour reminder: it opens the meeting signed in, once, within the hour, and makes the booking
// the account's.

const JOIN_LINK = /http:\/\/localhost:8787(\/meeting\/[\w-]+\/join\?token=[\w-]+)/;

async function clientEmail(bookingId: string, notice: string) {
  return env.DB.prepare("SELECT text_body, html_body FROM email_outbox WHERE dedupe_key = ?")
    .bind(`booking:${bookingId}:${notice}:client`)
    .first<{ text_body: string; html_body: string }>();
}

async function coachEmail(bookingId: string, notice: string) {
  return env.DB.prepare("SELECT text_body FROM email_outbox WHERE dedupe_key = ?").bind(`booking:${bookingId}:${notice}:coach`).first<{ text_body: string }>();
}

/** A discovery call booked on Wednesday 3 March 2027, 10 am AEDT, without signing in (or signed in as `userId`); its confirmation sent. */
async function bookedCall(email = uniqueEmail("guest"), userId: string | null = null) {
  const { flush } = holdJobs();
  const coach = await createCoach({ observeHolidays: false, name: "Dana Reyes" });
  const result = await bookSlot(bookingContext(), {
    typeId: "discovery",
    coach: coach.slug,
    startsAt: "2027-03-02T23:00:00.000Z",
    details: bookingDetails({ name: "Robin Ellis", email }),
    clientTimeZone: "Australia/Sydney",
    userId,
    payWith: "free",
  });
  if (result.status !== "booked") throw new Error(`expected a booking, got ${result.status}`);
  await flush();
  return { booking: result.booking, email };
}

function joinPathIn(text: string | undefined) {
  const path = JOIN_LINK.exec(text ?? "")?.[1];
  expect(path, "a one-time join link in the email").toBeDefined();
  return path!;
}

async function join(path: string) {
  const token = new URL(path, "http://localhost").searchParams.get("token")!;
  return fetchApp(path.split("?")[0]!, { form: { token } });
}

test("a guest's confirmation carries a one-time link that signs them in once, lands on the meeting and makes the booking theirs", async () => {
  const { booking, email } = await bookedCall();
  const confirmation = await clientEmail(booking.id, "confirmation:0");
  const path = joinPathIn(confirmation?.text_body);
  expect(path.startsWith(`/meeting/${booking.id}/join?token=`)).toBe(true);
  expect(confirmation!.html_body).toContain(path.replace("&", "&amp;"));
  expect(confirmation!.text_body).toContain(`The meeting page: http://localhost:8787/meeting/${booking.id}`);
  // The coach's copy has none: the coach signs in as usual.
  expect((await coachEmail(booking.id, "confirmation:0"))?.text_body).not.toContain("/join?token=");

  // Following the link only shows a button (a mail scanner opening it spends nothing)…
  const opened = await fetchApp(path);
  expect(opened.status).toBe(200);
  expect(await pageText(opened)).toContain("Continue to your session");
  // …and pressing it signs the guest in and opens the meeting.
  const signedIn = await join(path);
  expect([signedIn.status, signedIn.headers.get("Location")]).toEqual([302, `/meeting/${booking.id}`]);
  const cookie = cookiePair(signedIn, "__Host-session");
  const meeting = await fetchApp(`/meeting/${booking.id}`, { cookie });
  expect(meeting.status).toBe(200);
  expect(await pageText(meeting)).toContain("Your session starts <strong>Wednesday 3 March 2027, 10:00 am AEDT</strong>.");

  // The guest now has an account (passwordless, its address confirmed by the link) holding the booking.
  const user = await env.DB.prepare("SELECT id, email_confirmed_at, password_hash FROM users WHERE email = ?")
    .bind(email)
    .first<{ id: string; email_confirmed_at: string | null; password_hash: string | null }>();
  expect(user).toMatchObject({ password_hash: null });
  expect(user!.email_confirmed_at).not.toBeNull();
  const row = await env.DB.prepare("SELECT client_id FROM bookings WHERE id = ?").bind(booking.id).first<{ client_id: string }>();
  expect(row!.client_id).toBe(user!.id);

  // A second use fails, with a way in that still works.
  const again = await join(path);
  expect(again.status).toBe(400);
  expect(again.headers.get("Set-Cookie")).toBeNull();
  expect(await pageText(again)).toContain("This sign-in link has expired or has already been used");
  const reopened = await fetchApp(path);
  expect(reopened.status).toBe(404);
  expect(await pageText(reopened)).toContain("Sign in with an emailed code");
});

test("the link expires after an hour", async () => {
  const { booking, email } = await bookedCall();
  const path = joinPathIn((await clientEmail(booking.id, "confirmation:0"))?.text_body);
  await env.DB.prepare("UPDATE one_time_tokens SET created_at = ? WHERE relates_to = ?")
    .bind(new Date(Date.now() - 61 * 60_000).toISOString(), email)
    .run();
  expect((await fetchApp(path)).status).toBe(404);
  const expired = await join(path);
  expect(expired.status).toBe(400);
  expect(expired.headers.get("Set-Cookie")).toBeNull();
  const row = await env.DB.prepare("SELECT client_id FROM bookings WHERE id = ?").bind(booking.id).first<{ client_id: string | null }>();
  expect(row!.client_id).toBeNull();
});

test("the 1-hour reminder mints a fresh link, which replaces the confirmation's", async () => {
  const { booking } = await bookedCall();
  const first = joinPathIn((await clientEmail(booking.id, "confirmation:0"))?.text_body);
  await deliverJobs([{ type: "booking.notice", version: 1, bookingId: booking.id, kind: "reminder-1h", sequence: 0 }]);
  const reminder = await clientEmail(booking.id, "reminder-1h:0");
  const fresh = joinPathIn(reminder?.text_body);
  expect(fresh).not.toBe(first);
  expect((await join(first)).status).toBe(400);
  const signedIn = await join(fresh);
  expect([signedIn.status, signedIn.headers.get("Location")]).toEqual([302, `/meeting/${booking.id}`]);
});

test("a booking made signed in gets no sign-in link: its client signs in as usual", async () => {
  const client = await createSignedInUser({ roles: ["client"] });
  const { booking } = await bookedCall(client.email, client.id);
  const confirmation = await clientEmail(booking.id, "confirmation:0");
  expect(confirmation?.text_body).toContain(`Join the video meeting: http://localhost:8787/meeting/${booking.id}`);
  expect(confirmation?.text_body).not.toContain("/join?token=");
});
