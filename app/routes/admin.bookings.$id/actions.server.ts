import { data, type AppLoadContext } from "@remix-run/cloudflare";
import type { Viewer } from "~/auth/web-sessions.server";
import { cancelBooking, getBookingListItem, rescheduleBooking, setBookingOutcome, type BookingActor } from "~/booking/bookings.server";
import { BookingError } from "~/booking/errors";
import { decideRefundRequest, refundBookingPayment } from "~/booking/refunds.server";
import { paymentForBooking } from "~/booking/payments.server";
import { bookingRequestAndHistory, refundRequestOfBooking, refundsOfPayment } from "~/booking/records.server";
import { BookingOutcomeSchema, CancelSchema } from "~/booking/schemas";
import { formatDateTime as formatZoned, zoneAbbreviation, formatTimestamp } from "~/booking/time-zones";
import { redirectWithToast } from "~/platform/toast.server";
import { formatCents } from "~/billing/describe";
import { amountInput, parseRefundAmount } from "~/booking/refund-amount";
import { utcToZonedInput, zonedToUtc } from "~/utils/zoned-time";
import { notFoundResponse, notFoundUnless } from "~/auth/permissions.server";
import { checkStepUp } from "~/auth/step-up.server";

// One booking for the admins: what it is, its payment and refunds, its guarantee request and its
// history; and the forms (one handler per intent). The domain audits every change.

export type AdminBookingIntent = "reschedule" | "cancel" | "refund" | "outcome" | "approve-request" | "decline-request";

export type AdminBookingActionData = {
  intent: AdminBookingIntent | null;
  errors: { form?: string; startsAt?: string; reason?: string; outcome?: string; amount?: string; stepUpCode?: string };
  /** Free times near a refused reschedule, in the coach's zone. */
  alternatives?: { startsAt: string; label: string; value: string }[];
  /** What the refund's confirmation step shows, and sends back when confirmed. */
  confirmRefund?: { amountCents: number; amount: string; reason: string; refundedBefore: number; remainingAfterCents: number };
  /** What the admin typed into the refund form, kept when it is refused. */
  values?: { amount?: string; reason?: string };
};

export function refused(
  intent: AdminBookingIntent | null,
  errors: AdminBookingActionData["errors"],
  status = 400,
  extra: Partial<AdminBookingActionData> = {},
) {
  return data<AdminBookingActionData>({ intent, errors, ...extra }, { status });
}

const STATUS_WORDS = {
  held: "held for payment",
  confirmed: "confirmed",
  cancelled: "cancelled",
  expired: "expired",
  completed: "completed",
  no_show: "a no-show",
};

export async function loadAdminBooking(context: AppLoadContext, bookingId: string, now = new Date()) {
  const booking = /^[A-Za-z0-9-]{1,64}$/.test(bookingId) ? await getBookingListItem(context.db, bookingId) : null;
  notFoundUnless(booking);
  const zone = booking.coachTimeZone;
  const payment = await paymentForBooking(context.db, booking.id);
  const { request, history } = await bookingRequestAndHistory(context.db, booking.id, payment ? [payment.id] : []);
  const refunds = payment ? await refundsOfPayment(context.db, payment.id) : [];
  const started = Date.parse(booking.startsAt) <= now.getTime();
  return {
    booking: {
      id: booking.id,
      reference: booking.reference,
      status: booking.status,
      statusWords: STATUS_WORDS[booking.status],
      typeName: booking.typeName,
      coachName: booking.coachName,
      name: booking.name,
      email: booking.email,
      company: booking.company,
      phone: booking.phone,
      notes: booking.notes,
      paymentMethod: booking.paymentMethod,
      priceCents: booking.priceCents,
      startsAt: booking.startsAt,
      coachTime: formatZoned(booking.startsAt, zone),
      clientTime: booking.clientTimeZone !== zone ? formatZoned(booking.startsAt, booking.clientTimeZone) : null,
      zone,
      zoneAbbreviation: zoneAbbreviation(zone, booking.startsAt),
      startInput: utcToZonedInput(booking.startsAt, zone),
      cancelReason: booking.cancelReason,
      cancelledAt: booking.cancelledAt ? formatTimestamp(booking.cancelledAt) : null,
      createdAt: formatTimestamp(booking.createdAt),
    },
    can: {
      reschedule: booking.status === "confirmed" && !started,
      cancel: (booking.status === "confirmed" || booking.status === "held") && !started,
      outcome: started && ["confirmed", "completed", "no_show"].includes(booking.status),
      refund: payment !== null && payment.amountCents - payment.refundedCents > 0,
    },
    payment: payment
      ? {
          id: payment.id,
          invoiceNumber: payment.invoiceNumber,
          amountCents: payment.amountCents,
          refundedCents: payment.refundedCents,
          status: payment.status,
          remainingCents: payment.amountCents - payment.refundedCents,
          remainingInput: amountInput(payment.amountCents - payment.refundedCents),
          paidAt: formatTimestamp(payment.paidAt),
          refunds: refunds.map((refund) => ({ ...refund, createdAt: formatTimestamp(refund.createdAt) })),
        }
      : null,
    request: request
      ? {
          id: request.id,
          status: request.status,
          reason: request.reason,
          createdAt: formatTimestamp(request.createdAt),
          decidedAt: request.decidedAt ? formatTimestamp(request.decidedAt) : null,
        }
      : null,
    history: history.map((entry) => ({
      id: entry.id,
      action: entry.action,
      when: formatTimestamp(entry.createdAt),
      what: describeHistory(entry.action, entry.detail, zone),
      by: entry.actorEmail,
    })),
  };
}

/** One audit entry of the booking's history, in words: "Refunded A$50.00 (credit note CN-000012): Goodwill". */
function describeHistory(action: string, json: string, zone: string): string {
  let detail: Record<string, unknown> = {};
  try {
    detail = JSON.parse(json) as Record<string, unknown>;
  } catch {
    // An unreadable detail leaves the plain action.
  }
  const cents = typeof detail.amountCents === "number" ? formatCents(detail.amountCents) : null;
  switch (action) {
    case "payment_refunded":
      return `Refunded ${cents ?? "the payment"}${typeof detail.creditNoteNumber === "string" ? ` (credit note ${detail.creditNoteNumber})` : ""}`;
    case "booking_cancelled":
      return "Cancelled";
    case "booking_rescheduled":
      return typeof detail.to === "string" ? `Moved to ${formatZoned(detail.to, zone)}` : "Moved";
    case "booking_outcome_set":
      return detail.outcome === "no_show" ? "Marked as a no-show" : "Marked as completed";
    case "refund_request_decided": {
      // Older entries say `decision`; newer ones carry the status change (adminAuditStatement's diff).
      const changes = detail.changes as { status?: { to?: unknown } } | undefined;
      return (detail.decision ?? changes?.status?.to) === "approved" ? "Guarantee request approved" : "Guarantee request declined";
    }
    default:
      return action.replaceAll("_", " ");
  }
}

export type AdminBookingData = Awaited<ReturnType<typeof loadAdminBooking>>;

export type IntentArgs = { request: Request; context: AppLoadContext; viewer: Viewer; bookingId: string; formData: FormData };

const here = (bookingId: string) => `/admin/bookings/${encodeURIComponent(bookingId)}`;
const adminOf = (viewer: Viewer): BookingActor => ({ kind: "admin", userId: viewer.id });

function text(formData: FormData, name: string, max = 2000): string | null {
  const value = formData.get(name);
  return typeof value === "string" ? value.trim().slice(0, max) : null;
}

function domainRefusal(intent: AdminBookingIntent, error: unknown, field: keyof AdminBookingActionData["errors"] = "form") {
  if (error instanceof BookingError && error.status < 500) {
    if (error.status === 404 && error.code === "not_found") throw notFoundResponse();
    return refused(intent, { [field]: error.message }, error.status === 404 || error.status === 409 ? error.status : 400);
  }
  throw error;
}

function done(context: AppLoadContext, bookingId: string, title: string, description?: string, to = here(bookingId)) {
  return redirectWithToast(to, { title, description, variant: "success" }, context.env.SESSION_SECRET);
}

export async function rescheduleAction({ context, viewer, bookingId, formData }: IntentArgs) {
  const booking = await getBookingListItem(context.db, bookingId);
  notFoundUnless(booking);
  const startsAt = zonedToUtc(text(formData, "startsAt", 40) ?? "", booking.coachTimeZone);
  if (!startsAt) return refused("reschedule", { startsAt: "Enter the new date and start time." });
  let result;
  try {
    result = await rescheduleBooking(context, booking.id, startsAt, adminOf(viewer));
  } catch (error) {
    return domainRefusal("reschedule", error, "startsAt");
  }
  if (result.status === "taken") {
    const alternatives = result.alternatives.map((slot) => ({
      startsAt: slot.startsAt,
      label: formatZoned(slot.startsAt, booking.coachTimeZone),
      value: utcToZonedInput(slot.startsAt, booking.coachTimeZone),
    }));
    return refused("reschedule", { startsAt: "That time isn't free in the coach's calendar (their hours, time off, buffer or another booking)." }, 409, {
      alternatives,
    });
  }
  return done(
    context,
    bookingId,
    "Booking moved",
    `Now ${formatZoned(result.booking.startsAt, booking.coachTimeZone)}. The client and coach are sent an update.`,
  );
}

export async function cancelAction({ request, context, viewer, bookingId, formData }: IntentArgs) {
  const reason = text(formData, "reason") ?? "";
  if (!reason) return refused("cancel", { reason: "Give a reason: the client and coach are told it." });
  const parsed = CancelSchema.safeParse({ reason });
  if (!parsed.success) return refused("cancel", { reason: parsed.error.issues[0]?.message ?? "Please shorten the reason." });
  // Cancelling a paid session refunds it: the same fresh authenticator code as a refund.
  const payment = await paymentForBooking(context.db, bookingId);
  if (payment && payment.amountCents > payment.refundedCents) {
    const stepUp = await checkStepUp(request, context, viewer, formData);
    if (!stepUp.ok) return refused("cancel", { stepUpCode: stepUp.message }, stepUp.status);
  }
  let result;
  try {
    result = await cancelBooking(context, bookingId, adminOf(viewer), parsed.data.reason);
  } catch (error) {
    return domainRefusal("cancel", error, "reason");
  }
  const description = result.refundIssued
    ? "The payment has been refunded in full."
    : result.creditReturned
      ? "The package credit has been returned."
      : result.refund === "full" && result.booking.paymentMethod === "card"
        ? "The refund didn't go through: issue it with “Refund the payment”."
        : undefined;
  return done(context, bookingId, "Booking cancelled", description);
}

/**
 * A refund in two steps, both plain form posts: the first checks the amount and reason and answers
 * the confirmation (nothing is refunded); the second, with `confirm=yes` and the refunded total the
 * admin reviewed, refunds that amount at Stripe, issues its credit note and emails the client.
 */
export async function refundAction({ request, context, viewer, bookingId, formData }: IntentArgs) {
  const reason = text(formData, "reason") ?? "";
  const amountText = text(formData, "amount", 40) ?? "";
  const values = { amount: amountText, reason };
  const payment = await paymentForBooking(context.db, bookingId);
  if (!payment) {
    if (!(await getBookingListItem(context.db, bookingId))) throw notFoundResponse();
    return refused("refund", { form: "This booking wasn't paid by card, so there's nothing to refund." }, 409);
  }
  const remaining = payment.amountCents - payment.refundedCents;
  if (remaining <= 0) return refused("refund", { form: "This payment has already been refunded in full." }, 409);
  const amount = parseRefundAmount(amountText, remaining);
  const errors: AdminBookingActionData["errors"] = {};
  if (!amount.ok) errors.amount = amount.message;
  if (!reason) errors.reason = "Give a reason: it is printed on the credit note.";
  else if (reason.length > 500) errors.reason = "Keep the reason to 500 characters or fewer.";
  if (!amount.ok || errors.reason) return refused("refund", errors, 400, { values });

  const confirmRefund = {
    amountCents: amount.cents,
    amount: amountInput(amount.cents),
    reason,
    refundedBefore: payment.refundedCents,
    remainingAfterCents: remaining - amount.cents,
  };
  if (formData.get("confirm") !== "yes") return data<AdminBookingActionData>({ intent: "refund", errors: {}, values, confirmRefund });
  const reviewed = Number(text(formData, "refundedBefore", 20));
  if (!Number.isSafeInteger(reviewed) || reviewed < 0) {
    return refused("refund", { form: "Review the refund again before confirming it." }, 400, { values });
  }
  // Money leaves the business: a fresh authenticator code when the last one is over 10 minutes old.
  const stepUp = await checkStepUp(request, context, viewer, formData);
  if (!stepUp.ok)
    return refused("refund", { stepUpCode: stepUp.message }, stepUp.status, { values, confirmRefund: { ...confirmRefund, refundedBefore: reviewed } });
  let result;
  try {
    result = await refundBookingPayment(context, payment.id, {
      reason,
      amountCents: amount.cents,
      actorId: viewer.id,
      expectRefundedCents: reviewed,
      notifyClient: true,
    });
  } catch (error) {
    return domainRefusal("refund", error);
  }
  return done(
    context,
    bookingId,
    `Refunded ${formatCents(result.refund.amountCents)}`,
    `Credit note ${result.refund.creditNoteNumber} was issued and the client was emailed.`,
  );
}

export async function outcomeAction({ context, viewer, bookingId, formData }: IntentArgs) {
  const parsed = BookingOutcomeSchema.safeParse({ outcome: text(formData, "outcome", 20) ?? undefined });
  if (!parsed.success) return refused("outcome", { outcome: "Choose completed or no-show." });
  try {
    await setBookingOutcome(context, bookingId, parsed.data.outcome, adminOf(viewer));
  } catch (error) {
    return domainRefusal("outcome", error);
  }
  return done(context, bookingId, parsed.data.outcome === "completed" ? "Marked as completed" : "Marked as a no-show");
}

async function decide({ request: httpRequest, context, viewer, bookingId, formData }: IntentArgs, decision: "approve" | "decline") {
  const intent = decision === "approve" ? "approve-request" : "decline-request";
  const requestId = text(formData, "requestId", 100) ?? "";
  const request = await refundRequestOfBooking(context.db, requestId, bookingId);
  if (!request) return refused(intent, { form: "That refund request wasn't found. Please reload the page." }, 404);
  // A guarantee decision is a money decision: a fresh authenticator code when the last one is over 10 minutes old.
  const stepUp = await checkStepUp(httpRequest, context, viewer, formData);
  if (!stepUp.ok) return refused(intent, { stepUpCode: stepUp.message }, stepUp.status);
  let result;
  try {
    result = await decideRefundRequest(context, viewer.id, request.id, decision);
  } catch (error) {
    return domainRefusal(intent, error);
  }
  const to = formData.get("returnTo") === "list" ? "/admin/bookings" : here(bookingId);
  return decision === "approve"
    ? done(context, bookingId, "Refund approved", result.refund ? `Credit note ${result.refund.creditNoteNumber} was issued.` : undefined, to)
    : done(context, bookingId, "Refund request declined", undefined, to);
}

export const approveRequest = (args: IntentArgs) => decide(args, "approve");
export const declineRequest = (args: IntentArgs) => decide(args, "decline");
