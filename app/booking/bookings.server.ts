import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { recordConversion, storeConversion, conversionOriginByKey } from "~/attribution/conversions.server";
import { diffFields } from "~/admin/audit.server";
import { audit, type AuditAction } from "~/auth/audit.server";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors.server";
import { bookingPayments, bookings, bookingTypes, coachSchedules } from "~/db/schema";
import { loadScheduleRules } from "./availability.server";
import { getBookingType, getCoachById, getCoachBySlug, listBookableCoaches, type BookableCoach, type BookingTypeRow } from "./catalogue.server";
import { canSpendCreditSql, creditReturnedFor, creditSpentOn, returnCreditSql, spendableCredits, spendCreditSql } from "./credits.server";
import { BookingError } from "./errors";
import { coachDayRefusal, holdAllowedSql, holderOf, holderRefusal, type Holder } from "./holds.server";
import { enqueueBookingNotice } from "./notices.server";
import { refundBookingPayment } from "./refunds.server";
import { canChangeFreely, CANCELLATION_NOTICE_HOURS, HOLD_MINUTES } from "./policy";
import { cancellationRefundable } from "./cancellation";
import { BookingDetailsSchema, type AdminBookingFilter, type BookingDetails } from "./schemas";
import { isSlotOffered, nearestSlots } from "./slots";
import { runInTransaction, wroteRow } from "./sql.server";
import { ISSUED_OUTCOME_MESSAGE, outcomeEarningsStatements, reverseEarlierRefunds, sessionLineIssued } from "~/coach-network/earnings.server";
import { recordClientActivity } from "~/leads/client-activity.server";
import { availableSlots, coachSlots, firstAvailable, loadBusy, localDayBounds, occupyingSql, withCoach, type SlotWithCoach } from "./slots.server";
import { normaliseZone } from "./time-zones";

// Bookings: made, paid, moved, cancelled and closed. A time can never be booked twice: every write
// that puts a booking on a coach's calendar is one conditional statement that checks, in the same
// statement, that nothing occupies the time (buffer included) and that the coach's local day is
// not full (docs/decisions/008-booking-without-double-booking.md). The slot check before it
// (slots.ts) is for a friendly answer; the conditional write is what guarantees it.

export type BookingRow = typeof bookings.$inferSelect;
export type { SlotWithCoach } from "./slots.server";

/** Who is acting: the client signed in, the coach or an admin, or whoever holds the signed manage link. */
/** Who changes a booking. A client is known by their account and, for bookings made before they had one, their address. */
export type BookingActor = { kind: "client" | "coach" | "admin" | "link"; userId: string | null; email?: string | null };

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// The conditional writes.

type Guard = { coachId: string; startsAt: string; endsAt: string; bufferMinutes: number; dailyMax: number; timeZone: string; now: Date; excludeId?: string };

/**
 * The condition that makes a write put a booking on the calendar only when the time is free:
 * no occupying booking of the coach overlaps it (widened by the buffer on both sides), and fewer
 * than the daily maximum start on the coach's local day.
 */
function calendarFreeSql(guard: Guard, selfColumn?: SQL): SQL {
  const buffer = guard.bufferMinutes * MINUTE_MS;
  const from = new Date(new Date(guard.startsAt).getTime() - buffer).toISOString();
  const to = new Date(new Date(guard.endsAt).getTime() + buffer).toISOString();
  const day = localDayBounds(guard.startsAt, guard.timeZone);
  const notSelf = selfColumn ? sql` AND b.id <> ${selfColumn}` : sql``;
  const overlap = sql`NOT EXISTS (SELECT 1 FROM bookings b WHERE b.coach_id = ${guard.coachId}${notSelf} AND ${occupyingSql(guard.now, "b")}
      AND b.starts_at < ${to} AND b.ends_at > ${from})`;
  if (guard.dailyMax <= 0) return overlap;
  return sql`${overlap} AND (SELECT count(*) FROM bookings b WHERE b.coach_id = ${guard.coachId}${notSelf} AND ${occupyingSql(guard.now, "b")}
      AND b.starts_at >= ${day.start} AND b.starts_at < ${day.end}) < ${guard.dailyMax}`;
}

type NewBooking = {
  id: string;
  reference: string;
  coachId: string;
  clientId: string | null;
  bookingTypeId: string;
  startsAt: string;
  endsAt: string;
  status: "held" | "confirmed";
  holdExpiresAt: string | null;
  holdSource: string | null;
  details: BookingDetails;
  clientTimeZone: string;
  paymentMethod: "free" | "card" | "credit";
  priceCents: number;
  now: Date;
};

function insertBookingSql(row: NewBooking, condition: SQL): SQL {
  const at = row.now.toISOString();
  const d = row.details;
  return sql`INSERT INTO bookings (id, reference, coach_id, client_id, booking_type_id, starts_at, ends_at, status, hold_expires_at, hold_source, name, email, company,
      phone, business_type, notes, client_time_zone, payment_method, price_cents, sequence, created_at, updated_at)
    SELECT ${row.id}, ${row.reference}, ${row.coachId}, ${row.clientId}, ${row.bookingTypeId}, ${row.startsAt}, ${row.endsAt}, ${row.status}, ${row.holdExpiresAt}, ${row.holdSource},
      ${d.name}, ${d.email}, ${d.company ?? null}, ${d.phone ?? null}, ${d.businessType ?? null}, ${d.notes ?? null}, ${row.clientTimeZone}, ${row.paymentMethod},
      ${row.priceCents}, 0, ${at}, ${at}
    WHERE ${condition}`;
}

const REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/** A short reference people can read out: CA-7Q3F2C. */
export function newReference(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `CA-${[...bytes].map((b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join("")}`;
}

// ---------------------------------------------------------------------------------------------
// Reads.

export async function getBooking(db: Db, id: string): Promise<BookingRow | null> {
  return (await db.select().from(bookings).where(eq(bookings.id, id)).get()) ?? null;
}

export type BookingListItem = BookingRow & {
  typeName: string;
  kind: "discovery" | "session";
  durationMinutes: number;
  coachName: string;
  coachSlug: string | null;
  coachTimeZone: string;
};

const listColumns = {
  booking: bookings,
  typeName: bookingTypes.name,
  kind: bookingTypes.kind,
  durationMinutes: bookingTypes.durationMinutes,
  coachName: coachSchedules.displayName,
  coachSlug: coachSchedules.slug,
  coachTimeZone: coachSchedules.timeZone,
};

type ListRow = {
  booking: BookingRow;
  typeName: string;
  kind: "discovery" | "session";
  durationMinutes: number;
  coachName: string | null;
  coachSlug: string | null;
  coachTimeZone: string | null;
};

function listItem(row: ListRow): BookingListItem {
  return {
    ...row.booking,
    typeName: row.typeName,
    kind: row.kind,
    durationMinutes: row.durationMinutes,
    coachName: row.coachName ?? "Your coach",
    coachSlug: row.coachSlug,
    coachTimeZone: row.coachTimeZone ?? "Australia/Sydney",
  };
}

function listQuery(db: Db) {
  return db
    .select(listColumns)
    .from(bookings)
    .innerJoin(bookingTypes, eq(bookingTypes.id, bookings.bookingTypeId))
    .leftJoin(coachSchedules, eq(coachSchedules.coachId, bookings.coachId));
}

/** A booking with its type and coach, for pages. */
export async function getBookingListItem(db: Db, id: string): Promise<BookingListItem | null> {
  const row = await listQuery(db).where(eq(bookings.id, id)).get();
  return row ? listItem(row) : null;
}

/**
 * A client's bookings, newest first: those made while signed in, and those made with their
 * (confirmed) email address before they had an account. Holds that lapsed are left out.
 */
/**
 * Whether a booking is the client's: made while signed in to their account, or with their address
 * before they had one. listClientBookings selects by the same rule.
 */
export function isClientOf(booking: Pick<BookingRow, "clientId" | "email">, client: { userId: string; email: string | null }): boolean {
  if (booking.clientId !== null) return booking.clientId === client.userId;
  return client.email !== null && booking.email === client.email.toLowerCase();
}

export async function listClientBookings(db: Db, client: { userId: string; email: string | null }): Promise<BookingListItem[]> {
  const mine = client.email
    ? or(eq(bookings.clientId, client.userId), and(isNull(bookings.clientId), eq(bookings.email, client.email.toLowerCase())))
    : eq(bookings.clientId, client.userId);
  const rows = await listQuery(db)
    .where(and(mine, ne(bookings.status, "expired")))
    .orderBy(desc(bookings.startsAt))
    .limit(500)
    .all();
  return rows.map(listItem);
}

/** A coach's bookings starting in [from, to), soonest first; holds and lapsed holds left out. */
export async function listCoachBookings(db: Db, coachId: string, range: { from: Date; to: Date }): Promise<BookingListItem[]> {
  const rows = await listQuery(db)
    .where(
      and(
        eq(bookings.coachId, coachId),
        gte(bookings.startsAt, range.from.toISOString()),
        lt(bookings.startsAt, range.to.toISOString()),
        inArray(bookings.status, ["confirmed", "completed", "no_show", "cancelled"]),
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .limit(1000)
    .all();
  return rows.map(listItem);
}

/**
 * A coach's sessions on the calendar, as account deletion needs them: every booking ever made with
 * them (they stay on the clients' records and keep the coach's row), and those still to come.
 */
export async function coachCalendarCounts(db: Db, coachId: string, now: Date = new Date()): Promise<{ total: number; upcoming: number }> {
  const [row] = await db
    .select({
      total: count(),
      upcoming: sql<number>`coalesce(sum(${bookings.status} IN ('held', 'confirmed') AND ${bookings.startsAt} > ${now.toISOString()}), 0)`,
    })
    .from(bookings)
    .where(eq(bookings.coachId, coachId));
  return { total: row?.total ?? 0, upcoming: Number(row?.upcoming ?? 0) };
}

export const ADMIN_PAGE_SIZE = 50;

/** Day boundaries of the admin filter's dates, in Sydney time (the business's own clock). */
function sydneyDayStart(date: string): string {
  return localDayBounds(`${date}T12:00:00.000Z`, "Australia/Sydney").start;
}

/** Every booking for the admin list, filtered by coach (slug or id), status and start date range. */
export async function listBookingsForAdmin(
  db: Db,
  filters: AdminBookingFilter,
  /** By start time (newest first unless given) or by reference. */
  order: { sort: "when" | "reference"; direction: "asc" | "desc" } = { sort: "when", direction: "desc" },
): Promise<{ rows: BookingListItem[]; total: number; page: number; pageSize: number }> {
  const conditions: (SQL | undefined)[] = [];
  if (filters.coach) conditions.push(or(eq(coachSchedules.slug, filters.coach), eq(bookings.coachId, filters.coach)));
  if (filters.status) conditions.push(eq(bookings.status, filters.status));
  if (filters.from) conditions.push(gte(bookings.startsAt, sydneyDayStart(filters.from)));
  if (filters.to) {
    const next = new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
    conditions.push(lt(bookings.startsAt, sydneyDayStart(next)));
  }
  const where = and(...conditions);
  const page = filters.page ?? 1;
  const [rows, totals] = await Promise.all([
    listQuery(db)
      .where(where)
      .orderBy(
        ...(order.sort === "reference"
          ? [order.direction === "asc" ? asc(bookings.reference) : desc(bookings.reference)]
          : [order.direction === "asc" ? asc(bookings.startsAt) : desc(bookings.startsAt), order.direction === "asc" ? asc(bookings.id) : desc(bookings.id)]),
      )
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE)
      .all(),
    db.select({ total: count() }).from(bookings).leftJoin(coachSchedules, eq(coachSchedules.coachId, bookings.coachId)).where(where).get(),
  ]);
  return { rows: rows.map(listItem), total: totals?.total ?? 0, page, pageSize: ADMIN_PAGE_SIZE };
}

// ---------------------------------------------------------------------------------------------
// Booking a slot.

export type BookSlotInput = {
  typeId: string;
  /** A coach's slug, or null for whichever coach is free. */
  coach: string | null;
  startsAt: string;
  details: BookingDetails;
  clientTimeZone: string;
  userId: string | null;
  payWith: "free" | "card" | "credit";
  request?: Request;
};

export type BookSlotResult = { status: "booked"; booking: BookingRow } | { status: "taken"; alternatives: SlotWithCoach[] };

function parseInstant(value: string, message = "That time isn't valid."): Date {
  const date = typeof value === "string" ? new Date(value) : new Date(NaN);
  if (Number.isNaN(date.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(value)) throw new BookingError(400, "invalid_time", message);
  return date;
}

function checkPayment(type: BookingTypeRow, payWith: BookSlotInput["payWith"], userId: string | null) {
  if (type.priceCents === 0) {
    if (payWith !== "free") throw new BookingError(400, "invalid_payment", `The ${type.name} is free: there is nothing to pay.`);
    return;
  }
  if (payWith === "free") throw new BookingError(400, "payment_required", `The ${type.name} is a paid session: please pay by card or with a package credit.`);
  if (payWith === "credit" && !userId) throw new BookingError(401, "sign_in_required", "Please sign in to use your package credits.");
}

/** The nearest free times to a wanted one, for "that time was just taken". */
export async function alternativesNear(db: Db, typeId: string, coach: string | null, target: string, now: Date): Promise<SlotWithCoach[]> {
  const at = new Date(target).getTime();
  const near = await availableSlots(db, { typeId, coach, from: new Date(Math.max(now.getTime(), at - 2 * DAY_MS)), to: new Date(at + 5 * DAY_MS), now });
  const picked = nearestSlots(near, target, 3) as SlotWithCoach[];
  if (picked.length > 0) return picked;
  return (await availableSlots(db, { typeId, coach, from: now, to: new Date(now.getTime() + 21 * DAY_MS), now })).slice(0, 3);
}

/**
 * Books a time. Free (the discovery call) and credit bookings are confirmed at once; a card booking
 * is held for HOLD_MINUTES while the caller starts its checkout (confirmPaidBooking confirms it),
 * within the hold limits of holds.server.ts (the visitor's source is read from `input.request`).
 * When the time is no longer free the answer is "taken" with the nearest free times instead.
 * Throws BookingError for input that cannot be booked at all, and for a hold over its limits.
 */
export async function bookSlot(context: AppContext, input: BookSlotInput): Promise<BookSlotResult> {
  const { db } = context;
  const now = context.services.clock.now();
  const parsed = BookingDetailsSchema.safeParse(input.details);
  if (!parsed.success) throw new BookingError(400, "invalid_details", parsed.error.issues[0]?.message ?? "Please check your details.");
  const details = parsed.data;
  const type = await getBookingType(db, input.typeId);
  if (!type) throw new BookingError(404, "unknown_type", "That kind of booking isn't available.");
  checkPayment(type, input.payWith, input.userId);
  const start = parseInstant(input.startsAt);
  const slot = { startsAt: start.toISOString(), endsAt: new Date(start.getTime() + type.durationMinutes * MINUTE_MS).toISOString() };
  const clientTimeZone = normaliseZone(input.clientTimeZone);

  let candidates: BookableCoach[];
  if (input.coach) {
    const coach = await getCoachBySlug(db, input.coach);
    if (!coach) throw new BookingError(404, "unknown_coach", "That coach isn't taking bookings.");
    candidates = [coach];
  } else {
    // First available: the coaches offering this time, the least busy that day first.
    const coaches = await listBookableCoaches(db);
    const dayAround = { from: new Date(start.getTime() - DAY_MS), to: new Date(start.getTime() + DAY_MS) };
    const perCoach = (await Promise.all(coaches.map((coach) => coachSlots(db, coach, type, dayAround.from, dayAround.to, now)))).filter((e) => e !== null);
    const ordered: BookableCoach[] = [];
    const offering = perCoach.filter((entry) => entry.slots.some((s) => s.startsAt === slot.startsAt));
    while (offering.length > 0) {
      const pick = firstAvailable(offering).find((s) => s.startsAt === slot.startsAt);
      if (!pick) break;
      const index = offering.findIndex((entry) => entry.coach.coachId === pick.coachId);
      ordered.push(offering[index]!.coach);
      offering.splice(index, 1);
    }
    candidates = ordered;
  }

  let credits: { purchaseId: string }[] = [];
  if (input.payWith === "credit") {
    credits = await spendableCredits(db, input.userId!, type.durationMinutes, now);
    if (credits.length === 0) throw new BookingError(409, "no_credits", "You have no package credits left for this session. Please pay by card instead.");
  }
  const holder = input.payWith === "card" ? await holderOf(context.env, input.request, details.email) : null;
  if (holder) {
    const refusal = await holderRefusal(db, holder, now);
    if (refusal) throw refusal;
  }

  let dayHeld: BookingError | null = null;
  for (const coach of candidates) {
    const rules = await loadScheduleRules(db, coach.coachId, now);
    if (!rules || !rules.acceptingBookings) continue;
    const busy = await loadBusy(db, coach.coachId, new Date(start.getTime() - DAY_MS), new Date(start.getTime() + DAY_MS), now);
    const options = { durationMinutes: type.durationMinutes, minNoticeMinutes: type.minNoticeMinutes, now };
    if (!isSlotOffered(rules, busy, slot, options)) continue;
    const guard: Guard = { coachId: coach.coachId, ...slot, bufferMinutes: rules.bufferMinutes, dailyMax: rules.dailyMax, timeZone: rules.timeZone, now };
    const booking = await insertBooking(context, { type, coach, slot, details, clientTimeZone, input, guard, credits, holder, now });
    if (booking === "no_credits") throw new BookingError(409, "no_credits", "Your last package credit was just used. Please pay by card instead.");
    if (booking) {
      if (booking.status === "confirmed") await afterConfirmed(context, booking, type, input.request);
      return { status: "booked", booking };
    }
    if (holder) {
      // Not held: the hold limits may be why (the write decided; these reads only find the reason).
      const refusal = (await holderRefusal(db, holder, now)) ?? (await coachDayRefusal(db, coachDayOf(guard), input.coach ? coach.displayName : null, now));
      if (refusal?.status === 429) throw refusal;
      dayHeld = refusal ?? dayHeld;
    }
  }
  if (dayHeld) throw dayHeld;
  return { status: "taken", alternatives: await alternativesNear(db, type.id, input.coach, slot.startsAt, now) };
}

type InsertPlan = {
  type: BookingTypeRow;
  coach: BookableCoach;
  slot: { startsAt: string; endsAt: string };
  details: BookingDetails;
  clientTimeZone: string;
  input: BookSlotInput;
  guard: Guard;
  credits: { purchaseId: string }[];
  /** Who holds the time, for a card booking; null otherwise. */
  holder: Holder | null;
  now: Date;
};

function coachDayOf(guard: Guard) {
  return { coachId: guard.coachId, ...localDayBounds(guard.startsAt, guard.timeZone) };
}

/** The atomic write: the new booking, or null when the time was taken, or "no_credits" when the credits ran out meanwhile. */
async function insertBooking(context: AppContext, plan: InsertPlan): Promise<BookingRow | null | "no_credits"> {
  const { db } = context;
  const { input, now } = plan;
  const base = {
    coachId: plan.coach.coachId,
    clientId: input.userId,
    bookingTypeId: plan.type.id,
    ...plan.slot,
    details: plan.details,
    clientTimeZone: plan.clientTimeZone,
    now,
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    const id = crypto.randomUUID();
    try {
      if (input.payWith === "credit") {
        for (const credit of plan.credits) {
          const row: NewBooking = {
            ...base,
            id,
            reference: newReference(),
            status: "confirmed",
            holdExpiresAt: null,
            holdSource: null,
            paymentMethod: "credit",
            priceCents: 0,
          };
          const condition = sql`${calendarFreeSql(plan.guard)} AND ${canSpendCreditSql(credit.purchaseId, input.userId!, plan.type.durationMinutes, now)}`;
          // One batch is one transaction: the booking and its ledger row are written together or not at all.
          const [inserted] = await runInTransaction(db, [
            insertBookingSql(row, condition),
            spendCreditSql({ purchaseId: credit.purchaseId, userId: input.userId!, bookingId: id, now }),
          ]);
          if (inserted && wroteRow(inserted)) return getBooking(db, id);
          // Not written: the time was taken, or this purchase's credit was spent meanwhile.
          const remaining = await spendableCredits(db, input.userId!, plan.type.durationMinutes, now);
          if (remaining.some((c) => c.purchaseId === credit.purchaseId)) return null;
        }
        return "no_credits";
      }
      const { holder } = plan;
      const row: NewBooking = {
        ...base,
        id,
        reference: newReference(),
        status: holder ? "held" : "confirmed",
        holdExpiresAt: holder ? new Date(now.getTime() + HOLD_MINUTES * MINUTE_MS).toISOString() : null,
        holdSource: holder?.sourceHash ?? null,
        paymentMethod: input.payWith,
        priceCents: plan.type.priceCents,
      };
      // A hold is placed only within the hold limits, checked in the same statement as the calendar.
      const condition = holder ? sql`${calendarFreeSql(plan.guard)} AND ${holdAllowedSql(holder, coachDayOf(plan.guard), now)}` : calendarFreeSql(plan.guard);
      const result = await db.run(insertBookingSql(row, condition));
      return wroteRow(result) ? getBooking(db, id) : null;
    } catch (error) {
      // A reference that happened to be taken: try again with another.
      if (isUniqueViolation(error) && attempt < 2) continue;
      throw error;
    }
  }
  return null;
}

/** Conversions and the confirmation emails of a newly confirmed booking. */
async function afterConfirmed(context: AppContext, booking: BookingRow, type: Pick<BookingTypeRow, "kind" | "name">, request?: Request) {
  await recordBookingConversions(context, booking, type, request);
  await enqueueBookingNotice(context.services.jobs, booking, "confirmation");
  // The person's lead: "booked a discovery call" or "booked a paid session" (and "became a paying client").
  await recordClientActivity(context.db, [booking.email]);
}

/**
 * BOOKING_SUBMISSION for every confirmed booking and DISCOVERY_CALL_BOOKING for a discovery call,
 * once each per booking. Never fails the booking: a conversion that cannot be recorded is logged.
 */
async function recordBookingConversions(context: AppContext, booking: BookingRow, type: Pick<BookingTypeRow, "kind" | "name">, request?: Request) {
  const types = type.kind === "discovery" ? (["BOOKING_SUBMISSION", "DISCOVERY_CALL_BOOKING"] as const) : (["BOOKING_SUBMISSION"] as const);
  // A paid booking confirmed by the webhook has no browser: it carries the attribution of its checkout.
  const origin =
    !request && booking.stripeCheckoutSessionId
      ? await conversionOriginByKey(context.db, `checkout:${booking.stripeCheckoutSessionId}`).catch(() => null)
      : null;
  for (const conversionType of types) {
    const input = {
      type: conversionType,
      dedupeKey: `${conversionType === "BOOKING_SUBMISSION" ? "booking" : "discovery"}:${booking.id}`,
      valueCents: booking.priceCents,
      label: type.name,
      userId: booking.clientId,
      contact: { email: booking.email, phone: booking.phone },
    };
    try {
      if (request) await recordConversion(context, { ...input, request });
      else await storeConversion(context, { ...input, attribution: origin?.attribution ?? null, gpc: origin?.gpc ?? false });
    } catch (error) {
      console.warn(`booking: could not record ${conversionType} for ${booking.id}:`, error instanceof Error ? error.message : "unknown error");
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Holds and paid confirmation.

/** Releases a hold (an abandoned or expired checkout): the time is free again. */
export async function releaseHold(db: Db, bookingId: string, now: Date = new Date()): Promise<boolean> {
  const result = await db
    .update(bookings)
    .set({ status: "expired", holdSource: null, updatedAt: now.toISOString() })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, "held")))
    .returning({ id: bookings.id });
  return result.length > 0;
}

/**
 * Marks every hold past its expiry as expired (the frequent cron); returns how many. A hold's
 * source is kept only while it is held, so it is cleared here too once the hold was paid or cancelled.
 */
export async function expireStaleHolds(db: Db, now: Date): Promise<number> {
  const result = await db
    .update(bookings)
    .set({ status: "expired", holdSource: null, updatedAt: now.toISOString() })
    .where(and(eq(bookings.status, "held"), lt(bookings.holdExpiresAt, now.toISOString())))
    .returning({ id: bookings.id });
  await db
    .update(bookings)
    .set({ holdSource: null })
    .where(and(isNotNull(bookings.holdSource), ne(bookings.status, "held")));
  return result.length;
}

/**
 * The paid checkout of a held booking completed (the webhook). Confirms it when its time is still
 * free — the hold may have lapsed and the time gone to someone else meanwhile: "slot_lost", and the
 * caller refunds. "already" for a booking confirmed before (a redelivered event).
 */
export async function confirmPaidBooking(context: AppContext, bookingId: string, checkoutSessionId: string): Promise<"confirmed" | "already" | "slot_lost"> {
  const { db } = context;
  const now = context.services.clock.now();
  const booking = await getBooking(db, bookingId);
  if (!booking) return "slot_lost";
  if (booking.status === "confirmed" || booking.status === "completed" || booking.status === "no_show") return "already";
  if (booking.status === "cancelled") return "slot_lost";
  const schedule = await db.select().from(coachSchedules).where(eq(coachSchedules.coachId, booking.coachId)).get();
  const guard: Guard = {
    coachId: booking.coachId,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    bufferMinutes: schedule?.bufferMinutes ?? 0,
    dailyMax: schedule?.dailyMax ?? 0,
    timeZone: schedule?.timeZone ?? "Australia/Sydney",
    now,
  };
  const at = now.toISOString();
  const result = await db.run(sql`UPDATE bookings SET status = 'confirmed', hold_expires_at = NULL,
      stripe_checkout_session_id = COALESCE(stripe_checkout_session_id, ${checkoutSessionId}), updated_at = ${at}
    WHERE id = ${bookingId} AND status IN ('held', 'expired') AND ${calendarFreeSql(guard, sql`${bookingId}`)}`);
  if (!wroteRow(result)) {
    const after = await getBooking(db, bookingId);
    return after && (after.status === "confirmed" || after.status === "completed" || after.status === "no_show") ? "already" : "slot_lost";
  }
  const confirmed = (await getBooking(db, bookingId))!;
  const type = await db.select({ kind: bookingTypes.kind, name: bookingTypes.name }).from(bookingTypes).where(eq(bookingTypes.id, booking.bookingTypeId)).get();
  await afterConfirmed(context, confirmed, type ?? { kind: "session", name: "Coaching session" });
  return "confirmed";
}

// ---------------------------------------------------------------------------------------------
// Changes: cancel, reschedule, outcome.

/** Who may change a booking: its client, its coach, an admin, or the holder of its signed link. Others get a 404. */
function assertMayChange(booking: BookingRow, actor: BookingActor) {
  const allowed =
    actor.kind === "admin" ||
    actor.kind === "link" ||
    (actor.kind === "coach" && actor.userId !== null && booking.coachId === actor.userId) ||
    (actor.kind === "client" && actor.userId !== null && isClientOf(booking, { userId: actor.userId, email: actor.email ?? null }));
  if (!allowed) throw new BookingError(404, "not_found", "We couldn't find that booking.");
}

const byBusiness = (actor: BookingActor) => actor.kind === "coach" || actor.kind === "admin";

/** What the audit log's diff shows of a booking: when it is and where it stands. */
const auditedFields = (booking: BookingRow) => ({ status: booking.status, startsAt: booking.startsAt, endsAt: booking.endsAt });

/** A coach's or an admin's change to a booking, audited with what changed (the admin area's audit log shows the diff). */
async function auditChange(
  context: AppContext,
  actor: BookingActor,
  action: AuditAction,
  before: BookingRow,
  after: BookingRow,
  detail: Record<string, unknown>,
) {
  if (!byBusiness(actor)) return;
  await audit(context.db, {
    action,
    actorId: actor.userId,
    targetId: after.id,
    detail: { actor: actor.kind, targetType: "booking", changes: diffFields(auditedFields(before), auditedFields(after)), ...detail },
  });
}

export type CancelResult = { booking: BookingRow; refund: "full" | "none"; creditReturned: boolean; refundIssued: boolean };

/**
 * Cancels a booking. A client (or the manage link) cancelling at least CANCELLATION_NOTICE_HOURS
 * before the start gets a full refund of a card payment or their credit back; later, neither
 * (cancellationRefundable, ./cancellation.ts). A cancellation by the coach or an admin always refunds in full.
 */
export async function cancelBooking(context: AppContext, bookingId: string, actor: BookingActor, reason?: string): Promise<CancelResult> {
  const { db } = context;
  const now = context.services.clock.now();
  const booking = await getBooking(db, bookingId);
  if (!booking) throw new BookingError(404, "not_found", "We couldn't find that booking.");
  assertMayChange(booking, actor);
  if (booking.status === "cancelled") throw new BookingError(409, "already_cancelled", "This booking has already been cancelled.");
  if (booking.status !== "confirmed" && booking.status !== "held") {
    throw new BookingError(
      409,
      "not_cancellable",
      booking.status === "expired" ? "This booking was never confirmed." : "This booking has already taken place.",
    );
  }
  const refundable = cancellationRefundable(booking, { business: byBusiness(actor) }, now);
  const at = now.toISOString();
  const cancelledBy = actor.userId ? `${actor.kind}:${actor.userId}` : actor.kind;
  // The cancellation is a compare-and-set on the booking's status and sequence: of two cancellations
  // at once, one writes it. A returned credit rides in the same transaction and only with that write.
  const cancel = sql`UPDATE bookings SET status = 'cancelled', hold_expires_at = NULL, cancelled_at = ${at}, cancelled_by = ${cancelledBy},
      cancel_reason = ${reason?.trim().slice(0, 500) || null}, sequence = sequence + 1, updated_at = ${at}
    WHERE id = ${booking.id} AND status = ${booking.status} AND sequence = ${booking.sequence}`;
  const spent = booking.paymentMethod === "credit" ? await creditSpentOn(db, booking.id) : null;
  const ours = sql`EXISTS (SELECT 1 FROM bookings WHERE id = ${booking.id} AND status = 'cancelled' AND sequence = ${booking.sequence + 1}
      AND updated_at = ${at} AND cancelled_by = ${cancelledBy})`;
  await runInTransaction(db, refundable && spent ? [cancel, returnCreditSql({ bookingId: booking.id, now, condition: ours })] : [cancel]);
  const after = (await getBooking(db, booking.id))!;
  if (!(after.status === "cancelled" && after.sequence === booking.sequence + 1 && after.updatedAt === at && after.cancelledBy === cancelledBy)) {
    throw new BookingError(409, "changed", "This booking was changed elsewhere. Please reload and try again.");
  }
  await auditChange(context, actor, "booking_cancelled", booking, after, { refundable, reason: reason ? "given" : "none" });

  let refundIssued = false;
  if (refundable && booking.paymentMethod === "card") {
    const payment = await db
      .select({ id: bookingPayments.id })
      .from(bookingPayments)
      .where(and(eq(bookingPayments.bookingId, booking.id), ne(bookingPayments.status, "refunded")))
      .get();
    if (payment) {
      try {
        await refundBookingPayment(context, payment.id, { reason: reason?.trim() || "Booking cancelled", actorId: actor.userId });
        refundIssued = true;
      } catch (error) {
        // The cancellation stands; the refund can be issued again from the admin area.
        console.error(
          `booking: the refund of payment ${payment.id} for booking ${booking.id} failed:`,
          error instanceof Error ? error.message : "unknown error",
        );
      }
    }
  }
  if (booking.status === "confirmed") await enqueueBookingNotice(context.services.jobs, after, "cancellation");
  return {
    booking: after,
    refund: booking.status === "confirmed" && refundable && (booking.paymentMethod === "card" || booking.paymentMethod === "credit") ? "full" : "none",
    creditReturned: spent !== null && refundable && (await creditReturnedFor(db, booking.id)),
    refundIssued,
  };
}

export type RescheduleResult = { status: "moved"; booking: BookingRow } | { status: "taken"; alternatives: SlotWithCoach[] };

/**
 * Moves a confirmed booking to another free time with the same coach. Clients (and the manage link)
 * may do so until CANCELLATION_NOTICE_HOURS before the start; the coach and admins at any time.
 * The calendar invite's SEQUENCE goes up by one.
 */
export async function rescheduleBooking(context: AppContext, bookingId: string, newStartsAt: string, actor: BookingActor): Promise<RescheduleResult> {
  const { db } = context;
  const now = context.services.clock.now();
  const booking = await getBooking(db, bookingId);
  if (!booking) throw new BookingError(404, "not_found", "We couldn't find that booking.");
  assertMayChange(booking, actor);
  if (booking.status !== "confirmed") throw new BookingError(409, "not_movable", "Only a confirmed, upcoming booking can be moved.");
  if (!byBusiness(actor) && !canChangeFreely(booking, now)) {
    throw new BookingError(
      409,
      "too_late",
      `Bookings can be moved until ${CANCELLATION_NOTICE_HOURS} hours before they start. Please contact us if you can't make it.`,
    );
  }
  const type = await db.select().from(bookingTypes).where(eq(bookingTypes.id, booking.bookingTypeId)).get();
  if (!type) throw new BookingError(409, "not_movable", "This booking can't be moved.");
  const start = parseInstant(newStartsAt);
  const slot = { startsAt: start.toISOString(), endsAt: new Date(start.getTime() + type.durationMinutes * MINUTE_MS).toISOString() };
  if (slot.startsAt === booking.startsAt) throw new BookingError(400, "same_time", "That's the time already booked. Please choose another.");

  const coach = await getCoachById(db, booking.coachId);
  const rules = await loadScheduleRules(db, booking.coachId, now);
  const alternatives = async () => {
    if (!coach || !rules) return [];
    const near = await coachSlots(
      db,
      coach,
      type,
      new Date(Math.max(now.getTime(), start.getTime() - 2 * DAY_MS)),
      new Date(start.getTime() + 5 * DAY_MS),
      now,
    );
    const slots = (near?.slots ?? []).filter((s) => s.startsAt !== booking.startsAt);
    return nearestSlots(slots, slot.startsAt, 3).map((s) => withCoach(s, coach));
  };
  if (!coach || !rules) return { status: "taken", alternatives: [] };
  const busy = await loadBusy(db, booking.coachId, new Date(start.getTime() - DAY_MS), new Date(start.getTime() + DAY_MS), now, booking.id);
  const minNoticeMinutes = byBusiness(actor) ? 0 : type.minNoticeMinutes;
  if (!isSlotOffered(rules, busy, slot, { durationMinutes: type.durationMinutes, minNoticeMinutes, now }))
    return { status: "taken", alternatives: await alternatives() };

  const guard: Guard = { coachId: booking.coachId, ...slot, bufferMinutes: rules.bufferMinutes, dailyMax: rules.dailyMax, timeZone: rules.timeZone, now };
  const at = now.toISOString();
  const result = await db.run(sql`UPDATE bookings SET starts_at = ${slot.startsAt}, ends_at = ${slot.endsAt}, sequence = sequence + 1, updated_at = ${at}
    WHERE id = ${booking.id} AND status = 'confirmed' AND sequence = ${booking.sequence} AND ${calendarFreeSql(guard, sql`${booking.id}`)}`);
  if (!wroteRow(result)) {
    const current = await getBooking(db, booking.id);
    if (!current || current.status !== "confirmed" || current.sequence !== booking.sequence) {
      throw new BookingError(409, "changed", "This booking was changed elsewhere. Please reload and try again.");
    }
    return { status: "taken", alternatives: await alternatives() };
  }
  const moved = (await getBooking(db, booking.id))!;
  await auditChange(context, actor, "booking_rescheduled", booking, moved, { from: booking.startsAt, to: moved.startsAt });
  await enqueueBookingNotice(context.services.jobs, moved, "update", booking.startsAt);
  return { status: "moved", booking: moved };
}

/** Records whether a session that has started took place (completed) or the client did not come (no_show): its coach or an admin. */
export async function setBookingOutcome(context: AppContext, bookingId: string, outcome: "completed" | "no_show", actor: BookingActor): Promise<BookingRow> {
  const { db } = context;
  const now = context.services.clock.now();
  const booking = await getBooking(db, bookingId);
  if (!booking) throw new BookingError(404, "not_found", "We couldn't find that booking.");
  if (!byBusiness(actor)) throw new BookingError(403, "forbidden", "Only the coach or an administrator can record how a session went.");
  assertMayChange(booking, actor);
  if (!["confirmed", "completed", "no_show"].includes(booking.status)) throw new BookingError(409, "no_outcome", "Only a confirmed session can be marked.");
  if (new Date(booking.startsAt).getTime() > now.getTime()) throw new BookingError(409, "not_started", "A session can be marked once it has started.");
  if (booking.status === "completed" && outcome !== "completed" && (await sessionLineIssued(db, booking.id)))
    throw new BookingError(409, "on_statement", ISSUED_OUTCOME_MESSAGE);
  const at = now.toISOString();
  // The coach's earnings line is written (or removed) in the same transaction as the status.
  const [written] = await runInTransaction(db, [
    db
      .update(bookings)
      .set({ status: outcome, updatedAt: at })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, booking.status))),
    ...(await outcomeEarningsStatements(db, booking, outcome, at)),
  ]);
  const updated = written && wroteRow(written) ? await getBooking(db, booking.id) : null;
  if (!updated) throw new BookingError(409, "changed", "This booking was changed elsewhere. Please reload and try again.");
  if (outcome === "completed") await reverseEarlierRefunds(db, booking.id, at);
  await auditChange(context, actor, "booking_outcome_set", booking, updated, { outcome });
  return updated;
}
