import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { expect, test } from "vitest";
import { createAppContext } from "~/create-context.server";
import type { MeetingPage } from "~/meetings/meeting-page.server";
import { fixedClock } from "~/platform/clock";
import { loader } from "~/routes/meeting.$meetingId";
import { appRequest, fetchApp, pageText } from "../app";
import { createBooking, HOUR_MS } from "../../factories/bookings";
import { createSignedInCoach } from "../../factories/coaches";
import { createSignedInUser } from "../../factories/users";

// The meeting page (/meeting/{id}) outside and inside the room's hours, for its client and coach
// only, in each viewer's own time zone. Pages at a fixed instant run the route's loader with the
// request context's clock; the rest go through the Worker at the real time.

const MINUTE_MS = 60_000;

/** The meeting page's loader for the cookie's viewer at `now`: the page, or the Response it threw (404, redirect). */
async function pageAt(now: string, cookie: string, meetingId: string, search = ""): Promise<MeetingPage | Response> {
  const request = appRequest(`/meeting/${meetingId}${search}`, { cookie });
  const context = createAppContext(env, { request, executionContext: createExecutionContext(), clock: fixedClock(now) });
  try {
    return (await loader({ request, context, params: { meetingId } } as unknown as LoaderFunctionArgs)).page;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function asPage(result: MeetingPage | Response): MeetingPage {
  if (result instanceof Response) throw new Error(`expected a page, got ${result.status} ${result.headers.get("Location") ?? ""}`);
  return result;
}

async function setClientState(userId: string, state: string | null) {
  await env.DB.prepare("UPDATE profiles SET state = ? WHERE user_id = ?").bind(state, userId).run();
}

/** A Perth coach, a client (profile in NSW) and their 60-minute session starting at `startsAt`. */
async function session(startsAt: string) {
  const coach = await createSignedInCoach({ timeZone: "Australia/Perth", state: "WA", name: "Dana Reyes" });
  const client = await createSignedInUser({ roles: ["client"], firstName: "Sam", lastName: "Lee" });
  await setClientState(client.id, "NSW");
  const booking = await createBooking({ coachId: coach.id, clientId: client.id, startsAt, name: "Sam Lee", clientTimeZone: "Australia/Sydney" });
  return { coach, client, booking };
}

test("before the room opens: when the session starts and the room opens, in each viewer's zone with its abbreviation either side of the end of daylight saving", async () => {
  // Sydney leaves daylight saving at 3 am on Sunday 4 April 2027 (AEDT UTC+11 → AEST UTC+10); Perth has none (AWST UTC+8).
  // Before the change: Saturday 3 April 2027, 10:00 am AEDT.
  const before = await session("2027-04-02T23:00:00.000Z");
  const friday = "2027-04-02T01:00:00.000Z";
  const sydney = asPage(await pageAt(friday, before.client.cookie, before.booking.id));
  expect(sydney).toMatchObject({
    state: "not_open_yet",
    role: "client",
    zone: "Australia/Sydney",
    startsText: "Saturday 3 April 2027, 10:00 am AEDT",
    opensText: "The room opens at 9:50 am AEDT tomorrow.",
    opensAt: "2027-04-02T22:50:00.000Z",
    now: friday,
    icsHref: `/booking/${before.booking.id}.ics`,
  });
  const perth = asPage(await pageAt(friday, before.coach.cookie, before.booking.id));
  expect(perth).toMatchObject({ state: "not_open_yet", role: "coach", zone: "Australia/Perth", startsText: "Saturday 3 April 2027, 7:00 am AWST" });
  expect(perth.state === "not_open_yet" && perth.opensText).toBe("The room opens at 6:50 am AWST tomorrow.");

  // After the change: Monday 5 April 2027, 10:00 am AEST — two hours ahead of Perth now, not three.
  const after = await session("2027-04-05T00:00:00.000Z");
  const sydneyAfter = asPage(await pageAt(friday, after.client.cookie, after.booking.id));
  expect(sydneyAfter).toMatchObject({ startsText: "Monday 5 April 2027, 10:00 am AEST", opensText: "The room opens at 9:50 am AEST on Monday 5 April 2027." });
  const perthAfter = asPage(await pageAt(friday, after.coach.cookie, after.booking.id));
  expect(perthAfter).toMatchObject({ startsText: "Monday 5 April 2027, 8:00 am AWST", opensText: "The room opens at 7:50 am AWST on Monday 5 April 2027." });

  // The calendar links carry the session's own times.
  if (sydneyAfter.state !== "not_open_yet") throw new Error("expected the not-open page");
  expect(new URL(sydneyAfter.googleHref).searchParams.get("dates")).toBe("20270405T000000Z/20270405T010000Z");
  expect(new URL(sydneyAfter.outlookHref).searchParams.get("startdt")).toBe("2027-04-05T00:00:00.000Z");
});

test("the viewer's zone: their profile's first, else the browser's (?tz=), else the zone they booked in", async () => {
  const { client, booking } = await session("2027-04-05T00:00:00.000Z");
  const at = "2027-04-02T01:00:00.000Z";
  // Profile in WA: Perth, whatever the browser says.
  await setClientState(client.id, "WA");
  expect(asPage(await pageAt(at, client.cookie, booking.id, "?tz=Australia/Adelaide"))).toMatchObject({ zone: "Australia/Perth", zoneChosen: true });
  // No state on the profile: the browser's zone, as the page's script sends it.
  await setClientState(client.id, null);
  expect(asPage(await pageAt(at, client.cookie, booking.id, "?tz=Australia/Adelaide"))).toMatchObject({
    zone: "Australia/Adelaide",
    zoneChosen: true,
    startsText: "Monday 5 April 2027, 9:30 am ACST",
  });
  // Nothing known yet (no script ran): the zone they booked in, and the page asks the browser.
  expect(asPage(await pageAt(at, client.cookie, booking.id, "?tz=Not/AZone"))).toMatchObject({ zone: "Australia/Sydney", zoneChosen: false });
});

test("the room is open from 10 minutes before the start until 30 minutes after the end, with the room's props in the viewer's zone", async () => {
  const { coach, client, booking } = await session("2027-04-05T00:00:00.000Z");
  expect(asPage(await pageAt("2027-04-04T23:49:59.000Z", client.cookie, booking.id)).state).toBe("not_open_yet");
  const open = asPage(await pageAt("2027-04-04T23:50:00.000Z", client.cookie, booking.id));
  expect(open).toMatchObject({
    state: "open",
    room: {
      meetingId: booking.id,
      role: "client",
      selfName: "Sam Lee",
      peerName: "Dana Reyes",
      startsAt: "2027-04-05T00:00:00.000Z",
      endsAt: "2027-04-05T01:00:00.000Z",
      closesAt: "2027-04-05T01:30:00.000Z",
      timeZone: "Australia/Sydney",
    },
  });
  expect(asPage(await pageAt("2027-04-05T01:29:59.000Z", coach.cookie, booking.id))).toMatchObject({
    state: "open",
    room: { role: "coach", selfName: "Dana Reyes", peerName: "Sam Lee", timeZone: "Australia/Perth" },
  });
  const closed = asPage(await pageAt("2027-04-05T01:30:00.000Z", client.cookie, booking.id));
  expect(closed).toMatchObject({
    state: "closed",
    closedText: "The room closed on Monday 5 April 2027, 11:30 am AEST.",
    recordHref: `/meeting/${booking.id}/record`,
  });
});

test("a cancelled booking says so, before and during its hours; a hold not yet paid for has no room", async () => {
  const { client, booking } = await session("2027-04-05T00:00:00.000Z");
  await env.DB.prepare("UPDATE bookings SET status = 'cancelled', cancelled_at = ? WHERE id = ?").bind("2027-04-01T00:00:00.000Z", booking.id).run();
  for (const at of ["2027-04-02T00:00:00.000Z", "2027-04-05T00:10:00.000Z"]) {
    expect(asPage(await pageAt(at, client.cookie, booking.id))).toMatchObject({ state: "cancelled", startsText: "Monday 5 April 2027, 10:00 am AEST" });
  }
  const held = await createBooking({ coachId: booking.coachId, clientId: client.id, startsAt: "2027-04-06T00:00:00.000Z", status: "held" });
  expect(asPage(await pageAt("2027-04-06T00:05:00.000Z", client.cookie, held.id)).state).toBe("unconfirmed");
});

test("anyone but the client and the coach gets the 404, another coach included; an admin is sent to the session's record", async () => {
  const { booking } = await session("2027-04-05T00:00:00.000Z");
  const at = "2027-04-05T00:05:00.000Z";
  const stranger = await createSignedInUser({ roles: ["client"] });
  const otherCoach = await createSignedInCoach();
  const admin = await createSignedInUser({ roles: ["admin"] });
  for (const cookie of [stranger.cookie, otherCoach.cookie]) {
    const refused = await pageAt(at, cookie, booking.id);
    expect(refused instanceof Response && refused.status).toBe(404);
  }
  const sent = await pageAt(at, admin.cookie, booking.id);
  expect(sent instanceof Response && [sent.status, sent.headers.get("Location")]).toEqual([302, `/meeting/${booking.id}/record`]);
  // An admin asking for an id that is no meeting's gets the 404 too.
  const missing = await pageAt(at, admin.cookie, crypto.randomUUID());
  expect(missing instanceof Response && missing.status).toBe(404);

  // Through the Worker: the same answers, and nothing of the booking in the 404.
  const page = await fetchApp(`/meeting/${booking.id}`, { cookie: stranger.cookie });
  expect(page.status).toBe(404);
  expect(await page.text()).not.toContain("Sam Lee");
  const redirected = await fetchApp(`/meeting/${booking.id}`, { cookie: admin.cookie });
  expect([redirected.status, redirected.headers.get("Location")]).toEqual([302, `/meeting/${booking.id}/record`]);
});

test("the open room's page: the room, a notice for browsers without JavaScript, and its title", async () => {
  const { coach, client, booking } = await session(new Date(Date.now() - 5 * MINUTE_MS).toISOString());
  const response = await fetchApp(`/meeting/${booking.id}`, { cookie: client.cookie });
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain("<noscript>");
  expect(html).toContain("The video call needs JavaScript");
  expect(html).toMatch(/<title>60-minute virtual session with Dana Reyes \| ClarityAI Coaching<\/title>/);
  expect(html).toContain('name="robots" content="noindex');
  expect(html).not.toMatch(/coming soon/i);
  const coachHtml = await (await fetchApp(`/meeting/${booking.id}`, { cookie: coach.cookie })).text();
  expect(coachHtml).toContain("60-minute virtual session with Sam Lee");
});

test("the not-open page through the Worker: start, opening, calendar file and links; the coach may fetch the .ics too", async () => {
  const { coach, client, booking } = await session(new Date(Date.now() + 3 * 24 * HOUR_MS).toISOString());
  const text = await pageText(await fetchApp(`/meeting/${booking.id}`, { cookie: client.cookie }));
  expect(text).toMatch(/Your session starts <strong>\w+day \d{1,2} \w+ \d{4}, \d{1,2}:\d{2} [ap]m AE[DS]T<\/strong>\./);
  expect(text).toMatch(/The room opens at \d{1,2}:\d{2} [ap]m AE[DS]T on \w+day/);
  expect(text).toContain("Add to Google Calendar");
  expect(text).toContain("Add to Outlook");
  expect(text).not.toMatch(/coming soon|will email you a link/i);
  for (const cookie of [client.cookie, coach.cookie]) {
    const ics = await fetchApp(`/booking/${booking.id}.ics`, { cookie });
    expect(ics.status).toBe(200);
    expect(await ics.text()).toContain(`UID:${booking.id}@clarityai.com.au`);
  }
  const stranger = await createSignedInCoach();
  expect((await fetchApp(`/booking/${booking.id}.ics`, { cookie: stranger.cookie })).status).toBe(404);
});

test("the Bookings tab and the coach portal show Join while the room is open, and when it opens otherwise", async () => {
  const { coach, client, booking } = await session(new Date(Date.now() + 5 * MINUTE_MS).toISOString());
  // Three days ahead: its room opens at least two calendar days from now in every zone, at any hour
  // (two days ahead is "tomorrow" in Perth from midnight until 12:10 am).
  const later = await createBooking({
    coachId: coach.id,
    clientId: client.id,
    startsAt: new Date(Date.now() + 3 * 24 * HOUR_MS).toISOString(),
    name: "Sam Lee",
  });
  const tab = await (await fetchApp("/profile?tab=bookings", { cookie: client.cookie })).text();
  expect(tab).toMatch(new RegExp(`href="/meeting/${booking.id}"[^>]*>Join<`));
  expect(tab).toMatch(new RegExp(`href="/meeting/${later.id}"[^>]*>Meeting room<`));
  expect(tab).toMatch(/The room opens at \d{1,2}:\d{2} [ap]m AE[DS]T on \w+day/);
  const portal = await (await fetchApp("/coach/sessions", { cookie: coach.cookie })).text();
  expect(portal).toMatch(new RegExp(`href="/meeting/${booking.id}"[^>]*>Join<`));
  expect(portal).toMatch(new RegExp(`href="/meeting/${later.id}"[^>]*>Meeting room<`));
  expect(portal).toMatch(/The room opens at \d{1,2}:\d{2} [ap]m AWST on \w+day/);
});
