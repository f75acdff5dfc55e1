import { env } from "cloudflare:workers";
import { inject } from "vitest";
import type { BookingRow } from "~/booking/payments.server";
import { FAKE_STRIPE_SECRET_KEY } from "../../fakes/stripe-server";
import { createConfirmedUser } from "../auth-helpers";
import type { FakeEvent } from "../billing/helpers";

// Booking payments: coaches, held bookings and the catalogue rows the payments read, written
// straight to D1 so each test controls times and states exactly.

const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The seeded booking types and packages (inserted here only where missing). */
export async function ensureCatalogue() {
  await env.DB.batch([
    env.DB.prepare(
      `INSERT OR IGNORE INTO booking_types (id, kind, name, description, duration_minutes, price_cents, min_notice_minutes, sort_order) VALUES
       ('discovery', 'discovery', 'Free 20-minute discovery call', 'A first conversation.', 20, 0, 720, 0),
       ('session-60', 'session', '60-minute virtual session', 'One hour with your coach.', 60, 15000, 1440, 1),
       ('session-90', 'session', '90-minute virtual session', 'Ninety minutes with your coach.', 90, 22500, 1440, 2)`,
    ),
    env.DB.prepare(
      `INSERT OR IGNORE INTO booking_packages (id, name, description, sessions, duration_minutes, price_cents, validity_months, sort_order) VALUES
       ('package-4', '4-session package', 'Four 60-minute sessions.', 4, 60, 56000, 12, 0),
       ('package-10', '10-session package', 'Ten 60-minute sessions.', 10, 60, 130000, 12, 1)`,
    ),
  ]);
}

const WEEKDAYS = JSON.stringify({
  "0": [],
  "1": [["09:00", "17:00"]],
  "2": [["09:00", "17:00"]],
  "3": [["09:00", "17:00"]],
  "4": [["09:00", "17:00"]],
  "5": [["09:00", "17:00"]],
  "6": [],
});

/** A coach taking bookings in Sydney, with a fresh calendar. */
export async function createCoach(displayName = "Sam Lee") {
  await ensureCatalogue();
  const coach = await createConfirmedUser({ roles: ["coach"] });
  await env.DB.prepare(
    "INSERT INTO coach_schedules (coach_id, slug, display_name, time_zone, state, weekly_hours, buffer_minutes, daily_max) VALUES (?, ?, ?, 'Australia/Sydney', 'NSW', ?, 15, 6)",
  )
    .bind(coach.id, `coach-${coach.id.slice(0, 8)}`, displayName, WEEKDAYS)
    .run();
  return coach;
}

/** A UTC hour well inside the future (days from now), on the hour. */
export function futureStart(days = 20, hourUtc = 0): string {
  const date = new Date(Date.now() + days * DAY_MS);
  date.setUTCHours(hourUtc, 0, 0, 0);
  return date.toISOString();
}

type BookingOptions = {
  coachId: string;
  clientId?: string | null;
  email?: string;
  name?: string;
  startsAt?: string;
  status?: BookingRow["status"];
  holdExpiresAt?: string | null;
  typeId?: "session-60" | "session-90";
  paymentMethod?: "card" | "credit";
};

/** A paid-session booking: by default held for a card checkout for the next 10 minutes. */
export async function createBooking(options: BookingOptions): Promise<BookingRow> {
  const id = crypto.randomUUID();
  const startsAt = options.startsAt ?? futureStart();
  const minutes = options.typeId === "session-90" ? 90 : 60;
  const price = options.typeId === "session-90" ? 22_500 : 15_000;
  const endsAt = new Date(Date.parse(startsAt) + minutes * 60_000).toISOString();
  const status = options.status ?? "held";
  const holdExpiresAt =
    options.holdExpiresAt !== undefined ? options.holdExpiresAt : status === "held" ? new Date(Date.now() + 10 * 60_000).toISOString() : null;
  await env.DB.prepare(
    `INSERT INTO bookings (id, reference, coach_id, client_id, booking_type_id, starts_at, ends_at, status, hold_expires_at, name, email, client_time_zone, payment_method, price_cents)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'Australia/Sydney', ?, ?)`,
  )
    .bind(
      id,
      `CA-${id.slice(0, 6).toUpperCase()}`,
      options.coachId,
      options.clientId ?? null,
      options.typeId ?? "session-60",
      startsAt,
      endsAt,
      status,
      holdExpiresAt,
      options.name ?? "Jordan Client",
      options.email ?? `client.${id.slice(0, 8)}@example.com.au`,
      options.paymentMethod ?? "card",
      options.paymentMethod === "credit" ? 0 : price,
    )
    .run();
  return (await bookingRow(id))!;
}

export async function bookingRow(id: string): Promise<BookingRow | null> {
  const row = await env.DB.prepare("SELECT * FROM bookings WHERE id = ?").bind(id).first<Record<string, unknown>>();
  if (!row) return null;
  return {
    id: row.id,
    reference: row.reference,
    coachId: row.coach_id,
    clientId: row.client_id,
    bookingTypeId: row.booking_type_id,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    status: row.status,
    holdExpiresAt: row.hold_expires_at,
    name: row.name,
    email: row.email,
    company: row.company,
    phone: row.phone,
    businessType: row.business_type,
    notes: row.notes,
    clientTimeZone: row.client_time_zone,
    paymentMethod: row.payment_method,
    priceCents: row.price_cents,
    stripeCheckoutSessionId: row.stripe_checkout_session_id,
    sequence: row.sequence,
    cancelledAt: row.cancelled_at,
    cancelledBy: row.cancelled_by,
    cancelReason: row.cancel_reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  } as BookingRow;
}

export type PaymentDbRow = {
  id: string;
  user_id: string | null;
  booking_id: string | null;
  purchase_id: string | null;
  invoice_number: string;
  description: string;
  customer_name: string;
  customer_email: string;
  amount_cents: number;
  gst_cents: number;
  refunded_cents: number;
  status: string;
  stripe_checkout_session_id: string;
  stripe_payment_intent_id: string | null;
  paid_at: string;
};

export async function paymentsForSession(sessionId: string) {
  return (await env.DB.prepare("SELECT * FROM booking_payments WHERE stripe_checkout_session_id = ?").bind(sessionId).all<PaymentDbRow>()).results;
}

export async function refundsFor(paymentId: string) {
  return (
    await env.DB.prepare("SELECT * FROM payment_refunds WHERE payment_id = ? ORDER BY credit_note_number").bind(paymentId).all<{
      id: string;
      credit_note_number: string;
      amount_cents: number;
      gst_cents: number;
      reason: string;
      stripe_refund_id: string | null;
    }>()
  ).results;
}

export async function conversion(dedupeKey: string) {
  return env.DB.prepare("SELECT type, value_cents, label, user_id FROM conversions WHERE dedupe_key = ?")
    .bind(dedupeKey)
    .first<{ type: string; value_cents: number; label: string | null; user_id: string | null }>();
}

/** The events the fake Stripe raised about one object (a Checkout Session, or a PaymentIntent's charge). */
export async function eventsAbout(id: string): Promise<FakeEvent[]> {
  const response = await fetch(`${inject("fakeStripeUrl")}/_test/events?about=${encodeURIComponent(id)}`);
  return (await response.json()) as FakeEvent[];
}

/** Calls the fake Stripe API directly, as someone working in the Stripe dashboard would. */
export async function stripeApi(method: string, path: string, form: Record<string, string> = {}) {
  const response = await fetch(`${inject("fakeStripeUrl")}${path}`, {
    method,
    headers: { Authorization: `Bearer ${FAKE_STRIPE_SECRET_KEY}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: method === "GET" ? undefined : new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export const byType = (events: FakeEvent[], type: string) => {
  const found = events.find((e) => e.type === type);
  if (!found) throw new Error(`no ${type} event among ${events.map((e) => e.type).join(", ")}`);
  return found;
};

/** The same event as Stripe would send it for a later state of the object (a different event id). */
export function eventLike(type: string, object: Record<string, unknown>): FakeEvent {
  return { id: `evt_test_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`, type, data: { object } };
}
