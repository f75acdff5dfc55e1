import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { BookingDetails } from "~/booking/schemas";
import type { WeeklyHours } from "~/booking/slots";
import type { AppContext } from "~/context.server";
import { createAppContext } from "~/create-context.server";
import { fixedClock } from "~/platform/clock";
import { createConfirmedUser, uniqueEmail } from "../auth-helpers";

// Builders for the booking tests. Each coach is new (its own calendar), so tests sharing the
// file's storage never see each other's bookings.

/** Monday 1 March 2027, 11:00 AEDT: the tests' "now". */
export const NOW = new Date("2027-03-01T00:00:00.000Z");

/** Sydney wall-clock time on a day of March 2027 (AEDT, UTC+11) as a UTC ISO instant. */
export function sydney(day: number, time: string): string {
  const [hours, minutes] = time.split(":").map(Number);
  return new Date(Date.UTC(2027, 2, day, hours! - 11, minutes!)).toISOString();
}

const WORKDAY: WeeklyHours = {
  "0": [],
  "1": [["09:00", "17:00"]],
  "2": [["09:00", "17:00"]],
  "3": [["09:00", "17:00"]],
  "4": [["09:00", "17:00"]],
  "5": [["09:00", "17:00"]],
  "6": [],
};

export async function createCoach(
  options: Partial<{
    timeZone: string;
    state: string;
    weeklyHours: WeeklyHours;
    bufferMinutes: number;
    dailyMax: number;
    horizonDays: number;
    name: string;
  }> = {},
) {
  const user = await createConfirmedUser({ email: uniqueEmail("coach"), roles: ["coach"] });
  const slug = `coach-${user.id.slice(0, 8)}`;
  const name = options.name ?? `Coach ${user.id.slice(0, 4)}`;
  await env.DB.prepare(
    `INSERT INTO coach_schedules (coach_id, slug, display_name, headline, time_zone, state, weekly_hours, buffer_minutes, daily_max, horizon_days, observe_holidays)
     VALUES (?, ?, ?, '', ?, ?, ?, ?, ?, ?, 0)`,
  )
    .bind(
      user.id,
      slug,
      name,
      options.timeZone ?? "Australia/Sydney",
      options.state ?? "NSW",
      JSON.stringify(options.weeklyHours ?? WORKDAY),
      options.bufferMinutes ?? 15,
      options.dailyMax ?? 6,
      options.horizonDays ?? 60,
    )
    .run();
  return { ...user, slug, name };
}

export async function createClient() {
  return createConfirmedUser({ email: uniqueEmail("client"), roles: ["client"] });
}

/** A paid package purchase with `credits` left, lapsing a year after NOW. */
export async function createPurchase(userId: string, credits: number, options: { expiresAt?: string; durationMinutes?: number } = {}) {
  const id = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO package_purchases (id, user_id, package_id, sessions, duration_minutes, price_cents, status, paid_at, expires_at)
       VALUES (?, ?, 'package-4', ?, ?, 56000, 'paid', ?, ?)`,
    ).bind(id, userId, credits, options.durationMinutes ?? 60, NOW.toISOString(), options.expiresAt ?? "2028-03-01T00:00:00.000Z"),
    env.DB.prepare("INSERT INTO credit_ledger (id, purchase_id, user_id, delta, reason) VALUES (?, ?, ?, ?, 'purchase')").bind(
      crypto.randomUUID(),
      id,
      userId,
      credits,
    ),
  ]);
  return id;
}

export async function ledgerBalance(purchaseId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COALESCE(SUM(delta), 0) AS balance FROM credit_ledger WHERE purchase_id = ?")
    .bind(purchaseId)
    .first<{ balance: number }>();
  return row!.balance;
}

/** The booking domain's context at a fixed time, as a request would build it. */
export function bookingContext(now: Date = NOW, bindings: Env = env): AppContext {
  return createAppContext(bindings, { request: new Request("http://localhost/booking"), executionContext: createExecutionContext(), clock: fixedClock(now) });
}

export function details(overrides: Partial<BookingDetails> = {}): BookingDetails {
  return {
    name: "Alex Nguyen",
    email: uniqueEmail("booker"),
    company: "Nguyen Plumbing",
    phone: "0412 345 678",
    businessType: undefined,
    notes: undefined,
    ...overrides,
  };
}

export async function bookingRow(id: string) {
  return env.DB.prepare("SELECT * FROM bookings WHERE id = ?").bind(id).first<Record<string, unknown>>();
}

export async function occupyingAt(coachId: string, startsAt: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM bookings WHERE coach_id = ? AND starts_at = ? AND status IN ('confirmed', 'held')")
    .bind(coachId, startsAt)
    .first<{ n: number }>();
  return row!.n;
}
