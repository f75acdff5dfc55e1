import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { cancelBooking, getBooking, rescheduleBooking, type BookingActor } from "~/booking/bookings.server";
import { getCoachById } from "~/booking/catalogue.server";
import { isBookingError } from "~/booking/errors";
import { verifyManageToken } from "~/booking/links.server";
import { canChangeFreely, CANCELLATION_NOTICE_HOURS, freeChangeDeadline } from "~/booking/policy";
import { CANCELLATION_TERMS, cancellationTerms, cancellationTermsText, type CancellationTerms } from "~/booking/cancellation";
import { paymentForBooking, type BookingRow } from "~/booking/payments.server";
import { CancelSchema } from "~/booking/schemas";
import { earliestStartLabel, earliestStartMinutes, startsLateEnough } from "~/booking/earliest-start";
import { AU_TIME_ZONES, formatDateTime, formatSlotDate, formatSlotTime, zoneAbbreviation } from "~/booking/time-zones";
import { redirectWithToast } from "~/platform/toast.server";
import { parseForm } from "~/utils/forms";
import { describeBooking } from "~/booking/describe.server";
import { flowHref } from "~/booking/flow-links";
import { addDays, dayPicker, DAYS_PER_PAGE, findSlot, parseInstant, parseLocalDate, timeChoice, today } from "~/booking/slots-view.server";
import { notFoundUnless } from "~/auth/permissions.server";

// /booking/manage/{token}: the booking's signed link (from its emails) lets the person who booked
// move or cancel it without signing in. A bad or expired link is a 404 with a clear message.

const LINK_ACTOR: BookingActor = { kind: "link", userId: null };

export type ManageActionData = {
  intent: "reschedule" | "cancel" | null;
  errors: { form?: string; reason?: string };
  taken?: { alternatives: { href: string; label: string; coachName: string | null }[] };
};

async function bookingOfToken(context: AppLoadContext, token: string | undefined) {
  const verified = token ? await verifyManageToken(context.env, token) : null;
  const booking = verified ? await getBooking(context.db, verified.bookingId) : null;
  notFoundUnless(booking);
  return booking;
}

function zoneOf(value: string | null, fallback: string) {
  return AU_TIME_ZONES.find((zone) => zone.id === value)?.id ?? fallback;
}

/** What cancelling now would do to this booking's money or credit, as the confirmation says it. */
async function termsOfCancelling(context: AppLoadContext, booking: BookingRow, now: Date): Promise<{ terms: CancellationTerms; text: string }> {
  const terms = cancellationTerms(booking, { business: false }, now);
  // A refund gives back what is left of the payment (an admin may have refunded part of it already).
  const payment = booking.paymentMethod === "card" ? await paymentForBooking(context.db, booking.id) : null;
  const amountCents = payment ? payment.amountCents - payment.refundedCents : booking.priceCents;
  return { terms, text: cancellationTermsText(terms, { amountCents, when: "before" }) ?? "" };
}

export async function loadManage(request: Request, context: AppLoadContext, token: string, now = context.services.clock.now()) {
  const booking = await bookingOfToken(context, token);
  const view = await describeBooking(context, booking);
  const query = new URL(request.url).searchParams;
  const zone = zoneOf(query.get("tz"), booking.clientTimeZone);
  const path = `/booking/manage/${token}`;
  const upcoming = Date.parse(booking.startsAt) > now.getTime();
  const changeable = (booking.status === "confirmed" || booking.status === "held") && upcoming;
  const paid = booking.paymentMethod !== "free";
  const policy = {
    free: canChangeFreely(booking, now),
    freeUntil: formatDateTime(freeChangeDeadline(booking).toISOString(), booking.clientTimeZone),
    noticeHours: CANCELLATION_NOTICE_HOURS,
    paid,
    paymentMethod: booking.paymentMethod,
  };
  const confirmed = changeable && booking.status === "confirmed";
  // ?cancel=1 is the step that asks "Cancel this booking?" and says what happens to the money or credit.
  const cancel = confirmed ? { step: query.get("cancel") === "1", ...(await termsOfCancelling(context, booking, now)) } : null;
  const base = { booking: view, token, path, zone, changeable: confirmed, policy, cancel };

  const coach = await getCoachById(context.db, booking.coachId);
  if (!base.changeable || !coach || query.get("reschedule") !== "1") return { ...base, reschedule: null };

  // The same earliest local start as booking: no time before it in the client's zone is offered.
  const slotQuery = { typeId: booking.bookingTypeId, coach: coach.slug, zone, now, earliestMinutes: earliestStartMinutes(context.env.BOOKING_EARLIEST_START) };
  const params = { tz: zone };
  const manageHref = (extra: { from?: string; day?: string; time?: string }) => flowHref({ ...params, ...extra }, path).replace("?", "?reschedule=1&");
  const time = parseInstant(query.get("time"));
  if (time) {
    const found = await findSlot(context.db, slotQuery, time);
    if (found.slot) {
      const choice = timeChoice(found.slot, zone);
      return {
        ...base,
        reschedule: {
          kind: "confirm" as const,
          startsAt: time,
          label: `${formatSlotDate(time, zone)}, ${choice.time} ${choice.abbreviation}`,
          coachTime: found.slot.coachTimeZone !== zone ? choice.coachTime : null,
          backHref: manageHref({ day: parseLocalDate(query.get("day")) ?? undefined }),
        },
      };
    }
  }
  const first = today(zone, now);
  const requestedFrom = parseLocalDate(query.get("from"));
  const from = requestedFrom && requestedFrom > first && requestedFrom <= addDays(first, 365) ? requestedFrom : first;
  const day = parseLocalDate(query.get("day"));
  const selected = day && day >= first ? day : null;
  const { days, times } = await dayPicker(context.db, slotQuery, from, selected);
  const earlierFrom = from > first ? addDays(from, -DAYS_PER_PAGE) : null;
  return {
    ...base,
    reschedule: {
      kind: "pick" as const,
      taken: time !== null,
      zones: AU_TIME_ZONES.map((z) => ({ id: z.id, label: `${z.label} (${zoneAbbreviation(z.id, now)})` })),
      from: from === first ? undefined : from,
      selectedDay: selected,
      selectedDayLabel: selected ? (times[0] ? formatSlotDate(times[0].startsAt, zone) : selected) : null,
      days: days.map((d) => ({ ...d, href: manageHref({ from: from === first ? undefined : from, day: d.date }), current: d.date === selected })),
      times: times.map((t) => ({ ...t, href: manageHref({ day: selected ?? undefined, time: t.startsAt }) })),
      later: manageHref({ from: addDays(from, DAYS_PER_PAGE) }),
      earlier: earlierFrom ? manageHref({ from: earlierFrom < first ? undefined : earlierFrom }) : null,
    },
  };
}

function fail(intent: ManageActionData["intent"], errors: ManageActionData["errors"], status = 400) {
  return data<ManageActionData>({ intent, errors }, { status });
}

export async function rescheduleIntent(context: AppLoadContext, token: string, formData: FormData) {
  const booking = await bookingOfToken(context, token);
  const startsAt = parseInstant(typeof formData.get("time") === "string" ? (formData.get("time") as string) : null);
  if (!startsAt) return fail("reschedule", { form: "Please choose a new time." });
  const zone = zoneOf(typeof formData.get("tz") === "string" ? (formData.get("tz") as string) : null, booking.clientTimeZone);
  const earliest = earliestStartMinutes(context.env.BOOKING_EARLIEST_START);
  if (!startsLateEnough(Date.parse(startsAt), zone, earliest))
    return fail("reschedule", { form: `We don't book times before ${earliestStartLabel(earliest)} in your time zone. Please choose another time.` });
  let result: Awaited<ReturnType<typeof rescheduleBooking>>;
  try {
    result = await rescheduleBooking(context, booking.id, startsAt, LINK_ACTOR);
  } catch (error) {
    if (isBookingError(error) && error.status < 500) return fail("reschedule", { form: error.message }, error.status);
    throw error;
  }
  if (result.status === "taken") {
    const path = `/booking/manage/${token}`;
    return data<ManageActionData>(
      {
        intent: "reschedule",
        errors: { form: "That time was just taken. Please choose another time." },
        taken: {
          alternatives: result.alternatives.map((slot) => ({
            href: flowHref({ tz: zone, time: slot.startsAt }, path).replace("?", "?reschedule=1&"),
            label: `${formatSlotDate(slot.startsAt, zone)}, ${formatSlotTime(slot.startsAt, zone)} ${zoneAbbreviation(zone, slot.startsAt)}`,
            coachName: null,
          })),
        },
      },
      { status: 409 },
    );
  }
  const moved = await describeBooking(context, result.booking);
  return redirectWithToast(
    moved.manageHref,
    { title: "Booking moved", description: `Your booking is now ${moved.when}. We've emailed you an updated calendar invitation.`, variant: "success" },
    context.env.SESSION_SECRET,
  );
}

export async function cancelIntent(context: AppLoadContext, token: string, formData: FormData) {
  const booking = await bookingOfToken(context, token);
  const parsed = parseForm(formData, CancelSchema);
  if (!parsed.success) return fail("cancel", parsed.errors);
  // Nothing is cancelled without the confirmation step, which names the terms the person agreed to;
  // if they no longer hold (the 24-hour line passed meanwhile), the step is shown again with the new ones.
  const confirmed = formData.get("confirm");
  if (typeof confirmed !== "string" || !(CANCELLATION_TERMS as readonly string[]).includes(confirmed)) {
    return fail("cancel", { form: "Please confirm the cancellation: check what happens to your payment or credit, then press “Yes, cancel this booking”." });
  }
  const now = context.services.clock.now();
  const current = await termsOfCancelling(context, booking, now);
  if (booking.status === "confirmed" && confirmed !== current.terms) {
    return fail("cancel", { form: `What cancelling means has changed since you opened this page: ${current.text} Please confirm again.` }, 409);
  }
  let result: Awaited<ReturnType<typeof cancelBooking>>;
  try {
    result = await cancelBooking(context, booking.id, LINK_ACTOR, parsed.data.reason);
  } catch (error) {
    if (isBookingError(error) && error.status < 500) return fail("cancel", { form: error.message }, error.status);
    throw error;
  }
  const outcome = result.refund === "full" ? " Your payment will be refunded in full." : result.creditReturned ? " Your package credit has been returned." : "";
  return redirectWithToast(
    `/booking/manage/${token}`,
    { title: "Booking cancelled", description: `We've let your coach know.${outcome}`, variant: "success" },
    context.env.SESSION_SECRET,
  );
}

export function unknownIntent() {
  return fail(null, { form: "That action isn't available. Please reload the page and try again." });
}
