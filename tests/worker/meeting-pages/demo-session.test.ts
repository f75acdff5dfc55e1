import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { DEMO_ACCOUNTS, DEMO_MEETING_ID, demoMeetingStatements } from "~/db/seed-data";
import { meetingWindow, roomState } from "~/meetings/window";
import { fetchApp } from "../app";
import { webSession } from "../../factories/users";

// `npm start` seeds a demo session between the demo client and the demo coach whose room is open
// for the next few hours, moved to the time of each start: one booking, however often it runs.

const HOUR_MS = 3_600_000;

async function seedAt(now: Date) {
  for (const statement of demoMeetingStatements(now)) await env.DB.prepare(statement).run();
}

async function demoBookings() {
  const { results } = await env.DB.prepare("SELECT id, starts_at, ends_at, status FROM bookings WHERE reference = 'CA-DEMO02'").all<{
    id: string;
    starts_at: string;
    ends_at: string;
    status: string;
  }>();
  return results;
}

test("each start moves the one demo session to now, confirmed, its room open for about three hours", async () => {
  const first = new Date("2027-05-10T03:07:00.000Z");
  await seedAt(first);
  await env.DB.prepare("UPDATE bookings SET status = 'cancelled' WHERE id = ?").bind(DEMO_MEETING_ID).run();
  const later = new Date("2027-05-12T22:41:30.000Z");
  await seedAt(later);
  await seedAt(later);
  const rows = await demoBookings();
  expect(rows).toEqual([{ id: DEMO_MEETING_ID, starts_at: "2027-05-12T22:40:00.000Z", ends_at: "2027-05-13T01:10:00.000Z", status: "confirmed" }]);
  const window = meetingWindow({ startsAt: rows[0]!.starts_at, endsAt: rows[0]!.ends_at });
  expect(roomState(window, later)).toBe("open");
  expect(roomState(window, new Date(later.getTime() + 3 * HOUR_MS - 2 * 60_000))).toBe("open");
  expect(roomState(window, new Date(later.getTime() + 3 * HOUR_MS + 30 * 60_000))).toBe("closed");
  // No confirmation email goes to the demo accounts at each start.
  const notices = await env.DB.prepare("SELECT kind FROM booking_notices WHERE booking_id = ?").bind(DEMO_MEETING_ID).all();
  expect(notices.results).toEqual([{ kind: "confirmation:0" }]);
});

test("the demo client's Bookings tab and the demo coach's portal show Join for it, and the room opens for both", async () => {
  await seedAt(new Date());
  const [, coach, client] = DEMO_ACCOUNTS;
  const clientCookie = await webSession(client);
  const coachCookie = await webSession(coach);
  const join = new RegExp(`href="/meeting/${DEMO_MEETING_ID}"[^>]*>Join<`);
  expect(await (await fetchApp("/profile?tab=bookings", { cookie: clientCookie })).text()).toMatch(join);
  expect(await (await fetchApp("/coach", { cookie: coachCookie })).text()).toMatch(join);
  for (const cookie of [clientCookie, coachCookie]) {
    const page = await fetchApp(`/meeting/${DEMO_MEETING_ID}`, { cookie });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("The video call needs JavaScript");
  }
});
