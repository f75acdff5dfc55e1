import { env } from "cloudflare:workers";
import type { WeeklyHours } from "~/booking/slots";
import { availableSlots } from "~/booking/slots.server";
import { COACH_AGREEMENT_VERSION } from "~/coach-network/agreements";
import { createDb } from "~/db/client.server";
import { ensureCatalogue } from "./bookings";
import { type TestUser, createUser, uniqueEmail, webSession } from "./users";

// Coaches with a schedule of their own: each call makes a new coach with an empty calendar, so
// tests sharing a file's storage never meet each other's bookings.

/** Monday to Friday, 9 am to 5 pm in the coach's time zone. */
export const WEEKDAYS_9_TO_5: WeeklyHours = {
  "0": [],
  "1": [["09:00", "17:00"]],
  "2": [["09:00", "17:00"]],
  "3": [["09:00", "17:00"]],
  "4": [["09:00", "17:00"]],
  "5": [["09:00", "17:00"]],
  "6": [],
};

/**
 * Open around the clock with no buffer and 60 sessions a day, public holidays included: a test
 * finds free times whatever the day and hour it runs.
 */
export const ALWAYS_OPEN = {
  weeklyHours: Object.fromEntries(["0", "1", "2", "3", "4", "5", "6"].map((day) => [day, [["00:00", "24:00"]]])) as WeeklyHours,
  bufferMinutes: 0,
  dailyMax: 60,
  observeHolidays: false,
} satisfies CoachOptions;

export type CoachOptions = {
  name?: string;
  headline?: string;
  timeZone?: string;
  state?: string;
  weeklyHours?: WeeklyHours;
  bufferMinutes?: number;
  dailyMax?: number;
  horizonDays?: number;
  observeHolidays?: boolean;
  /** A completed profile and onboarding (photo, bio, specialties, industries, agreement, ABN): true unless told. */
  onboarded?: boolean;
  bio?: string;
  specialties?: string[];
  industries?: string[];
  gstRegistered?: boolean;
};

/** A 1 × 1 PNG: the photo a factory coach uploads. */
export const TINY_PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="), (c) =>
  c.charCodeAt(0),
);
/** A valid ABN (the Australian Taxation Office's). */
export const TEST_ABN = "51824753556";

export type TestCoach = TestUser & { slug: string; name: string; timeZone: string };

/**
 * A user with the coach role and a schedule (coach_schedules): weekdays 9 to 5 in Sydney, with the
 * schedule's own defaults (15-minute buffer, 6 a day, 60 days ahead, NSW holidays off) unless told.
 * The booking types and packages it offers are in place. Unless `onboarded: false`, the coach has a
 * completed profile (photo, bio, specialties, industries, agreement, confirmed ABN) and is onboarded,
 * so bookable; with `onboarded: false` the profile row is empty, as for a newly approved coach.
 */
export async function createCoach(options: CoachOptions = {}): Promise<TestCoach> {
  await ensureCatalogue();
  const user = await createUser({ email: uniqueEmail("coach"), roles: ["coach"] });
  const slug = `coach-${user.id.slice(0, 8)}`;
  const name = options.name ?? `Coach ${user.id.slice(0, 4)}`;
  const timeZone = options.timeZone ?? "Australia/Sydney";
  await env.DB.prepare(
    `INSERT INTO coach_schedules (coach_id, slug, display_name, headline, time_zone, state, weekly_hours, buffer_minutes, daily_max, horizon_days, observe_holidays)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      user.id,
      slug,
      name,
      options.headline ?? "",
      timeZone,
      options.state ?? "NSW",
      JSON.stringify(options.weeklyHours ?? WEEKDAYS_9_TO_5),
      options.bufferMinutes ?? 15,
      options.dailyMax ?? 6,
      options.horizonDays ?? 60,
      options.observeHolidays === false ? 0 : 1,
    )
    .run();
  if (options.onboarded === false) {
    await env.DB.prepare("INSERT INTO coach_profiles (coach_id) VALUES (?)").bind(user.id).run();
  } else {
    const photoKey = `coach-photos/${user.id}/factory`;
    await env.UPLOADS.put(photoKey, TINY_PNG, { httpMetadata: { contentType: "image/png" } });
    const at = new Date().toISOString();
    const gst = options.gstRegistered ? 1 : 0;
    await env.DB.prepare(
      `INSERT INTO coach_profiles (coach_id, legal_name, bio, specialties, industries, photo_key, photo_updated_at, abn, gst_registered, abn_confirmed_at,
         agreement_version, agreement_accepted_at, rcti_agreement_accepted_at, rcti_agreement_expires_at, onboarding_completed_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
      .bind(
        user.id,
        `${name} Consulting Pty Ltd`,
        options.bio ?? `${name} coaches owners of small and medium businesses through planning, pricing and the systems that let a business run without them.`,
        JSON.stringify(options.specialties ?? ["strategic-planning"]),
        JSON.stringify(options.industries ?? ["Professional services"]),
        photoKey,
        at,
        TEST_ABN,
        gst,
        at,
        COACH_AGREEMENT_VERSION,
        at,
        gst ? at : null,
        gst ? new Date(Date.now() + 365 * 86_400_000).toISOString() : null,
        at,
      )
      .run();
  }
  return { ...user, slug, name, timeZone };
}

/** A coach (see createCoach) signed in on the website: `cookie` is the session cookie. */
export async function createSignedInCoach(options: CoachOptions = {}) {
  const coach = await createCoach(options);
  return { ...coach, cookie: await webSession(coach) };
}

/** The coach's free times for a booking type over the next few days, earliest first, as the booking pages offer them. */
export async function freeTimes(coach: { slug: string }, typeId = "discovery", days = 5) {
  const now = new Date();
  return availableSlots(createDb(env.DB), { typeId, coach: coach.slug, from: now, to: new Date(now.getTime() + days * 86_400_000), now });
}
