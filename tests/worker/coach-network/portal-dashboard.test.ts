import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { loadDashboard, recordPortalVisit } from "~/coach-network/portal.server";
import { createDb } from "~/db/client.server";
import { createBooking } from "../../factories/bookings";
import { createCoach, createSignedInCoach } from "../../factories/coaches";
import { createSignedInUser } from "../../factories/users";
import { fetchApp, pageText } from "../app";
import { bookedAt, contextAt, DAY, giveProfile, HOUR, MINUTE } from "./helpers";

// The coach's dashboard (/coach): today's and the rest of this week's sessions on the coach's own
// calendar with their Join buttons, the bookings made since the last visit, and nobody else's.

// Wednesday 2 December 2026, 9 am in Perth (AWST, UTC+8) and noon in Sydney (AEDT, UTC+11).
const NOW = "2026-12-02T01:00:00.000Z";

test("today and the rest of this week are the coach's own days (Perth), with Join while the room is open and no other coach's sessions", async () => {
  const coach = await createCoach({ timeZone: "Australia/Perth", state: "WA" });
  const other = await createCoach();
  const soon = await createBooking({ coachId: coach.id, startsAt: "2026-12-02T01:05:00.000Z", name: "Soon Client" });
  // 11:30 pm Wednesday in Perth is already Thursday in Sydney: still today for this coach.
  const lateTonight = await createBooking({ coachId: coach.id, startsAt: "2026-12-02T15:30:00.000Z", name: "Late Client" });
  const thursday = await createBooking({ coachId: coach.id, startsAt: "2026-12-03T03:00:00.000Z", name: "Thursday Client" });
  const sunday = await createBooking({ coachId: coach.id, startsAt: "2026-12-06T03:00:00.000Z", name: "Sunday Client" });
  // Monday 10 am in Perth: next week.
  await createBooking({ coachId: coach.id, startsAt: "2026-12-07T02:00:00.000Z", name: "Next Week Client" });
  await createBooking({ coachId: coach.id, startsAt: "2026-12-02T05:00:00.000Z", name: "Cancelled Client", status: "cancelled" });
  await createBooking({ coachId: other.id, startsAt: "2026-12-02T03:00:00.000Z", name: "Other Coach's Client" });

  const dashboard = await loadDashboard(contextAt(NOW), coach.id);

  expect(dashboard.zone).toBe("Australia/Perth");
  expect(dashboard.today.map((s) => s.id)).toEqual([soon.id, lateTonight.id]);
  expect(dashboard.thisWeek.map((s) => s.id)).toEqual([thursday.id, sunday.id]);
  expect(dashboard.today[0]!.room).toMatchObject({ state: "open", href: `/meeting/${soon.id}` });
  expect(dashboard.today[1]!.room?.state).toBe("not_open_yet");
  expect(dashboard.today[1]!.when).toBe("Wednesday 2 December 2026, 11:30 pm AWST");
});

test("new bookings are those made since the last visit, and stay new for the whole visit", async () => {
  const coach = await createCoach();
  const now = Date.now();
  const iso = (offset: number) => new Date(now + offset).toISOString();
  await giveProfile(coach.id, { lastVisit: iso(-2 * HOUR) });
  const before = await createBooking({ coachId: coach.id, startsAt: iso(5 * DAY), name: "Booked Before" });
  await bookedAt(before.id, iso(-3 * HOUR));
  const since = await createBooking({ coachId: coach.id, startsAt: iso(6 * DAY), name: "Booked Since" });
  await bookedAt(since.id, iso(-1 * HOUR));

  const first = await loadDashboard(contextAt(iso(0)), coach.id);
  expect(first.newBookings.items.map((b) => b.id)).toEqual([since.id]);
  expect(first.newBookings).toMatchObject({ total: 1, since: iso(-2 * HOUR), firstVisit: false });

  // Ten minutes later is the same visit: still new.
  const again = await loadDashboard(contextAt(iso(10 * MINUTE)), coach.id);
  expect(again.newBookings.items.map((b) => b.id)).toEqual([since.id]);

  // The next visit, two hours on, compares with the visit just made.
  const next = await loadDashboard(contextAt(iso(2 * HOUR)), coach.id);
  expect(next.newBookings.items).toEqual([]);
  expect(next.newBookings.since).toBe(iso(10 * MINUTE));
});

test("a coach's first portal visit shows the last week's bookings, and is recorded on their profile row without changing their bookability", async () => {
  // Every coach has a profile row (the backfill, approval and the factory make one); this one has never visited.
  const coach = await createCoach();
  const before = await env.DB.prepare("SELECT onboarding_completed_at FROM coach_profiles WHERE coach_id = ?")
    .bind(coach.id)
    .first<string | null>("onboarding_completed_at");
  expect(before).toEqual(expect.any(String));
  const now = Date.now();
  const recent = await createBooking({ coachId: coach.id, startsAt: new Date(now + 4 * DAY).toISOString() });
  const old = await createBooking({ coachId: coach.id, startsAt: new Date(now + 5 * DAY).toISOString() });
  await bookedAt(old.id, new Date(now - 8 * DAY).toISOString());

  const dashboard = await loadDashboard(contextAt(new Date(now)), coach.id);
  expect(dashboard.newBookings.firstVisit).toBe(true);
  expect(dashboard.newBookings.items.map((b) => b.id)).toEqual([recent.id]);
  const row = await env.DB.prepare("SELECT onboarding_completed_at, portal_last_visit_at, portal_previous_visit_at FROM coach_profiles WHERE coach_id = ?")
    .bind(coach.id)
    .first();
  expect(row).toEqual({ onboarding_completed_at: before, portal_last_visit_at: new Date(now).toISOString(), portal_previous_visit_at: null });
  // The next visit compares with this one.
  const visit = await recordPortalVisit(createDb(env.DB), coach.id, new Date(now + 2 * HOUR));
  expect(visit).toEqual({ since: new Date(now).toISOString(), firstVisit: false });
});

test("GET /coach leads with the onboarding checklist while onboarding is incomplete, each step to do linked to its page", async () => {
  const coach = await createSignedInCoach({ onboarded: false });
  const text = await pageText(await fetchApp("/coach", { cookie: coach.cookie }));
  const checklistAt = text.indexOf('id="onboarding-heading"');
  expect(checklistAt).toBeGreaterThan(-1);
  expect(text).toContain("Finish setting up to take bookings");
  // First on the page: before today's sessions and every other section.
  for (const heading of ["today-heading", "week-heading", "new-heading", "earnings-heading"]) {
    expect(text.indexOf(`id="${heading}"`), heading).toBeGreaterThan(checklistAt);
  }
  // The real checklist: the factory's weekly hours are set, everything else is to do.
  expect(text).toContain("4 steps to go.");
  expect(text).toMatch(/<span>Set your time zone and weekly hours<span class="visually-hidden"> \(done\)<\/span><\/span>/);
  for (const [href, label] of [
    ["/coach/profile", "Add your photo, bio, specialties and industries"],
    ["/coach/agreement", "Accept the coach agreement"],
    ["/coach/profile#tax-details", "Confirm your ABN and GST registration"],
    ["/coach/payouts", "Set up payouts"],
  ]) {
    expect(text, label).toContain(`href="${href}">${label}<span class="visually-hidden"> (to do)</span></a>`);
  }

  // Once onboarded, the checklist is gone.
  const onboarded = await createSignedInCoach();
  const done = await pageText(await fetchApp("/coach", { cookie: onboarded.cookie }));
  expect(done).toContain('id="today-heading"');
  expect(done).not.toContain("Finish setting up to take bookings");
});

/** An Australian zone whose clock is at least an hour from midnight now and five minutes on, so "today" is stable while the test runs. */
function zoneAwayFromMidnight(): string {
  for (const zone of ["Australia/Sydney", "Australia/Perth", "Australia/Adelaide", "Australia/Brisbane"]) {
    const hour = Number(new Intl.DateTimeFormat("en-AU", { timeZone: zone, hour: "numeric", hourCycle: "h23" }).format(new Date()));
    if (hour >= 1 && hour <= 22) return zone;
  }
  return "Australia/Sydney";
}

test("GET /coach renders the coach's dashboard with a Join button for a session about to start, and the earnings and new bookings", async () => {
  const coach = await createSignedInCoach({ timeZone: zoneAwayFromMidnight() });
  await giveProfile(coach.id);
  const other = await createCoach();
  await createBooking({ coachId: coach.id, startsAt: new Date(Date.now() + 5 * MINUTE).toISOString(), name: "Priya Raman" });
  await createBooking({ coachId: other.id, startsAt: new Date(Date.now() + 5 * MINUTE).toISOString(), name: "Not Yours" });

  const response = await fetchApp("/coach", { cookie: coach.cookie });
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toContain("no-store");
  const text = await pageText(response);
  expect(text).toContain('>Join<span class="visually-hidden"> the video call with Priya Raman</span>');
  expect(text).not.toContain("Not Yours");
  expect(text).toMatch(/Earnings in \w+ \d{4}/);
  expect(text).toContain("New bookings");
  expect(text).toContain('aria-label="Coach portal"');
});

test("the dashboard is the coach's: a visitor signs in, a client is refused", async () => {
  const visitor = await fetchApp("/coach");
  expect(visitor.status).toBe(302);
  expect(visitor.headers.get("Location")).toBe("/auth?redirectTo=%2Fcoach");
  const client = await createSignedInUser({ roles: ["client"] });
  const refused = await fetchApp("/coach", { cookie: client.cookie });
  expect(refused.status).toBe(302);
  expect(refused.headers.get("Location")).toBe("/auth?redirectTo=%2Fcoach&denied=coach");
});
