import { expect, test } from "vitest";
import { composeBookingNotice } from "~/booking/notices.server";
import type { OutgoingEmail } from "~/email/outbox.server";
import { createBooking, daysFromNow } from "../../factories/bookings";
import { createCoach } from "../../factories/coaches";
import { createUser } from "../../factories/users";
import { env } from "cloudflare:workers";
import { manageLinkExpiry, manageToken } from "~/booking/links.server";
import { readEnv } from "~/platform/env.server";
import { fetchApp, pageText } from "../app";
import { bookingContext } from "./helpers";

// How the booking emails read: a greeting by first name, session types in sentence case inside
// sentences and subjects, plain-text parts whose links are labelled and short, and guests told how
// they actually get into the meeting.

const URL_IN_TEXT = /https?:\/\/\S+/g;
/** The longest link a plain-text part may carry: long enough for a signed link, far short of a provider's calendar link. */
const MAX_TEXT_URL = 160;

async function guestCall() {
  const coach = await createCoach({ name: "Dana Reyes", timeZone: "Australia/Perth", state: "WA" });
  const booking = await createBooking({ coachId: coach.id, typeId: "discovery", name: "Mia Cartwright", startsAt: daysFromNow(20, 2) });
  return { coach, booking };
}

function compose(booking: Awaited<ReturnType<typeof createBooking>>, kind: "confirmation" | "update" | "reminder-24h" | "reminder-1h" | "cancellation") {
  const job = { type: "booking.notice" as const, version: 1 as const, bookingId: booking.id, kind, sequence: booking.sequence };
  return composeBookingNotice(bookingContext(), booking, kind === "update" ? { ...job, previousStartsAt: daysFromNow(19, 2) } : job);
}

function longUrls(email: OutgoingEmail) {
  return (email.text.match(URL_IN_TEXT) ?? []).filter((url) => url.length > MAX_TEXT_URL);
}

test("booking emails greet by first name and name the session type in sentence case", async () => {
  const { booking } = await guestCall();
  const [client, coach] = (await compose(booking, "confirmation")) as [OutgoingEmail, OutgoingEmail];

  expect(client.subject).toMatch(/^Confirmed: your free discovery call on /);
  expect(client.text.startsWith("Hi Mia,\n")).toBe(true);
  expect(client.text).not.toContain("Mia Cartwright,");
  expect(client.text).toContain("Your free discovery call is confirmed.");
  expect(client.html).toContain("Hi Mia,");
  expect(client.html).not.toContain("Your Free discovery call");
  expect(coach.subject).toBe("New booking: free discovery call with Mia Cartwright");
  expect(coach.text.startsWith("Hi Dana,\n")).toBe(true);
  expect(coach.text).toContain("Mia Cartwright has booked a free discovery call with you.");

  const [reminder] = (await compose(booking, "reminder-24h")) as [OutgoingEmail];
  expect(reminder.subject).toMatch(/^Reminder: your free discovery call is in 24 hours \(/);
  const [moved] = (await compose(booking, "update")) as [OutgoingEmail];
  expect(moved.subject).toMatch(/^Rescheduled: your free discovery call is now on /);
  expect(moved.text).toContain("Hi Mia,\n\nYour free discovery call has a new time.");
});

test("plain-text parts carry short labelled calendar links of ours; the HTML keeps labelled links", async () => {
  const { booking } = await guestCall();
  for (const kind of ["confirmation", "update", "reminder-24h", "reminder-1h", "cancellation"] as const) {
    for (const email of await compose(booking, kind)) {
      expect(longUrls(email), `${kind} to ${email.to}`).toEqual([]);
      expect(email.text).not.toContain("calendar.google.com");
      expect(email.text).not.toContain("outlook.live.com");
    }
  }
  const [client, coach] = (await compose(booking, "confirmation")) as [OutgoingEmail, OutgoingEmail];
  const google = /^Add to Google Calendar: (http:\/\/localhost:8787\/booking\/[\w-]+\/calendar\/google\?k=[\w-]+)$/m.exec(client.text)?.[1];
  const outlook = /^Add to Outlook: (http:\/\/localhost:8787\/booking\/[\w-]+\/calendar\/outlook\?k=[\w-]+)$/m.exec(client.text)?.[1];
  expect(google).toContain(`/booking/${booking.id}/calendar/google?k=`);
  expect(outlook).toBeDefined();
  expect(client.html).toContain(`>Google Calendar</a>`);
  expect(client.html).toContain(`href="${google!.replaceAll("&", "&amp;")}"`);

  // The short link opens the provider's page for the booking as it stands, for whoever's email it was.
  const opened = await fetchApp(google!.replace("http://localhost:8787", ""));
  expect(opened.status).toBe(302);
  const target = new URL(opened.headers.get("Location")!);
  expect(target.origin).toBe("https://calendar.google.com");
  expect(target.searchParams.get("text")).toBe("Free discovery call with Dana Reyes");
  expect(target.searchParams.get("details")).toContain(`/meeting/${booking.id}`);
  const coachLink = /^Add to Outlook: (\S+)$/m.exec(coach.text)![1]!;
  const coachTarget = new URL((await fetchApp(coachLink.replace("http://localhost:8787", ""))).headers.get("Location")!);
  expect(coachTarget.origin).toBe("https://outlook.live.com");
  expect(coachTarget.searchParams.get("subject")).toBe("Free discovery call with Mia Cartwright");

  // Without the key, with another booking's key or an unknown provider: nothing.
  const key = new URL(google!).searchParams.get("k")!;
  const other = await createBooking({ coachId: booking.coachId, typeId: "discovery", startsAt: daysFromNow(21, 2) });
  for (const path of [
    `/booking/${booking.id}/calendar/google`,
    // Another first character (it carries six of the key's bits; the last one partly padding).
    `/booking/${booking.id}/calendar/google?k=${key.startsWith("A") ? "B" : "A"}${key.slice(1)}`,
    `/booking/${other.id}/calendar/google?k=${key}`,
    `/booking/${booking.id}/calendar/yahoo?k=${key}`,
    `/booking/not-an-id/calendar/google?k=${key}`,
  ]) {
    expect((await fetchApp(path)).status, path).toBe(404);
  }
});

test("a guest is told how they get into the meeting in every email; a client with an account is told to sign in", async () => {
  const { booking } = await guestCall();
  const join = `/meeting/${booking.id}/join?token=`;
  for (const kind of ["confirmation", "update", "reminder-1h"] as const) {
    const [client] = (await compose(booking, kind)) as [OutgoingEmail];
    expect(client.text, kind).toContain(`Join the video meeting (one-time link, works once within an hour): http://localhost:8787${join}`);
    expect(client.html, kind).toContain(`href="http://localhost:8787${join}`);
    expect(client.text, kind).not.toContain("sign in to your ClarityAI Coaching account");
    expect(client.html, kind).not.toContain("sign in to your ClarityAI Coaching account");
  }
  const [dayBefore] = (await compose(booking, "reminder-24h")) as [OutgoingEmail];
  expect(dayBefore.text).not.toContain(join);
  expect(dayBefore.text).not.toContain("sign in to your ClarityAI Coaching account");
  expect(dayBefore.text).toContain("An hour before the start we'll email you a one-time link that signs you in and opens the meeting.");
  expect(dayBefore.text).toContain("sign in with this email address: we'll email you a code, no password needed.");

  const member = await createUser({});
  const booked = await createBooking({ coachId: booking.coachId, clientId: member.id, email: member.email!, startsAt: daysFromNow(22, 2) });
  const [client] = (await compose(booked, "update")) as [OutgoingEmail];
  expect(client.text).not.toContain("/join?token=");
  expect(client.text).toContain("sign in to your ClarityAI Coaching account");
});

test("the confirmation page tells a guest how they get in, and a client with an account to sign in", async () => {
  const { booking } = await guestCall();
  const open = async (b: { id: string; endsAt: string }) =>
    pageText(await fetchApp(`/booking-confirmation?booking=${b.id}&token=${encodeURIComponent(await manageToken(readEnv(env), b.id, manageLinkExpiry(b)))}`));
  const guestPage = await open(booking);
  expect(guestPage).toContain("You don't need an account: join with the one-time link in your booking emails");
  expect(guestPage).toContain(`sign in with ${booking.email}. We'll email you a code; no password needed.`);
  expect(guestPage).not.toContain("signed in to your ClarityAI Coaching account");

  const member = await createUser({});
  const booked = await createBooking({ coachId: booking.coachId, clientId: member.id, email: member.email!, startsAt: daysFromNow(23, 2) });
  expect(await open(booked)).toContain("Open it then, signed in to your ClarityAI Coaching account.");
});
