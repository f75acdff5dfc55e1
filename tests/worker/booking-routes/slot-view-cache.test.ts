import { env } from "cloudflare:workers";
import { afterEach, expect, test, vi } from "vitest";
import { setDateOverride } from "~/booking/availability.server";
import { localDate } from "~/booking/time-zones";
import { createDb } from "~/db/client.server";
import { EDGE_CACHE_HEADER, EDGE_FRESH_SECONDS } from "~/edge-cache/edge-cache.server";
import { bookingFields } from "../../factories/bookings";
import { ALWAYS_OPEN, createCoach, freeTimes, type TestCoach } from "../../factories/coaches";
import { createUser, signInOnWeb, uniqueEmail } from "../../factories/users";
import { fetchApp, testClientIp } from "../app";

// The booking page's slot view for visitors who are not signed in comes from the edge cache, keyed
// on the calendar version (migration 0018, decision record 005): a booking, a hold or a schedule
// change is shown by the very next view, whichever code wrote it.

const SYDNEY = "Australia/Sydney";

afterEach(() => {
  vi.useRealTimers();
});

const edgeStatus = (response: Response) => response.headers.get(EDGE_CACHE_HEADER);
const timeLink = (startsAt: string) => `&amp;time=${encodeURIComponent(startsAt)}"`;

function viewPath(coach: TestCoach, day: string, type = "discovery") {
  return `/booking?type=${type}&coach=${coach.slug}&tz=${encodeURIComponent(SYDNEY)}&day=${day}`;
}

async function view(path: string, headers: Record<string, string> = {}) {
  const response = await fetchApp(new Request(`http://localhost${path}`, { redirect: "manual", headers }));
  expect(response.status, path).toBe(200);
  return { status: edgeStatus(response), html: await response.text(), cacheControl: response.headers.get("Cache-Control") };
}

function book(coach: TestCoach, time: string, type = "discovery", extra: Record<string, string> = {}) {
  const path = `/booking?type=${type}&coach=${coach.slug}&tz=${encodeURIComponent(SYDNEY)}&time=${encodeURIComponent(time)}`;
  return fetchApp(path, {
    form: bookingFields({ type, coach: coach.slug, tz: SYDNEY, time, email: uniqueEmail("visitor"), ...extra }),
    ip: testClientIp(crypto.randomUUID()),
  });
}

test("a booked time is gone from the very next anonymous slot view, which was cached until then", async () => {
  const coach = await createCoach({ ...ALWAYS_OPEN, name: "Casey Brook" });
  const [first, second] = await freeTimes(coach);
  const day = localDate(first!.startsAt, SYDNEY);
  const path = viewPath(coach, day);

  const miss = await view(path);
  expect(miss.status).toBe("MISS");
  expect(miss.html).toContain(timeLink(first!.startsAt));
  const hit = await view(path);
  expect(hit.status).toBe("HIT");
  expect(hit.html).toContain(timeLink(first!.startsAt));

  expect((await book(coach, first!.startsAt)).status).toBe(302);

  const after = await view(path);
  expect(after.status, "the booking changed the calendar version: a new entry").toBe("MISS");
  expect(after.html).not.toContain(timeLink(first!.startsAt));
  expect(after.html).toContain(timeLink(second!.startsAt));
  expect((await view(path)).status).toBe("HIT");
});

test("a card hold hides its time from the next anonymous slot view at once", async () => {
  const coach = await createCoach({ ...ALWAYS_OPEN, name: "Drew Hale" });
  const [first] = await freeTimes(coach, "session-60", 10);
  const path = viewPath(coach, localDate(first!.startsAt, SYDNEY), "session-60");
  expect((await view(path)).html).toContain(timeLink(first!.startsAt));
  expect((await view(path)).status).toBe("HIT");

  const held = await book(coach, first!.startsAt, "session-60", { payWith: "card" });
  expect(held.status).toBe(302);
  expect(held.headers.get("Location")).toMatch(/checkout/);

  const after = await view(path);
  expect(after.status).toBe("MISS");
  expect(after.html).not.toContain(timeLink(first!.startsAt));
});

test("a coach's schedule change shows in the next anonymous slot view at once", async () => {
  const coach = await createCoach({ ...ALWAYS_OPEN, name: "Emery Vale" });
  const [first] = await freeTimes(coach);
  const day = localDate(first!.startsAt, SYDNEY);
  const path = viewPath(coach, day);
  expect((await view(path)).html).toContain(timeLink(first!.startsAt));
  expect((await view(path)).status).toBe("HIT");

  // The coach closes the day (their editor's date override).
  await setDateOverride(createDb(env.DB), coach.id, day, []);

  const after = await view(path);
  expect(after.status).toBe("MISS");
  expect(after.html).not.toContain(timeLink(first!.startsAt));
  expect(after.html).toContain("There are no free times left on this day.");
});

test("a cached slot view is fresh for a minute and then rendered again, never served stale", async () => {
  const coach = await createCoach({ ...ALWAYS_OPEN, name: "Finley Shaw" });
  const [first] = await freeTimes(coach);
  const path = viewPath(coach, localDate(first!.startsAt, SYDNEY));
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
  expect((await view(path)).status).toBe("MISS");
  vi.setSystemTime(Date.now() + (EDGE_FRESH_SECONDS - 5) * 1000);
  expect((await view(path)).status).toBe("HIT");
  vi.setSystemTime(Date.now() + 10 * 1000);
  expect((await view(path)).status).toBe("MISS");
});

test("only an anonymous visitor's slot view is cached: signed-in visitors, other steps and chosen times are rendered", async () => {
  const coach = await createCoach({ ...ALWAYS_OPEN, name: "Gray Moss" });
  const [first] = await freeTimes(coach);
  const day = localDate(first!.startsAt, SYDNEY);
  const path = viewPath(coach, day);

  const anonymous = await view(path);
  expect(anonymous.cacheControl).toBeNull();

  const user = await createUser({ email: uniqueEmail("slot-viewer") });
  const cookie = await signInOnWeb(user);
  for (let i = 0; i < 2; i++) {
    const signedIn = await view(path, { Cookie: cookie });
    expect(signedIn.status).toBe("BYPASS");
    expect(signedIn.cacheControl).toBe("private, no-store");
  }

  const others = [
    "/booking?type=discovery",
    `/booking?type=discovery&coach=${coach.slug}&tz=${encodeURIComponent(SYDNEY)}&day=${day}&time=${encodeURIComponent(first!.startsAt)}`,
    "/booking?package=package-4",
  ];
  for (const other of others) {
    for (let i = 0; i < 2; i++) expect((await view(other)).status, other).toBe("BYPASS");
  }
  // An unknown coach is the coach step: rendered every time, never stored.
  const unknown = `/booking?type=discovery&coach=no-such-coach-${crypto.randomUUID().slice(0, 8)}`;
  for (let i = 0; i < 2; i++) {
    const answer = await view(unknown);
    expect(answer.status).toBe("MISS");
    expect(answer.cacheControl).toBe("private, no-store");
  }
});
