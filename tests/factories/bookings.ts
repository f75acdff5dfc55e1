import { env } from "cloudflare:workers";
import type { BookingRow } from "~/booking/payments.server";
import type { BookingDetails } from "~/booking/schemas";
import { uniqueEmail } from "./users";

// Bookings, package purchases, payments and refunds, written straight into D1 so each test sets
// times and states exactly. Ids, references and invoice numbers are new on every call.

export const HOUR_MS = 3_600_000;
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

/** A UTC instant `days` from now at `hourUtc`:00. */
export function daysFromNow(days: number, hourUtc = 0): string {
  const date = new Date(Date.now() + days * DAY_MS);
  date.setUTCHours(hourUtc, 0, 0, 0);
  return date.toISOString();
}

/** A booker's details as the booking domain takes them (a new address each call). */
export function bookingDetails(overrides: Partial<BookingDetails> = {}): BookingDetails {
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

/** The fields of the booking page's details form, as a visitor fills them in (discovery call, any coach, Sydney time). */
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

const TYPES = { discovery: { minutes: 20, cents: 0 }, "session-60": { minutes: 60, cents: 15_000 }, "session-90": { minutes: 90, cents: 22_500 } };

export type BookingOptions = {
  coachId: string;
  clientId?: string | null;
  email?: string;
  name?: string;
  /** 20 days from now at 00:00 UTC unless given. */
  startsAt?: string;
  status?: BookingRow["status"];
  /** A held booking's hold lasts 10 minutes from now unless given; other states have none. */
  holdExpiresAt?: string | null;
  typeId?: keyof typeof TYPES;
  /** "free" for a discovery call, "card" for a session, unless given. */
  paymentMethod?: "free" | "card" | "credit";
  clientTimeZone?: string;
};

/** A booking (confirmed, a 60-minute session paid by card, unless told otherwise); answers it as the booking domain reads it. */
export async function createBooking(options: BookingOptions): Promise<BookingRow> {
  const id = crypto.randomUUID();
  const typeId = options.typeId ?? "session-60";
  const type = TYPES[typeId];
  const startsAt = options.startsAt ?? daysFromNow(20);
  const status = options.status ?? "confirmed";
  const paymentMethod = options.paymentMethod ?? (typeId === "discovery" ? "free" : "card");
  const holdExpiresAt =
    options.holdExpiresAt !== undefined ? options.holdExpiresAt : status === "held" ? new Date(Date.now() + 10 * 60_000).toISOString() : null;
  await env.DB.prepare(
    `INSERT INTO bookings (id, reference, coach_id, client_id, booking_type_id, starts_at, ends_at, status, hold_expires_at, name, email, client_time_zone, payment_method, price_cents)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      `CA-${id.slice(0, 6).toUpperCase()}`,
      options.coachId,
      options.clientId ?? null,
      typeId,
      startsAt,
      new Date(Date.parse(startsAt) + type.minutes * 60_000).toISOString(),
      status,
      holdExpiresAt,
      options.name ?? "Jordan Client",
      options.email ?? `client.${id.slice(0, 8)}@example.com.au`,
      options.clientTimeZone ?? "Australia/Sydney",
      paymentMethod,
      paymentMethod === "card" ? type.cents : 0,
    )
    .run();
  return (await bookingRow(id))!;
}

/** A booking as the booking domain reads it (camelCase), or null. */
export async function bookingRow(id: string): Promise<BookingRow | null> {
  const row = await storedBooking(id);
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

/** A booking's row as D1 stores it (column names), or null. */
export async function storedBooking(id: string) {
  return env.DB.prepare("SELECT * FROM bookings WHERE id = ?").bind(id).first<Record<string, unknown>>();
}

/** The bookings made with an address, oldest first, as D1 stores them. */
export async function bookingsByEmail(email: string) {
  return (await env.DB.prepare("SELECT * FROM bookings WHERE email = ? ORDER BY created_at").bind(email).all<Record<string, unknown>>()).results;
}

/** A paid package purchase with `credits` left, lapsing on `expiresAt` (a year after `paidAt` unless given). */
export async function createPurchase(
  userId: string,
  credits: number,
  { paidAt = new Date().toISOString(), expiresAt, durationMinutes = 60 }: { paidAt?: string; expiresAt?: string; durationMinutes?: number } = {},
) {
  const id = crypto.randomUUID();
  const aYearOn = new Date(paidAt);
  aYearOn.setUTCFullYear(aYearOn.getUTCFullYear() + 1);
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO package_purchases (id, user_id, package_id, sessions, duration_minutes, price_cents, status, paid_at, expires_at)
       VALUES (?, ?, 'package-4', ?, ?, 56000, 'paid', ?, ?)`,
    ).bind(id, userId, credits, durationMinutes, paidAt, expiresAt ?? aYearOn.toISOString()),
    env.DB.prepare("INSERT INTO credit_ledger (id, purchase_id, user_id, delta, reason) VALUES (?, ?, ?, ?, 'purchase')").bind(
      crypto.randomUUID(),
      id,
      userId,
      credits,
    ),
  ]);
  return id;
}

/** The credits a purchase has left. */
export async function ledgerBalance(purchaseId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COALESCE(SUM(delta), 0) AS balance FROM credit_ledger WHERE purchase_id = ?")
    .bind(purchaseId)
    .first<{ balance: number }>();
  return row!.balance;
}

let serial = 0;

/** A card payment for a booking, paid a day ago, with its tax invoice number (as the webhook records it). */
export async function createPayment(options: { userId: string | null; bookingId: string | null; email: string; amountCents?: number; paymentIntent?: string }) {
  const id = crypto.randomUUID();
  const amountCents = options.amountCents ?? 15_000;
  // Numbers of their own series, so they never meet the ones the webhook hands out.
  const number = `INV-T${id.slice(0, 4).toUpperCase()}${++serial}`;
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
export async function createRefund(paymentId: string, amountCents = 15_000) {
  const id = crypto.randomUUID();
  const number = `CN-T${id.slice(0, 4).toUpperCase()}${++serial}`;
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO payment_refunds (id, payment_id, credit_note_number, amount_cents, gst_cents, reason) VALUES (?, ?, ?, ?, ?, 'Booking cancelled')",
    ).bind(id, paymentId, number, amountCents, Math.round(amountCents / 11)),
    env.DB.prepare("UPDATE booking_payments SET refunded_cents = refunded_cents + ?, status = 'refunded' WHERE id = ?").bind(amountCents, paymentId),
  ]);
  return { id, number };
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

/** The payments recorded for a Checkout Session. */
export async function paymentsForSession(sessionId: string) {
  return (await env.DB.prepare("SELECT * FROM booking_payments WHERE stripe_checkout_session_id = ?").bind(sessionId).all<PaymentDbRow>()).results;
}

/** A payment's refunds, by credit note number. */
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

/** The conversion recorded under a dedupe key (a paid booking's purchase, say), or null. */
export async function conversion(dedupeKey: string) {
  return env.DB.prepare("SELECT type, value_cents, label, user_id FROM conversions WHERE dedupe_key = ?")
    .bind(dedupeKey)
    .first<{ type: string; value_cents: number; label: string | null; user_id: string | null }>();
}
