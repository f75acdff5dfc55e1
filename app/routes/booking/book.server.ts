import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import * as z from "zod";
import { bookSlot, releaseHold } from "~/booking/bookings.server";
import { getBookingType, getPackage } from "~/booking/catalogue.server";
import { isBookingError } from "~/booking/errors";
import { startPackageCheckout, startSessionCheckout } from "~/booking/checkout.server";
import { BookingDetailsSchema } from "~/booking/schemas";
import { AU_TIME_ZONES, formatSlotDate, formatSlotTime, zoneAbbreviation } from "~/booking/time-zones";
import { clientSource, consumeRateLimit, tooManyRequests, type RateLimitRule } from "~/platform/rate-limit.server";
import { parseForm, type FieldErrors } from "~/utils/forms";
import { grantBookingAccess } from "~/booking/access.server";
import { ANY_COACH, DEFAULT_ZONE, flowHref } from "~/booking/flow-links";
import { parseInstant } from "~/booking/slots-view.server";
import { earliestStartLabel, earliestStartMinutes, startsLateEnough } from "~/booking/earliest-start";

// The booking page's two forms: "book" (the details step, and payment for a paid session) and
// "buy-package". Each parses its own fields; a refusal comes back with what was typed and a 4xx.

export const DETAIL_FIELDS = ["name", "email", "company", "phone", "businessType", "notes"] as const;
type DetailField = (typeof DETAIL_FIELDS)[number];

/** Alternatives offered when the chosen time was taken meanwhile. */
export type Alternative = { href: string; label: string; coachName: string | null };

export type BookingActionData = {
  errors: FieldErrors<Record<DetailField, string>> & { payWith?: string };
  values: Partial<Record<DetailField, string>>;
  taken?: { alternatives: Alternative[] };
};

/** Bookings from one connection: a person books a handful at most; this stops a script filling calendars. */
export const BOOKING_FORM_LIMIT: RateLimitRule = { name: "booking", limit: 10, windowMs: 10 * 60 * 1000 };

/** The longest value shown back in a refused form: more than any field takes. */
const ECHO_MAX = 1000;

const ChoiceSchema = z.object({
  type: z.string().min(1).max(60),
  coach: z.string().min(1).max(120),
  tz: z.string().refine((value) => AU_TIME_ZONES.some((zone) => zone.id === value)),
  time: z.string().refine((value) => parseInstant(value) !== null),
  payWith: z.enum(["card", "credit"]).optional(),
});

function echo(formData: FormData): BookingActionData["values"] {
  return Object.fromEntries(
    DETAIL_FIELDS.map((field) => {
      const value = formData.get(field);
      return [field, typeof value === "string" ? value.slice(0, ECHO_MAX) : ""];
    }),
  );
}

function refuse(formData: FormData, errors: BookingActionData["errors"], status = 400, retryAfterSeconds?: number) {
  return data<BookingActionData>(
    { errors, values: echo(formData) },
    { status, headers: retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined },
  );
}

function firstValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string") values[key] ??= value;
  return values;
}

export async function bookIntent(request: Request, context: AppLoadContext, formData: FormData) {
  const choice = ChoiceSchema.safeParse(firstValues(formData));
  if (!choice.success) {
    return refuse(formData, { form: "The time you picked didn't come through. Please go back and choose a time again." });
  }
  const parsed = parseForm(formData, BookingDetailsSchema);
  if (!parsed.success) return refuse(formData, parsed.errors as BookingActionData["errors"]);

  const { type: typeId, coach: coachParam, tz, time, payWith: chosenPayment } = choice.data;
  // The pages offer no time before the earliest local start; nor is one booked from an old or edited form.
  const earliest = earliestStartMinutes(context.env.BOOKING_EARLIEST_START);
  if (!startsLateEnough(Date.parse(time), tz, earliest)) {
    return refuse(formData, { form: `We don't book times before ${earliestStartLabel(earliest)} in your time zone. Please go back and choose another time.` });
  }
  const type = await getBookingType(context.db, typeId);
  if (!type) return refuse(formData, { form: "That kind of session can't be booked. Please start again." });
  const viewer = await context.viewer();
  const paid = type.priceCents > 0;
  const payWith = !paid ? "free" : (chosenPayment ?? "card");
  if (payWith === "credit" && !viewer) {
    return refuse(formData, { payWith: "Sign in to pay with a package credit, or pay by card." });
  }

  const limit = await consumeRateLimit(context.db, BOOKING_FORM_LIMIT, clientSource(request), context.env.SESSION_SECRET);
  if (!limit.allowed) {
    const refused = tooManyRequests(limit.retryAfterSeconds);
    return data<BookingActionData>({ errors: { form: refused.message }, values: echo(formData) }, refused.init);
  }

  const coach = coachParam === ANY_COACH ? null : coachParam;
  let result: Awaited<ReturnType<typeof bookSlot>>;
  try {
    result = await bookSlot(context, {
      typeId: type.id,
      coach,
      startsAt: time,
      details: parsed.data,
      clientTimeZone: tz,
      userId: viewer?.id ?? null,
      payWith,
      request,
    });
  } catch (error) {
    if (isBookingError(error) && error.status < 500) {
      const field = error.code === "no_credits" || error.code === "sign_in_required" ? "payWith" : "form";
      // A hold over its limits (429, or 409 for a coach's day) says when trying again can work.
      return refuse(formData, { [field]: error.message }, error.status, error.retryAfterSeconds);
    }
    throw error;
  }

  if (result.status === "taken") {
    const params = { type: type.id, coach: coachParam, tz };
    return data<BookingActionData>(
      {
        errors: { form: "That time was just taken. Please choose another time." },
        values: echo(formData),
        taken: {
          alternatives: result.alternatives.map((slot) => ({
            href: flowHref({ ...params, time: slot.startsAt }),
            label: `${formatSlotDate(slot.startsAt, tz)}, ${formatSlotTime(slot.startsAt, tz)} ${zoneAbbreviation(tz, slot.startsAt)}`,
            coachName: coach ? null : slot.coachName,
          })),
        },
      },
      { status: 409 },
    );
  }

  const { booking } = result;
  // This browser may see the booking's confirmation for a while (and only this one, not its address).
  const access = { "Set-Cookie": await grantBookingAccess(request, context.env.SESSION_SECRET, booking.id) };
  if (payWith === "card") {
    try {
      const checkout = await startSessionCheckout(context, booking, request);
      return redirect(checkout.url, { headers: access });
    } catch (error) {
      // No checkout, no hold: the time goes back on offer at once.
      console.error("booking: could not start the checkout", error instanceof Error ? error.message : String(error));
      await releaseHold(context.db, booking.id);
      return refuse(formData, { form: "Card payments aren't available just now, so the time wasn't booked. Please try again in a few minutes." }, 503);
    }
  }
  return redirect(`/booking-confirmation?booking=${booking.id}`, { headers: access });
}

const PackageSchema = z.object({ packageId: z.string().min(1).max(60) });

export async function buyPackageIntent(request: Request, context: AppLoadContext, formData: FormData) {
  const parsed = PackageSchema.safeParse(firstValues(formData));
  const pkg = parsed.success ? await getPackage(context.db, parsed.data.packageId) : null;
  if (!pkg || pkg.active === false) return refuse(formData, { form: "That package isn't available. Please choose one from the list." });
  const viewer = await context.viewer();
  // Credits belong to an account: sign in (or sign up) first, then come back to the package.
  if (!viewer) throw redirect(`/auth?redirectTo=${encodeURIComponent(`/booking?package=${pkg.id}&tz=${DEFAULT_ZONE}`)}`);
  try {
    const checkout = await startPackageCheckout(context, viewer, pkg.id, request);
    return redirect(checkout.url);
  } catch (error) {
    if (isBookingError(error) && error.status < 500) return refuse(formData, { form: error.message }, error.status);
    console.error("booking: could not start the package checkout", error instanceof Error ? error.message : String(error));
    return refuse(formData, { form: "Card payments aren't available just now. Please try again in a few minutes." }, 503);
  }
}
