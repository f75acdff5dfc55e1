import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import * as z from "zod";
import { getBooking, type BookingRow } from "~/booking/bookings.server";
import { getCoachById } from "~/booking/catalogue.server";
import { isBookingError } from "~/booking/errors";
import { verifyCheckoutReturnToken } from "~/booking/links.server";
import { abandonCheckout, resumableCheckout } from "~/booking/checkout.server";
import { formatDateTime, formatSlotTime, zoneAbbreviation } from "~/booking/time-zones";
import { flowHref } from "~/booking/flow-links";
import { notFoundUnless } from "~/auth/permissions.server";

// Who may act on a held booking from the checkout's way back: the browser Stripe sends back with the
// cancel_url's signed token, or the booking's owner signed in. Anyone else — who only knows the
// booking's id — sees a page that says nothing about it, and their posts change nothing.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Query = { bookingId: string | null; token: string | null };

async function bookingOfReturn(context: AppLoadContext, { bookingId, token }: Query): Promise<BookingRow | null> {
  if (!bookingId || !UUID.test(bookingId)) return null;
  const signed = token ? await verifyCheckoutReturnToken(context.env, bookingId, token) : false;
  const viewer = signed ? null : await context.viewer();
  if (!signed && !viewer) return null;
  const booking = await getBooking(context.db, bookingId);
  if (!booking || booking.paymentMethod !== "card") return null;
  return signed || booking.clientId === viewer?.id ? booking : null;
}

/** This page's own address for the booking, with the token it was opened with. */
function pageHref({ bookingId, token }: Query) {
  const query = new URLSearchParams({ booking: bookingId ?? "" });
  if (token) query.set("token", token);
  return `/booking/checkout-cancelled?${query}`;
}

export async function loadCheckoutReturn(context: AppLoadContext, query: Query, now = new Date()) {
  const booking = await bookingOfReturn(context, query);
  if (!booking) return { state: "unknown" as const, againHref: "/booking" };
  const coach = await getCoachById(context.db, booking.coachId);
  const zone = booking.clientTimeZone;
  const againHref = flowHref({ type: booking.bookingTypeId, coach: coach?.slug ?? "any", tz: zone });
  const when = formatDateTime(booking.startsAt, zone);
  if (booking.status === "confirmed" || booking.status === "completed" || booking.status === "no_show") {
    return { state: "paid" as const, when, againHref, confirmationHref: `/booking-confirmation?booking=${booking.id}` };
  }
  const holdEnds = booking.holdExpiresAt ? Date.parse(booking.holdExpiresAt) : 0;
  if (booking.status === "held" && holdEnds > now.getTime()) {
    const heldUntil = `${formatSlotTime(booking.holdExpiresAt!, zone)} ${zoneAbbreviation(zone, booking.holdExpiresAt!)}`;
    return { state: "held" as const, when, heldUntil, bookingId: booking.id, token: query.token ?? "", againHref };
  }
  return { state: "released" as const, when, againHref };
}

export type CheckoutReturnData = Awaited<ReturnType<typeof loadCheckoutReturn>>;
export type CheckoutReturnActionData = { error: string };

const ReturnFormSchema = z.object({
  intent: z.enum(["resume", "release"]),
  booking: z.string().max(100),
  token: z.string().max(300).optional(),
});

function formValues(formData: FormData) {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") values[key] ??= value;
  return values;
}

/** "Return to payment" and "Release this time": a POST from the signed return link or the owner, never a GET. */
export async function checkoutReturnAction(context: AppLoadContext, formData: FormData) {
  const parsed = ReturnFormSchema.safeParse(formValues(formData));
  if (!parsed.success) return data<CheckoutReturnActionData>({ error: "That action isn't available. Please reload the page and try again." }, { status: 400 });
  const query = { bookingId: parsed.data.booking, token: parsed.data.token || null };
  const booking = await bookingOfReturn(context, query);
  notFoundUnless(booking);
  try {
    if (parsed.data.intent === "resume") {
      const url = await resumableCheckout(context, booking);
      // Paid, closed or run out meanwhile: the page says which.
      return redirect(url ?? pageHref(query));
    }
    await abandonCheckout(context, booking.id);
    return redirect(pageHref(query));
  } catch (error) {
    if (!isBookingError(error)) throw error;
    return data<CheckoutReturnActionData>({ error: error.message }, { status: error.status >= 500 ? 503 : error.status });
  }
}
