import { env } from "cloudflare:workers";
import { availableSlots } from "~/booking/slots.server";
import { createDb } from "~/db/client.server";
import { createConfirmedUser } from "../auth-helpers";
import { ensureCatalogue } from "../booking-payments/helpers";

// The booking pages' tests: coaches with calendars open around the clock (so every test finds free
// times whatever the day), made straight in D1, and their free times read from the domain.

const ROUND_THE_CLOCK = JSON.stringify(Object.fromEntries(["0", "1", "2", "3", "4", "5", "6"].map((day) => [day, [["00:00", "24:00"]]])));

export type TestCoach = { id: string; slug: string; name: string; timeZone: string };

export async function createCoach({ name = "Jordan Blake", timeZone = "Australia/Sydney", state = "NSW" } = {}): Promise<TestCoach> {
  await ensureCatalogue();
  const user = await createConfirmedUser({ roles: ["coach"] });
  const slug = `coach-${user.id.slice(0, 8)}`;
  await env.DB.prepare(
    `INSERT INTO coach_schedules (coach_id, slug, display_name, headline, time_zone, state, weekly_hours, buffer_minutes, daily_max, observe_holidays)
     VALUES (?, ?, ?, 'Cash flow and pricing for trades businesses', ?, ?, ?, 0, 60, 0)`,
  )
    .bind(user.id, slug, name, timeZone, state, ROUND_THE_CLOCK)
    .run();
  return { id: user.id, slug, name, timeZone };
}

/** The coach's free times for a booking type over the next few days, earliest first. */
export async function freeTimes(coach: TestCoach, typeId = "discovery", days = 5) {
  const now = new Date();
  return availableSlots(createDb(env.DB), { typeId, coach: coach.slug, from: now, to: new Date(now.getTime() + days * 86_400_000), now });
}

export async function bookingsByEmail(email: string) {
  return (await env.DB.prepare("SELECT * FROM bookings WHERE email = ? ORDER BY created_at").bind(email).all<Record<string, unknown>>()).results;
}

export function bookingFields(overrides: Record<string, string>) {
  return {
    intent: "book",
    type: "discovery",
    coach: "any",
    tz: "Australia/Sydney",
    name: "Robin Ellis",
    company: "Ellis Electrical",
    phone: "0412 345 678",
    businessType: "Trades and construction",
    notes: "Cash flow between jobs",
    ...overrides,
  };
}

/** "/booking-confirmation?booking=…" → its path and booking id. */
export function confirmationParts(location: string | null) {
  const url = new URL(location ?? "", "http://localhost");
  return { path: url.pathname, bookingId: url.searchParams.get("booking") ?? "" };
}
