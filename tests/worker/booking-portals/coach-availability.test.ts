import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { publicHolidays } from "~/booking/holidays.server";
import { formatDateTime, formatSlotDate } from "~/booking/time-zones";
import { expectRedirect } from "./helpers";
import { createBooking, daysFromNow } from "../../factories/bookings";
import { createSignedInCoach } from "../../factories/coaches";
import { createSignedInUser } from "../../factories/users";
import { fetchApp, pageText } from "../app";

// The coach's availability editor (/coach/availability) and their upcoming sessions on /coach,
// driven through the Worker as a browser without JavaScript would.

async function schedule(coachId: string) {
  return env.DB.prepare("SELECT * FROM coach_schedules WHERE coach_id = ?").bind(coachId).first<Record<string, unknown>>();
}

function scheduleForm(overrides: Record<string, string> = {}) {
  return {
    intent: "save-schedule",
    displayName: "Morgan Reid",
    headline: "Cash flow for trades",
    timeZone: "Australia/Perth",
    state: "WA",
    "d1-0-start": "08:00",
    "d1-0-end": "12:00",
    "d1-1-start": "13:00",
    "d1-1-end": "17:30",
    "d3-0-start": "18:00",
    "d3-0-end": "00:00",
    bufferMinutes: "10",
    dailyMax: "4",
    observeHolidays: "on",
    acceptingBookings: "on",
    ...overrides,
  };
}

test("a coach saves weekly hours with several intervals a day, their zone and state, buffer, daily maximum and switches", async () => {
  const coach = await createSignedInCoach();
  const saved = await fetchApp("/coach/availability", { cookie: coach.cookie, form: scheduleForm() });
  expectRedirect(saved, "/coach/availability");
  const row = await schedule(coach.id);
  expect(row).toMatchObject({
    display_name: "Morgan Reid",
    headline: "Cash flow for trades",
    time_zone: "Australia/Perth",
    state: "WA",
    buffer_minutes: 10,
    daily_max: 4,
    horizon_days: 60,
    observe_holidays: 1,
    accepting_bookings: 1,
    slug: coach.slug,
  });
  expect(JSON.parse(String(row!.weekly_hours))).toEqual({
    "0": [],
    "1": [
      ["08:00", "12:00"],
      ["13:00", "17:30"],
    ],
    "2": [],
    "3": [["18:00", "24:00"]],
    "4": [],
    "5": [],
    "6": [],
  });

  // The editor shows what was saved (midnight as the end of the day is 00:00 in a time field).
  const html = await pageText(await fetchApp("/coach/availability", { cookie: coach.cookie }));
  expect(html).toContain('name="d1-1-start" type="time" step="900" value="13:00"');
  expect(html).toContain('name="d3-0-end" type="time" step="900" value="00:00"');
  expect(html).toContain("Clients can book up to 60 days ahead.");

  // Unticked switches are saved as off.
  const off = scheduleForm();
  delete (off as Record<string, string>).acceptingBookings;
  delete (off as Record<string, string>).observeHolidays;
  expectRedirect(await fetchApp("/coach/availability", { cookie: coach.cookie, form: off }), "/coach/availability");
  expect(await schedule(coach.id)).toMatchObject({ accepting_bookings: 0, observe_holidays: 0 });
  expect(await pageText(await fetchApp("/coach/availability", { cookie: coach.cookie }))).toContain(
    "You're not accepting new bookings, so no times are offered.",
  );
});

test("adding and removing rows works without JavaScript and saves nothing until the schedule is saved", async () => {
  const coach = await createSignedInCoach();
  const before = await schedule(coach.id);
  const added = await fetchApp("/coach/availability", { cookie: coach.cookie, form: { ...scheduleForm(), intent: "add-row:1" } });
  expect(added.status).toBe(200);
  const html = await pageText(added);
  // Monday's two rows as typed, and a third, empty one.
  expect(html).toContain('name="d1-0-start" type="time" step="900" value="08:00"');
  expect(html).toContain('name="d1-1-end" type="time" step="900" value="17:30"');
  expect(html).toMatch(/name="d1-2-start" type="time" step="900" value=""/);
  expect(html).toContain("Not saved yet");
  const removed = await fetchApp("/coach/availability", { cookie: coach.cookie, form: { ...scheduleForm(), intent: "remove-row:1:0" } });
  expect(removed.status).toBe(200);
  const afterRemove = await pageText(removed);
  expect(afterRemove).toContain('name="d1-0-start" type="time" step="900" value="13:00"');
  expect(afterRemove).not.toContain('name="d1-1-start"');
  expect(await schedule(coach.id)).toEqual(before);
});

test("a refused schedule says what is wrong (400), shows the form as typed and changes nothing", async () => {
  const coach = await createSignedInCoach();
  const before = await schedule(coach.id);
  const cases: [Record<string, string>, string][] = [
    [{ "d1-0-start": "12:00", "d1-0-end": "09:00" }, "Monday"],
    [{ "d1-1-start": "11:00" }, ""],
    [{ "d1-0-start": "25:00" }, ""],
    [{ timeZone: "Europe/London" }, "Please choose an Australian time zone"],
    [{ state: "XYZ" }, "Please choose a state or territory"],
    [{ bufferMinutes: "-5" }, "The buffer can't be negative"],
    [{ dailyMax: "0" }, "Allow at least 1 booking a day"],
    [{ displayName: "" }, "Please enter the name clients see"],
  ];
  for (const [fields, message] of cases) {
    const response = await fetchApp("/coach/availability", { cookie: coach.cookie, form: scheduleForm(fields) });
    expect(response.status, JSON.stringify(fields)).toBe(400);
    const html = await pageText(response);
    expect(html).toContain("Please check the highlighted fields and try again.");
    if (message) expect(html).toContain(message);
    expect(html).toContain('aria-invalid="true"');
  }
  expect(await schedule(coach.id)).toEqual(before);
});

test("date overrides: a day with other hours or unavailable all day, listed, removable; bad dates refused", async () => {
  const coach = await createSignedInCoach();
  const day = daysFromNow(10).slice(0, 10);
  const dayOff = daysFromNow(11).slice(0, 10);
  expectRedirect(
    await fetchApp("/coach/availability", {
      cookie: coach.cookie,
      form: { intent: "add-override", date: day, "override-0-start": "10:00", "override-0-end": "14:00" },
    }),
    "/coach/availability",
  );
  expectRedirect(
    await fetchApp("/coach/availability", { cookie: coach.cookie, form: { intent: "add-override", date: dayOff, allDay: "on" } }),
    "/coach/availability",
  );
  const rows = await env.DB.prepare("SELECT date, intervals FROM coach_date_overrides WHERE coach_id = ? ORDER BY date").bind(coach.id).all();
  expect(rows.results).toEqual([
    { date: day, intervals: JSON.stringify([["10:00", "14:00"]]) },
    { date: dayOff, intervals: "[]" },
  ]);
  const html = await pageText(await fetchApp("/coach/availability", { cookie: coach.cookie }));
  expect(html).toContain(`${formatSlotDate(`${day}T12:00:00.000Z`, "UTC")}</strong>: 10:00–14:00`);
  expect(html).toContain(`${formatSlotDate(`${dayOff}T12:00:00.000Z`, "UTC")}</strong>: unavailable all day`);

  for (const fields of [
    { intent: "add-override", date: "2027-02-30", allDay: "on" },
    { intent: "add-override", date: "not a date", allDay: "on" },
    { intent: "add-override", date: day },
    { intent: "add-override", date: day, "override-0-start": "15:00", "override-0-end": "11:00" },
    { intent: "add-override", date: "2020-01-01", allDay: "on" },
  ] as Record<string, string>[]) {
    const response = await fetchApp("/coach/availability", { cookie: coach.cookie, form: fields });
    expect(response.status, JSON.stringify(fields)).toBe(400);
  }
  expectRedirect(await fetchApp("/coach/availability", { cookie: coach.cookie, form: { intent: "remove-override", date: dayOff } }), "/coach/availability");
  expect((await fetchApp("/coach/availability", { cookie: coach.cookie, form: { intent: "remove-override", date: dayOff } })).status).toBe(404);
  const left = await env.DB.prepare("SELECT date FROM coach_date_overrides WHERE coach_id = ?").bind(coach.id).all();
  expect(left.results).toEqual([{ date: day }]);
});

test("time off is entered on the coach's own clock and stored in UTC; another coach's time off can't be removed", async () => {
  const coach = await createSignedInCoach({ timeZone: "Australia/Perth", state: "WA" });
  // 9 am in Perth (UTC+8, no daylight saving) is 01:00 UTC.
  expectRedirect(
    await fetchApp("/coach/availability", {
      cookie: coach.cookie,
      form: { intent: "add-time-off", from: "2027-02-01T09:00", to: "2027-02-05T17:30", note: "Family holiday" },
    }),
    "/coach/availability",
  );
  const row = await env.DB.prepare("SELECT id, starts_at, ends_at, note FROM coach_time_off WHERE coach_id = ?")
    .bind(coach.id)
    .first<{ id: string; starts_at: string; ends_at: string; note: string }>();
  expect(row).toMatchObject({ starts_at: "2027-02-01T01:00:00.000Z", ends_at: "2027-02-05T09:30:00.000Z", note: "Family holiday" });
  const html = await pageText(await fetchApp("/coach/availability", { cookie: coach.cookie }));
  expect(html).toContain("Monday 1 February 2027, 9:00 am AWST to Friday 5 February 2027, 5:30 pm AWST");

  for (const fields of [
    { from: "2027-02-05T09:00", to: "2027-02-01T09:00" },
    { from: "", to: "2027-02-01T09:00" },
    { from: "2027-02-31T09:00", to: "2027-03-02T09:00" },
    { from: "2020-01-01T09:00", to: "2020-01-02T09:00" },
  ]) {
    const response = await fetchApp("/coach/availability", { cookie: coach.cookie, form: { intent: "add-time-off", ...fields } });
    expect(response.status, JSON.stringify(fields)).toBe(400);
  }

  const other = await createSignedInCoach();
  const refused = await fetchApp("/coach/availability", { cookie: other.cookie, form: { intent: "remove-time-off", id: row!.id } });
  expect(refused.status).toBe(404);
  expect(await env.DB.prepare("SELECT count(*) AS n FROM coach_time_off WHERE coach_id = ?").bind(coach.id).first("n")).toBe(1);
  expectRedirect(await fetchApp("/coach/availability", { cookie: coach.cookie, form: { intent: "remove-time-off", id: row!.id } }), "/coach/availability");
  expect(await env.DB.prepare("SELECT count(*) AS n FROM coach_time_off WHERE coach_id = ?").bind(coach.id).first("n")).toBe(0);
});

test("the editor previews the next offered times and the coming public holidays of the coach's state", async () => {
  const coach = await createSignedInCoach({ timeZone: "Australia/Brisbane", state: "QLD", bufferMinutes: 0 });
  const html = await pageText(await fetchApp("/coach/availability", { cookie: coach.cookie }));
  const preview = html.split('class="availability-preview"')[1]?.split("</ul>")[0] ?? "";
  const times = [...preview.matchAll(/dateTime="([^"]+)"/g)].map((m) => m[1]!);
  expect(times.length).toBeGreaterThan(0);
  for (const time of times) {
    expect(Date.parse(time)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(preview).toContain("AEST");
  }
  const today = new Date().toISOString().slice(0, 10);
  const year = Number(today.slice(0, 4));
  const next = publicHolidays("QLD", year, year + 1).find((date) => date >= today)!;
  expect(html).toContain(`dateTime="${next}"`);
  expect(html).toContain(formatSlotDate(`${next}T12:00:00.000Z`, "UTC"));
});

test("a coach without a schedule sets one up from the editor", async () => {
  const coach = await createSignedInUser({ roles: ["coach"] });
  const page = await pageText(await fetchApp("/coach/availability", { cookie: coach.cookie }));
  expect(page).toContain("You haven't set your availability yet.");
  expectRedirect(await fetchApp("/coach/availability", { cookie: coach.cookie, form: scheduleForm({ displayName: "Avery Quinn" }) }), "/coach/availability");
  expect(await schedule(coach.id)).toMatchObject({ display_name: "Avery Quinn", slug: "avery-quinn", time_zone: "Australia/Perth" });
});

test("the coach portal's sessions list the coach's upcoming sessions with the client, the type and the time on the coach's clock", async () => {
  const coach = await createSignedInCoach({ timeZone: "Australia/Adelaide", state: "SA" });
  const startsAt = daysFromNow(6, 1);
  await createBooking({ coachId: coach.id, startsAt, name: "Priya Natarajan", typeId: "session-90" });
  await createBooking({ coachId: coach.id, startsAt: daysFromNow(7, 1), name: "Cancelled Client", status: "cancelled" });
  const other = await createSignedInCoach();
  await createBooking({ coachId: other.id, startsAt, name: "Someone Else's Client" });
  const html = await pageText(await fetchApp("/coach/sessions", { cookie: coach.cookie }));
  expect(html).toMatch(/90-minute [^<]* with <a [^>]*>Priya Natarajan</);
  // 01:00 UTC is 10:30 am ACST or 11:30 am ACDT, on the coach's clock.
  expect(html).toContain(formatDateTime(startsAt, "Australia/Adelaide"));
  expect(formatDateTime(startsAt, "Australia/Adelaide")).toMatch(/, (10|11):30 am AC[DS]T$/);
  // A cancelled session stays in the list, marked as cancelled, with no room or notes to open.
  expect(html).toMatch(/data-status="cancelled">Cancelled<\/span>[\s\S]*Cancelled Client/);
  expect(html).not.toContain("Someone Else's Client");
  expect(html).toContain('href="/coach/availability"');
});
