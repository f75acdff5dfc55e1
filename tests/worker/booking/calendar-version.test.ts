import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { readCalendarVersion } from "~/platform/calendar-version.server";
import { createDb } from "~/db/client.server";
import { createBooking, daysFromNow } from "../../factories/bookings";
import { createCoach } from "../../factories/coaches";

// The calendar version (migration 0018) moves with every write that can change which times are
// offered, made by any code, and stays put for writes that cannot.

const db = () => createDb(env.DB);

async function changes(write: () => Promise<unknown>): Promise<boolean> {
  const before = await readCalendarVersion(db());
  await write();
  return (await readCalendarVersion(db())) !== before;
}

const run =
  (query: string, ...binds: unknown[]) =>
  () =>
    env.DB.prepare(query)
      .bind(...binds)
      .run();

test("bookings and holds, schedules, date overrides, time off, the coach role, booking types and coaches' onboarding and public profiles move the calendar version", async () => {
  const coach = await createCoach();
  const starts = daysFromNow(20, 1);
  const booking = await createBooking({ coachId: coach.id, startsAt: starts, status: "held" });

  const writes: [string, () => Promise<unknown>][] = [
    ["a booking", () => createBooking({ coachId: coach.id, startsAt: daysFromNow(21, 1), status: "held" })],
    ["a hold confirmed", run("UPDATE bookings SET status = 'confirmed', hold_expires_at = NULL WHERE id = ?", booking.id)],
    ["a booking moved", run("UPDATE bookings SET starts_at = ?, ends_at = ? WHERE id = ?", daysFromNow(22, 1), daysFromNow(22, 2), booking.id)],
    ["a booking cancelled", run("UPDATE bookings SET status = 'cancelled' WHERE id = ?", booking.id)],
    ["a booking deleted", run("DELETE FROM bookings WHERE id = ?", booking.id)],
    ["weekly hours", run("UPDATE coach_schedules SET weekly_hours = ? WHERE coach_id = ?", JSON.stringify({ "1": [["10:00", "12:00"]] }), coach.id)],
    ["no longer taking bookings", run("UPDATE coach_schedules SET accepting_bookings = 0 WHERE coach_id = ?", coach.id)],
    ["a date override", run("INSERT INTO coach_date_overrides (coach_id, date, intervals) VALUES (?, '2031-01-02', '[]')", coach.id)],
    ["a date override removed", run("DELETE FROM coach_date_overrides WHERE coach_id = ? AND date = '2031-01-02'", coach.id)],
    [
      "time off",
      run("INSERT INTO coach_time_off (id, coach_id, starts_at, ends_at) VALUES (?, ?, ?, ?)", `off-${coach.id}`, coach.id, starts, daysFromNow(20, 5)),
    ],
    ["time off removed", run("DELETE FROM coach_time_off WHERE id = ?", `off-${coach.id}`)],
    ["the coach role removed", run("DELETE FROM user_roles WHERE user_id = ? AND role = 'coach'", coach.id)],
    ["the coach role given", run("INSERT INTO user_roles (user_id, role) VALUES (?, 'coach')", coach.id)],
    ["a booking type's notice", run("UPDATE booking_types SET min_notice_minutes = min_notice_minutes WHERE id = 'discovery'")],
    ["onboarding reopened", run("UPDATE coach_profiles SET onboarding_completed_at = NULL WHERE coach_id = ?", coach.id)],
    ["onboarding completed", run("UPDATE coach_profiles SET onboarding_completed_at = ? WHERE coach_id = ?", new Date().toISOString(), coach.id)],
    ["a new photo", run("UPDATE coach_profiles SET photo_key = 'coach-photos/x', photo_updated_at = ? WHERE coach_id = ?", new Date().toISOString(), coach.id)],
    ["a bio", run("UPDATE coach_profiles SET bio = 'Coaching trades businesses on pricing and cash flow.' WHERE coach_id = ?", coach.id)],
  ];
  for (const [what, write] of writes) expect(await changes(write), what).toBe(true);
});

test("writes that cannot move a time leave the calendar version alone", async () => {
  const coach = await createCoach();
  const booking = await createBooking({ coachId: coach.id, startsAt: daysFromNow(23, 1), status: "held" });
  const writes: [string, () => Promise<unknown>][] = [
    ["a booking's notes", run("UPDATE bookings SET notes = 'Bring the cash flow forecast' WHERE id = ?", booking.id)],
    ["a booking's calendar sequence", run("UPDATE bookings SET sequence = sequence + 1 WHERE id = ?", booking.id)],
    ["another role", run("INSERT INTO user_roles (user_id, role) VALUES (?, 'client')", coach.id)],
    ["a package", run("UPDATE booking_packages SET sort_order = sort_order WHERE id = 'package-4'")],
    ["a portal visit", run("UPDATE coach_profiles SET portal_last_visit_at = ? WHERE coach_id = ?", new Date().toISOString(), coach.id)],
    ["tax details", run("UPDATE coach_profiles SET abn_confirmed_at = ?, legal_name = 'Quinn Pty Ltd' WHERE coach_id = ?", new Date().toISOString(), coach.id)],
  ];
  for (const [what, write] of writes) expect(await changes(write), what).toBe(false);
});
