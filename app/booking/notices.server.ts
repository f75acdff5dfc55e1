import { and, eq, inArray, sql } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { BUSINESS } from "~/content/business";
import type { Db } from "~/db/client.server";
import { bookingNotices, bookings, bookingTypes, coachSchedules, emailOutbox, users } from "~/db/schema";
import { composeEmail } from "~/email/compose.server";
import { deliverOutboxEmail, outboxInsert, type EmailAttachment, type OutgoingEmail } from "~/email/outbox.server";
import { bookingCancellationEmail } from "~/email/templates/booking-cancellation";
import { bookingConfirmationEmail } from "~/email/templates/booking-confirmation";
import type { BookingEmailProps } from "~/email/templates/booking-parts";
import { bookingReminderEmail } from "~/email/templates/booking-reminder";
import { bookingUpdateEmail } from "~/email/templates/booking-update";
import { googleCalendarUrl, outlookCalendarUrl, type CalendarLinkEvent } from "./calendar-links";
import { buildIcs } from "./ics";
import type { BookingNoticeJob, BookingNoticeKind } from "./jobs";
import { calendarLinkUrl, manageUrl, meetingUrl, type CalendarAudience, type CalendarProvider } from "./links.server";
import { mintGuestJoinUrl } from "~/meetings/guest-link.server";
import { REMINDER_OFFSETS } from "./policy";
import { cancellationTerms, cancellationTermsText } from "./cancellation";
import { d1Statement } from "./sql.server";
import { formatDateTime } from "./time-zones";

// The emails about a booking, to the client (times in the zone they booked in, with their signed
// manage link) and to the coach (times in the coach's zone): confirmation, update, cancellation
// with the calendar invitation (.ics) attached, and reminders 24 hours and 1 hour before. Each is
// sent once: the notice's key (kind and the booking's sequence) is recorded in booking_notices,
// and each email has its own outbox dedupe key, so a redelivered job has no second effect.
// None is lost: what a booking owes follows from its state (owedNotices), so a notice whose job
// never ran — the process died right after the change — is found and sent by the 15-minute sweep
// (docs/decisions/010-booking-notices-owed-by-state.md).

type NoticeBooking = typeof bookings.$inferSelect;

/** The booking_notices key of a notice: "confirmation:0", "reminder-24h:1". */
export function noticeKey(kind: BookingNoticeKind, sequence: number): string {
  return `${kind}:${sequence}`;
}

/** The outbox dedupe key of one recipient's email of a notice. */
export function noticeDedupeKey(bookingId: string, key: string, audience: "client" | "coach"): string {
  return `booking:${bookingId}:${key}:${audience}`;
}

/** Asks the queue to send a notice about the booking as it is now (its current sequence). */
export async function enqueueBookingNotice(
  jobs: Pick<Queue, "send">,
  booking: Pick<NoticeBooking, "id" | "sequence">,
  kind: BookingNoticeKind,
  previousStartsAt?: string,
): Promise<void> {
  await jobs.send({
    type: "booking.notice",
    version: 1,
    bookingId: booking.id,
    kind,
    sequence: booking.sequence,
    ...(previousStartsAt ? { previousStartsAt } : {}),
  } satisfies BookingNoticeJob);
}

/** Whether a notice still applies to the booking as it is now (a later change supersedes it). */
function stillApplies(booking: NoticeBooking, job: Pick<BookingNoticeJob, "kind" | "sequence">, now: Date): boolean {
  if (job.kind === "cancellation") return booking.status === "cancelled" && booking.sequence === job.sequence;
  if (booking.status !== "confirmed" || booking.sequence !== job.sequence) return false;
  if (job.kind === "reminder-24h" || job.kind === "reminder-1h") return new Date(booking.startsAt).getTime() > now.getTime();
  return true;
}

/** What the client is told about their money or credit when a booking is cancelled. */
export function cancellationOutcome(booking: NoticeBooking): string | null {
  // A cancellation by the coach, an admin or the system (a payment that arrived after the time was taken) is always refunded.
  const business = /^(coach|admin|system)(:|$)/.test(booking.cancelledBy ?? "");
  const at = new Date(booking.cancelledAt ?? booking.startsAt);
  return cancellationTermsText(cancellationTerms(booking, { business }, at), { amountCents: booking.priceCents, when: "after" });
}

/** What composing and sending a notice needs of the context (the queue consumer's). */
type NoticeContext = Pick<AppContext, "db" | "env" | "siteOrigin" | "services">;

/** The session type and the coach of a booking, as its notices and calendar links name them. */
async function partiesOf(db: Db, booking: NoticeBooking) {
  const [type, coach] = await Promise.all([
    db.select({ name: bookingTypes.name }).from(bookingTypes).where(eq(bookingTypes.id, booking.bookingTypeId)).get(),
    db
      .select({ email: users.email, name: coachSchedules.displayName, timeZone: coachSchedules.timeZone })
      .from(users)
      .leftJoin(coachSchedules, eq(coachSchedules.coachId, users.id))
      .where(eq(users.id, booking.coachId))
      .get(),
  ]);
  return {
    typeName: type?.name ?? "Coaching session",
    coachName: coach?.name ?? "Your coach",
    coachZone: coach?.timeZone ?? "Australia/Sydney",
    coachEmail: coach?.email ?? null,
  };
}

type Parties = Awaited<ReturnType<typeof partiesOf>>;

/** The calendar event of a booking for its client (naming the coach, with the manage link) or its coach (naming the client). */
function calendarEventFor(
  booking: NoticeBooking,
  parties: Parties,
  audience: CalendarAudience,
  links: { meeting: string; manage: string | null },
): CalendarLinkEvent {
  const description = [
    `${parties.typeName}, online. Join the video meeting: ${links.meeting}`,
    `Reference: ${booking.reference}`,
    ...(audience === "client" && links.manage ? [`Reschedule or cancel: ${links.manage}`] : []),
  ].join("\n");
  const summary = `${parties.typeName} with ${audience === "client" ? parties.coachName : booking.name}`;
  return { startsAt: booking.startsAt, endsAt: booking.endsAt, summary, description, url: links.meeting };
}

/**
 * Where a calendar link of a booking's email leads (/booking/{id}/calendar/{provider}): the
 * provider's "add event" page for the booking as it stands now, or null once it is no longer confirmed.
 */
export async function calendarRedirect(
  context: Pick<AppContext, "db" | "env" | "siteOrigin">,
  booking: NoticeBooking,
  audience: CalendarAudience,
  provider: CalendarProvider,
): Promise<string | null> {
  if (booking.status !== "confirmed") return null;
  const parties = await partiesOf(context.db, booking);
  const links = { meeting: meetingUrl(context, booking), manage: audience === "client" ? await manageUrl(context, booking) : null };
  const event = calendarEventFor(booking, parties, audience, links);
  return provider === "google" ? googleCalendarUrl(event) : outlookCalendarUrl(event);
}

/** The emails of one notice (client first, then coach), ready for the outbox. */
export async function composeBookingNotice(context: NoticeContext, booking: NoticeBooking, job: BookingNoticeJob): Promise<OutgoingEmail[]> {
  const { env } = context;
  const now = context.services.clock.now();
  const { siteOrigin } = context;
  const parties = await partiesOf(context.db, booking);
  const { typeName, coachName, coachZone } = parties;
  const meeting = meetingUrl({ siteOrigin }, booking);
  const durationMinutes = Math.round((Date.parse(booking.endsAt) - Date.parse(booking.startsAt)) / 60_000);
  const cancelled = job.kind === "cancellation";
  const reminder = job.kind === "reminder-24h" || job.kind === "reminder-1h";
  const clientManage = cancelled ? null : await manageUrl(context, booking);
  // The reason the client gave when they cancelled (from the manage link or their profile) goes to the coach.
  const clientReason = cancelled && /^(client|link)(:|$)/.test(booking.cancelledBy ?? "") ? booking.cancelReason : null;

  const recipients = [
    { audience: "client" as const, to: booking.email, name: booking.name, zone: booking.clientTimeZone, withName: coachName },
    ...(parties.coachEmail ? [{ audience: "coach" as const, to: parties.coachEmail, name: coachName, zone: coachZone, withName: booking.name }] : []),
  ];

  const emails: OutgoingEmail[] = [];
  for (const recipient of recipients) {
    const calendarEvent = calendarEventFor(booking, parties, recipient.audience, { meeting, manage: clientManage });
    const { summary, description } = calendarEvent;
    const props: BookingEmailProps = {
      audience: recipient.audience,
      recipientName: recipient.name,
      typeName,
      reference: booking.reference,
      when: formatDateTime(booking.startsAt, recipient.zone),
      durationMinutes,
      withName: recipient.withName,
      meetingUrl: meeting,
      // A guest joins with a fresh one-time sign-in link in the confirmation, the update and the 1-hour reminder.
      signInUrl:
        recipient.audience === "client" && (job.kind === "confirmation" || job.kind === "update" || job.kind === "reminder-1h")
          ? await mintGuestJoinUrl(context, booking)
          : null,
      guest: recipient.audience === "client" && booking.clientId === null,
      manageUrl: recipient.audience === "client" ? clientManage : null,
      portalUrl: recipient.audience === "coach" ? `${siteOrigin}/coach` : null,
      googleUrl: cancelled ? null : await calendarLinkUrl(context, booking.id, recipient.audience, "google"),
      outlookUrl: cancelled ? null : await calendarLinkUrl(context, booking.id, recipient.audience, "outlook"),
      notes: booking.notes,
    };
    const attachments: EmailAttachment[] = reminder
      ? []
      : [
          {
            filename: cancelled ? "cancelled.ics" : "invite.ics",
            contentType: `text/calendar; charset=utf-8; method=${cancelled ? "CANCEL" : "REQUEST"}`,
            content: buildIcs({
              method: cancelled ? "CANCEL" : "REQUEST",
              uid: `${booking.id}@clarityai.com.au`,
              sequence: booking.sequence,
              startsAt: booking.startsAt,
              endsAt: booking.endsAt,
              summary,
              description,
              url: meeting,
              organizer: { name: BUSINESS.name, email: BUSINESS.email },
              attendees: [{ name: booking.name, email: booking.email }, ...(parties.coachEmail ? [{ name: coachName, email: parties.coachEmail }] : [])],
              status: cancelled ? "CANCELLED" : "CONFIRMED",
              now,
            }),
          },
        ];
    const envelope = { to: recipient.to, dedupeKey: noticeDedupeKey(booking.id, noticeKey(job.kind, job.sequence), recipient.audience) };
    let email: OutgoingEmail;
    switch (job.kind) {
      case "confirmation":
        email = await composeEmail(env, bookingConfirmationEmail, props, envelope);
        break;
      case "update":
        email = await composeEmail(
          env,
          bookingUpdateEmail,
          { ...props, previousWhen: job.previousStartsAt ? formatDateTime(job.previousStartsAt, recipient.zone) : null },
          envelope,
        );
        break;
      case "cancellation":
        email = await composeEmail(
          env,
          bookingCancellationEmail,
          {
            ...props,
            outcome: recipient.audience === "client" ? cancellationOutcome(booking) : null,
            reason: recipient.audience === "coach" ? clientReason : null,
            bookAgainUrl: `${siteOrigin}/booking`,
          },
          envelope,
        );
        break;
      default:
        email = await composeEmail(env, bookingReminderEmail, { ...props, lead: job.kind === "reminder-1h" ? "1h" : "24h" }, envelope);
    }
    emails.push({ ...email, attachments });
  }
  return emails;
}

/**
 * Sends one notice (the booking.notice job). The notice's record and its emails are written in one
 * batch, each once; then every email of the notice still pending is delivered (a redelivered job
 * finishes what an interrupted one started, and sends nothing twice). Returns what happened.
 */
export async function sendBookingNotice(context: NoticeContext, job: BookingNoticeJob): Promise<"sent" | "stale" | "missing"> {
  const { db, env } = context;
  const now = context.services.clock.now();
  const booking = await db.select().from(bookings).where(eq(bookings.id, job.bookingId)).get();
  if (!booking) return "missing";
  const key = noticeKey(job.kind, job.sequence);
  const recorded = await db
    .select({ kind: bookingNotices.kind })
    .from(bookingNotices)
    .where(and(eq(bookingNotices.bookingId, booking.id), eq(bookingNotices.kind, key)))
    .get();
  if (!recorded) {
    if (!stillApplies(booking, job, now)) return "stale";
    const emails = await composeBookingNotice(context, booking, job);
    await db.batch([
      db.insert(bookingNotices).values({ bookingId: booking.id, kind: key, sentAt: now.toISOString() }).onConflictDoNothing(),
      ...emails.map((email) => outboxInsert(db, env, email)),
    ]);
  }
  const pending = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        inArray(emailOutbox.dedupeKey, [noticeDedupeKey(booking.id, key, "client"), noticeDedupeKey(booking.id, key, "coach")]),
        eq(emailOutbox.status, "pending"),
      ),
    )
    .all();
  for (const row of pending) await deliverOutboxEmail(db, env, row.id, context.services.fetch);
  return "sent";
}

// ---------------------------------------------------------------------------------------------
// Reminders.

export type DueReminder = { bookingId: string; kind: "reminder-24h" | "reminder-1h"; sequence: number };

/**
 * Reminders due now: confirmed bookings whose reminder time has come and that have not started,
 * without that reminder recorded for their current sequence. A booking confirmed (or moved) after
 * a reminder's time gets no such reminder: its confirmation came later and said the same. When
 * both are due, only the 1-hour reminder goes.
 */
export async function dueReminders(db: Db, now: Date): Promise<DueReminder[]> {
  const horizon = new Date(now.getTime() + REMINDER_OFFSETS["reminder-24h"] * 60_000).toISOString();
  const candidates = await db
    .select({ id: bookings.id, startsAt: bookings.startsAt, sequence: bookings.sequence, updatedAt: bookings.updatedAt })
    .from(bookings)
    .where(and(eq(bookings.status, "confirmed"), sql`${bookings.startsAt} > ${now.toISOString()}`, sql`${bookings.startsAt} <= ${horizon}`))
    .limit(500)
    .all();
  if (candidates.length === 0) return [];
  const sent = await db
    .select({ bookingId: bookingNotices.bookingId, kind: bookingNotices.kind })
    .from(bookingNotices)
    .where(
      inArray(
        bookingNotices.bookingId,
        candidates.map((c) => c.id),
      ),
    )
    .all();
  const done = new Set(sent.map((row) => `${row.bookingId}|${row.kind}`));
  const due: DueReminder[] = [];
  for (const booking of candidates) {
    const start = Date.parse(booking.startsAt);
    const changedAt = Date.parse(booking.updatedAt);
    const hourDue = now.getTime() >= start - REMINDER_OFFSETS["reminder-1h"] * 60_000 && changedAt <= start - REMINDER_OFFSETS["reminder-1h"] * 60_000;
    const dayDue =
      !hourDue && now.getTime() >= start - REMINDER_OFFSETS["reminder-24h"] * 60_000 && changedAt <= start - REMINDER_OFFSETS["reminder-24h"] * 60_000;
    for (const [kind, isDue] of [
      ["reminder-1h", hourDue],
      ["reminder-24h", dayDue],
    ] as const) {
      if (isDue && !done.has(`${booking.id}|${noticeKey(kind, booking.sequence)}`)) due.push({ bookingId: booking.id, kind, sequence: booking.sequence });
    }
  }
  return due;
}

// ---------------------------------------------------------------------------------------------
// Notices owed and never recorded.

/** How long a change has to send its own notice before the sweep sends it instead. */
export const NOTICE_SETTLE_MS = 5 * 60_000;
/** Bookings the sweep looks at in one run, the longest waiting first; the next run takes the rest. */
export const OWED_NOTICES_LIMIT = 100;

export type OwedNotice = { bookingId: string; kind: "confirmation" | "update" | "cancellation"; sequence: number };

/**
 * The notices bookings owe and that were never recorded, read from their state: a confirmed booking
 * owes its confirmation (sequence 0) or the update of its latest move (sequence n > 0); a cancelled
 * one owes its cancellation, unless it was a card hold cancelled before anything was paid (nobody
 * had been told about it). Only bookings still to come, changed before `settledBefore` when given
 * (the change may still be sending its own notice), and not with a dead-lettered job for that
 * notice (an admin replays or dismisses it at /admin/jobs).
 */
export async function owedNotices(db: Db, options: { now: Date; settledBefore?: Date; bookingId?: string; limit?: number }): Promise<OwedNotice[]> {
  const settled = options.settledBefore ? sql` AND b.updated_at < ${options.settledBefore.toISOString()}` : sql``;
  const only = options.bookingId ? sql` AND b.id = ${options.bookingId}` : sql``;
  const { results } = await d1Statement(
    db,
    sql`WITH owed AS (
        SELECT b.id AS booking_id, b.sequence AS sequence, b.updated_at AS updated_at,
          CASE WHEN b.status = 'cancelled' THEN 'cancellation' WHEN b.sequence = 0 THEN 'confirmation' ELSE 'update' END AS kind
        FROM bookings b
        WHERE b.status IN ('confirmed', 'cancelled') AND b.starts_at > ${options.now.toISOString()}${settled}${only}
          AND (b.status = 'confirmed' OR b.payment_method <> 'card' OR EXISTS (SELECT 1 FROM booking_payments p WHERE p.booking_id = b.id)))
      SELECT booking_id, kind, sequence FROM owed o
      WHERE NOT EXISTS (SELECT 1 FROM booking_notices n WHERE n.booking_id = o.booking_id AND n.kind = o.kind || ':' || o.sequence)
        AND NOT EXISTS (SELECT 1 FROM failed_jobs f WHERE f.type = 'booking.notice' AND json_valid(f.body)
          AND json_extract(f.body, '$.bookingId') = o.booking_id AND json_extract(f.body, '$.kind') = o.kind AND json_extract(f.body, '$.sequence') = o.sequence)
      ORDER BY o.updated_at LIMIT ${options.limit ?? OWED_NOTICES_LIMIT}`,
  ).all<{ booking_id: string; kind: OwedNotice["kind"]; sequence: number }>();
  return results.map((row) => ({ bookingId: row.booking_id, kind: row.kind, sequence: row.sequence }));
}

/**
 * Enqueues the notices owed and never recorded (owedNotices), for the 15-minute sweep (changes at
 * least NOTICE_SETTLE_MS old) or for one booking at once (a redelivered payment event). Sending a
 * notice is idempotent, so one enqueued twice is still sent once.
 */
export async function requeueOwedNotices(db: Db, jobs: Pick<Queue, "send">, now: Date, only?: { bookingId: string }): Promise<OwedNotice[]> {
  const owed = await owedNotices(db, only ? { now, bookingId: only.bookingId } : { now, settledBefore: new Date(now.getTime() - NOTICE_SETTLE_MS) });
  for (const notice of owed) await enqueueBookingNotice(jobs, { id: notice.bookingId, sequence: notice.sequence }, notice.kind);
  return owed;
}
