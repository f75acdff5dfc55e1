import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { Role } from "~/db/schema";
import { fetchApp } from "../app";
import { createConfirmedUser, signInOnWeb } from "../auth-helpers";
import { ensureCatalogue } from "../booking-payments/helpers";
import { formPost } from "../factories";

// The signed-in booking screens, driven through the Worker as a browser would: coaches, clients and
// admins with web sessions, and bookings, payments and refunds written straight to D1 so each test
// controls times and states exactly.

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export type WebUser = { id: string; email: string; cookie: string };

export async function signedIn(roles: Role[] = [], email?: string): Promise<WebUser> {
  const user = await createConfirmedUser({ roles, email });
  return { id: user.id, email: user.email, cookie: await signInOnWeb(user) };
}

export function get(path: string, cookie?: string, bindings?: Env) {
  return fetchApp(new Request(`http://localhost${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} }), bindings);
}

export function post(path: string, cookie: string | undefined, fields: Record<string, string>, bindings?: Env) {
  return fetchApp(formPost(path, fields, cookie ? { Cookie: cookie } : {}), bindings);
}

const WEEKDAYS_9_TO_5 = {
  "0": [],
  "1": [["09:00", "17:00"]],
  "2": [["09:00", "17:00"]],
  "3": [["09:00", "17:00"]],
  "4": [["09:00", "17:00"]],
  "5": [["09:00", "17:00"]],
  "6": [],
};

/** A coach with a web session and a schedule (weekdays 9 to 5 unless told otherwise). */
export async function createCoachUser(
  options: { name?: string; timeZone?: string; state?: string; weeklyHours?: Record<string, string[][]>; bufferMinutes?: number } = {},
) {
  await ensureCatalogue();
  const coach = await signedIn(["coach"]);
  const slug = `portal-coach-${coach.id.slice(0, 8)}`;
  await env.DB.prepare(
    "INSERT INTO coach_schedules (coach_id, slug, display_name, time_zone, state, weekly_hours, buffer_minutes, daily_max, observe_holidays) VALUES (?, ?, ?, ?, ?, ?, ?, 6, 1)",
  )
    .bind(
      coach.id,
      slug,
      options.name ?? `Coach ${coach.id.slice(0, 6)}`,
      options.timeZone ?? "Australia/Sydney",
      options.state ?? "NSW",
      JSON.stringify(options.weeklyHours ?? WEEKDAYS_9_TO_5),
      options.bufferMinutes ?? 15,
    )
    .run();
  return { ...coach, slug, name: options.name ?? `Coach ${coach.id.slice(0, 6)}` };
}

type BookingOptions = {
  coachId: string;
  clientId?: string | null;
  email?: string;
  name?: string;
  startsAt: string;
  status?: "held" | "confirmed" | "cancelled" | "expired" | "completed" | "no_show";
  typeId?: "discovery" | "session-60" | "session-90";
  paymentMethod?: "free" | "card" | "credit";
  clientTimeZone?: string;
};

const TYPES = { discovery: { minutes: 20, cents: 0 }, "session-60": { minutes: 60, cents: 15_000 }, "session-90": { minutes: 90, cents: 22_500 } };

/** A booking straight into D1 (confirmed, a 60-minute session paid by card unless told otherwise). */
export async function insertBooking(options: BookingOptions) {
  const id = crypto.randomUUID();
  const typeId = options.typeId ?? "session-60";
  const type = TYPES[typeId];
  const paymentMethod = options.paymentMethod ?? (typeId === "discovery" ? "free" : "card");
  const endsAt = new Date(Date.parse(options.startsAt) + type.minutes * 60_000).toISOString();
  const booking = {
    id,
    reference: `CA-${id.slice(0, 6).toUpperCase()}`,
    startsAt: options.startsAt,
    endsAt,
    name: options.name ?? "Jordan Client",
    email: options.email ?? `client.${id.slice(0, 8)}@example.com.au`,
  };
  await env.DB.prepare(
    `INSERT INTO bookings (id, reference, coach_id, client_id, booking_type_id, starts_at, ends_at, status, name, email, client_time_zone, payment_method, price_cents)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      booking.reference,
      options.coachId,
      options.clientId ?? null,
      typeId,
      options.startsAt,
      endsAt,
      options.status ?? "confirmed",
      booking.name,
      booking.email,
      options.clientTimeZone ?? "Australia/Sydney",
      paymentMethod,
      paymentMethod === "card" ? type.cents : 0,
    )
    .run();
  return booking;
}

let invoiceSerial = 0;

/** A card payment for a booking, with its tax invoice number (as the webhook records it). */
export async function insertPayment(options: { userId: string | null; bookingId: string | null; email: string; amountCents?: number; paymentIntent?: string }) {
  const id = crypto.randomUUID();
  const amountCents = options.amountCents ?? 15_000;
  // Numbers of their own series, so they never meet the ones the webhook hands out.
  const number = `INV-T${id.slice(0, 4).toUpperCase()}${++invoiceSerial}`;
  await env.DB.prepare(
    `INSERT INTO booking_payments (id, user_id, booking_id, invoice_number, description, customer_name, customer_email, amount_cents, gst_cents, status, stripe_checkout_session_id, stripe_payment_intent_id, paid_at)
     VALUES (?, ?, ?, ?, '60-minute virtual session', 'Jordan Client', ?, ?, ?, 'paid', ?, ?, ?)`,
  )
    .bind(
      id,
      options.userId,
      options.bookingId,
      number,
      options.email,
      amountCents,
      Math.round(amountCents / 11),
      `cs_test_${id.replaceAll("-", "")}`,
      options.paymentIntent ?? null,
      new Date(Date.now() - DAY_MS).toISOString(),
    )
    .run();
  return { id, number };
}

/** A refund of a payment with its credit note. */
export async function insertRefund(paymentId: string, amountCents = 15_000) {
  const id = crypto.randomUUID();
  const number = `CN-T${id.slice(0, 4).toUpperCase()}${++invoiceSerial}`;
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO payment_refunds (id, payment_id, credit_note_number, amount_cents, gst_cents, reason) VALUES (?, ?, ?, ?, ?, 'Booking cancelled')",
    ).bind(id, paymentId, number, amountCents, Math.round(amountCents / 11)),
    env.DB.prepare("UPDATE booking_payments SET refunded_cents = refunded_cents + ?, status = 'refunded' WHERE id = ?").bind(amountCents, paymentId),
  ]);
  return { id, number };
}

export async function bookingState(id: string) {
  return env.DB.prepare("SELECT status, starts_at, sequence, cancel_reason FROM bookings WHERE id = ?")
    .bind(id)
    .first<{ status: string; starts_at: string; sequence: number; cancel_reason: string | null }>();
}

/** The audit entries about one booking (or payment, or request), oldest first. */
export async function auditAbout(targetId: string) {
  const { results } = await env.DB.prepare("SELECT action, actor_id, detail FROM audit_log WHERE target_id = ? ORDER BY created_at, id")
    .bind(targetId)
    .all<{ action: string; actor_id: string | null; detail: string }>();
  return results.map((row) => ({ action: row.action, actorId: row.actor_id, detail: JSON.parse(row.detail) as Record<string, unknown> }));
}

/** A redirect with a toast: the status and where it leads. */
export function expectRedirect(response: Response, location: string | RegExp) {
  expect(response.status, `redirect to ${location}`).toBeGreaterThanOrEqual(300);
  expect(response.status).toBeLessThan(400);
  const target = response.headers.get("Location") ?? "";
  if (typeof location === "string") expect(target).toBe(location);
  else expect(target).toMatch(location);
}

/** A UTC instant `days` from now at `hourUtc`:00. */
export function daysFromNow(days: number, hourUtc = 0): string {
  const date = new Date(Date.now() + days * DAY_MS);
  date.setUTCHours(hourUtc, 0, 0, 0);
  return date.toISOString();
}
