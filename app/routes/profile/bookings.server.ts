import type { AppContext } from "~/context.server";
import type { Viewer } from "~/auth/web-sessions.server";
import { cancelBooking, listClientBookings, type BookingActor, type BookingListItem } from "~/booking/bookings.server";
import { creditBalance } from "~/booking/credits.server";
import { BookingError } from "~/booking/errors";
import { manageUrl } from "~/booking/links.server";
import { guaranteeEligibility, requestGuaranteeRefund } from "~/booking/refunds.server";
import { listClientPayments } from "~/booking/payments.server";
import { canChangeFreely, CANCELLATION_NOTICE_HOURS, freeChangeDeadline, GUARANTEE_DAYS } from "~/booking/policy";
import { CancelSchema } from "~/booking/schemas";
import { formatDateTime as formatZoned } from "~/booking/time-zones";
import { roomLinkOf } from "~/meetings/room-link";
import { meetingWindowSettings } from "~/meetings/window";
import { latestRefundRequest } from "~/booking/records.server";
import { sentSummariesFor } from "~/meetings/summaries.server";
import { redirectWithToast } from "~/platform/toast.server";
import { formatDate } from "~/utils/format";
import { fail, type ProfileIntentArgs } from "./intents.server";

// The Bookings tab: the client's upcoming and past bookings (times in their profile's zone, else the
// zone they booked in, each named), their
// package credits, invoices and credit notes, and the money-back guarantee; and its two forms
// (cancel a booking, ask for the guarantee).

export const BOOKINGS_TAB_PATH = "/profile?tab=bookings";

const STATUS_LABELS: Record<BookingListItem["status"], string> = {
  held: "Awaiting payment",
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  expired: "Not completed",
  completed: "Completed",
  no_show: "Missed",
};

const PAYMENT_LABELS: Record<BookingListItem["paymentMethod"], string> = { free: "Free", card: "Paid by card", credit: "Package credit" };

const REQUEST_LABELS = { requested: "Waiting for a decision", approved: "Approved: refunded", declined: "Declined" } as const;

async function bookingView(context: AppContext, booking: BookingListItem, now: Date, profileZone: string | null) {
  const zone = profileZone ?? booking.clientTimeZone;
  const upcoming = (booking.status === "confirmed" || booking.status === "held") && Date.parse(booking.endsAt) > now.getTime();
  const changeable = upcoming && booking.status === "confirmed";
  return {
    id: booking.id,
    reference: booking.reference,
    typeName: booking.typeName,
    kind: booking.kind,
    coachName: booking.coachName,
    status: booking.status,
    statusLabel: STATUS_LABELS[booking.status],
    payment: booking.priceCents > 0 || booking.paymentMethod !== "free" ? PAYMENT_LABELS[booking.paymentMethod] : "Free",
    startsAt: booking.startsAt,
    when: formatZoned(booking.startsAt, zone),
    upcoming,
    joinable: changeable,
    // The meeting room: "Join" while it is open (until 30 minutes after the end), else when it opens.
    room: roomLinkOf(booking, meetingWindowSettings(context.env), now, zone),
    // The signed manage page (the same as the emailed link), on this site.
    managePath: changeable ? new URL(await manageUrl(context, booking)).pathname : null,
    freeChange: changeable ? canChangeFreely(booking, now) : false,
    freeChangeUntil: changeable ? formatZoned(freeChangeDeadline(booking).toISOString(), zone) : null,
    paidByCard: booking.paymentMethod === "card",
    paidByCredit: booking.paymentMethod === "credit",
  };
}

export type BookingView = Awaited<ReturnType<typeof bookingView>>;

/** The first paid consultation, and whether (and how) the guarantee applies to it now. */
async function guaranteeOf(context: AppContext, userId: string, items: BookingListItem[], now: Date, profileZone: string | null) {
  const first = items
    .filter((b) => b.clientId === userId && b.kind === "session" && b.paymentMethod !== "free" && ["confirmed", "completed", "no_show"].includes(b.status))
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt))[0];
  if (!first) return null;
  const zone = profileZone ?? first.clientTimeZone;
  const request = await latestRefundRequest(context.db, userId, first.id);
  const booking = { id: first.id, typeName: first.typeName, when: formatZoned(first.startsAt, zone) };
  if (request) {
    return {
      booking,
      eligible: false,
      request: { status: request.status, label: REQUEST_LABELS[request.status], requestedOn: formatDate(request.createdAt) },
    };
  }
  const check = await guaranteeEligibility(context.db, userId, first.id, now);
  if (!check.eligible) return null;
  return {
    booking,
    eligible: true,
    request: null,
    until: formatZoned(new Date(Date.parse(first.endsAt) + GUARANTEE_DAYS * 86_400_000).toISOString(), zone),
  };
}

/** Everything the Bookings tab shows. */
export async function loadBookingsTab(context: AppContext, viewer: Viewer, now = new Date()) {
  const [items, credits, payments] = await Promise.all([
    listClientBookings(context.db, { userId: viewer.id, email: viewer.email }),
    creditBalance(context.db, viewer.id, now),
    listClientPayments(context.db, viewer.id),
  ]);
  const views = await Promise.all(items.map((item) => bookingView(context, item, now, viewer.timeZone)));
  // The summaries the coaches sent after past sessions ("Session summary" under each).
  const summaries = await sentSummariesFor(
    context,
    views.filter((b) => !b.upcoming).map((b) => b.id),
  );
  const past = views
    .filter((b) => !b.upcoming)
    .map((b) => {
      const summary = summaries.get(b.id);
      return {
        ...b,
        recordPath: ["confirmed", "completed", "no_show"].includes(b.status) ? `/meeting/${b.id}/record` : null,
        summary: summary ? { text: summary.summary, items: summary.actionItems } : null,
      };
    });
  return {
    noticeHours: CANCELLATION_NOTICE_HOURS,
    guaranteeDays: GUARANTEE_DAYS,
    upcoming: views.filter((b) => b.upcoming).sort((a, b) => a.startsAt.localeCompare(b.startsAt)),
    past,
    credits: credits.map((credit) => ({
      purchaseId: credit.purchaseId,
      packageName: credit.packageName,
      remaining: credit.remaining,
      durationMinutes: credit.durationMinutes,
      expires: formatDate(credit.expiresAt),
    })),
    payments: payments.map((payment) => ({
      id: payment.id,
      number: payment.invoiceNumber,
      description: payment.description,
      amountCents: payment.amountCents,
      paidOn: formatDate(payment.paidAt),
      status: payment.status,
      creditNotes: payment.refunds.map((refund) => ({
        id: refund.id,
        number: refund.creditNoteNumber,
        amountCents: refund.amountCents,
        date: formatDate(refund.createdAt),
      })),
    })),
    guarantee: await guaranteeOf(context, viewer.id, items, now, viewer.timeZone),
  };
}

export type BookingsTabData = Awaited<ReturnType<typeof loadBookingsTab>>;

function bookingIdOf(formData: FormData): string | null {
  const value = formData.get("bookingId");
  return typeof value === "string" && /^[A-Za-z0-9-]{1,64}$/.test(value) ? value : null;
}

function refused(intent: "cancel-booking" | "request-guarantee", bookingId: string | null, error: unknown, field = "form") {
  if (error instanceof BookingError && error.status < 500) {
    return fail(intent, { [field]: error.message }, { bookingId: bookingId ?? undefined }, error.status === 404 ? 404 : error.status === 409 ? 409 : 400);
  }
  throw error;
}

/** Cancels one of the viewer's own bookings (their account's, or one made with their address before they had one). */
export async function cancelOwnBooking({ context, viewer, formData }: ProfileIntentArgs) {
  const bookingId = bookingIdOf(formData);
  const parsed = CancelSchema.safeParse({ reason: typeof formData.get("reason") === "string" ? formData.get("reason") : undefined });
  if (!parsed.success)
    return fail("cancel-booking", { reason: parsed.error.issues[0]?.message ?? "Please shorten the reason." }, { bookingId: bookingId ?? undefined });
  const mine = bookingId ? (await listClientBookings(context.db, { userId: viewer.id, email: viewer.email })).find((b) => b.id === bookingId) : undefined;
  if (!mine) return fail("cancel-booking", { form: "We couldn't find that booking. Please reload the page." }, {}, 404);
  const actor: BookingActor = { kind: "client", userId: viewer.id, email: viewer.email };
  let result;
  try {
    result = await cancelBooking(context, mine.id, actor, parsed.data.reason);
  } catch (error) {
    return refused("cancel-booking", mine.id, error);
  }
  const description =
    result.refund === "full"
      ? mine.paymentMethod === "credit"
        ? "Your package credit has been returned."
        : "Your payment will be refunded in full to your card."
      : mine.paymentMethod === "free"
        ? "We've let your coach know."
        : `It was less than ${CANCELLATION_NOTICE_HOURS} hours before the start, so it isn't refunded.`;
  return redirectWithToast(BOOKINGS_TAB_PATH, { title: "Booking cancelled", description, variant: "success" }, context.env.SESSION_SECRET);
}

/** Asks for the money-back guarantee on the first paid consultation. */
export async function requestGuarantee({ context, viewer, formData }: ProfileIntentArgs) {
  const bookingId = bookingIdOf(formData);
  const reason = formData.get("reason");
  if (!bookingId) return fail("request-guarantee", { form: "We couldn't find that booking. Please reload the page." }, {}, 404);
  if (typeof reason !== "string" || !reason.trim()) {
    return fail("request-guarantee", { reason: "Please tell us briefly why the consultation wasn't worth it." }, { bookingId });
  }
  try {
    await requestGuaranteeRefund(context, viewer.id, bookingId, reason);
  } catch (error) {
    const field = error instanceof BookingError && error.code.startsWith("reason") ? "reason" : "form";
    return refused("request-guarantee", bookingId, error, field);
  }
  return redirectWithToast(
    BOOKINGS_TAB_PATH,
    { title: "Refund requested", description: "We'll review your request and let you know by email.", variant: "success" },
    context.env.SESSION_SECRET,
  );
}
