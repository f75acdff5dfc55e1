import { and, eq, isNull, or } from "drizzle-orm";
import Stripe from "stripe";
import { getAttribution } from "~/attribution/capture.server";
import { recordConversion } from "~/attribution/conversions.server";
import { checkoutConversionKey } from "~/billing/checkout-conversions.server";
import { ensureStripeCustomer } from "~/billing/customers.server";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { bookingPackages, bookings, packagePurchases, users } from "~/db/schema";
import { sydneyDay } from "~/utils/sydney-time";
import { releaseHold } from "./bookings.server";
import { describeBooking, paymentLine } from "./describe.server";
import { BookingError } from "./errors";
import { checkoutReturnToken } from "./links.server";
import { packageDetail, stripeCall, stripeFor, type BookingRow } from "./payments.server";
import { CHECKOUT_ACCESS_MINUTES } from "./policy";

// Checkout for bookings and packages: Stripe Checkout in payment mode (AUD, prices include GST), going
// back to a checkout or leaving it, and package enquiries. What a paid or expired checkout then does
// is payment-events.server.ts.

/**
 * A Checkout Session may expire 30 minutes after Stripe creates it at the earliest. Asked for from
 * this side of the network, exactly 30 minutes can be a moment short by the time Stripe sees it,
 * and Stripe refuses the session; one more minute keeps clear of that.
 */
const CHECKOUT_LIFETIME_SECONDS = 31 * 60;

async function userEmail(db: Db, userId: string): Promise<string | null> {
  return (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).get())?.email ?? null;
}

async function recordBeginCheckout(
  context: AppContext,
  input: { type: "BEGIN_CHECKOUT" | "PACKAGE_CHECKOUT"; sessionId: string; valueCents: number; label: string; userId: string | null; email: string | null },
  request?: Request,
) {
  try {
    await recordConversion(context, {
      type: input.type,
      dedupeKey: checkoutConversionKey(input.sessionId),
      valueCents: input.valueCents,
      label: input.label,
      userId: input.userId,
      contact: { email: input.email },
      request,
    });
  } catch (error) {
    // The customer can pay all the same; the report misses one checkout (logged by id only).
    console.warn(`booking: could not record the checkout conversion of ${input.sessionId}:`, error instanceof Error ? error.message : "unknown error");
  }
}

// ── Checkout ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Stripe Checkout for a held paid booking. The booking keeps the session's id; a second call for
 * the same booking answers the same session (Stripe idempotency key). BEGIN_CHECKOUT is recorded
 * with the attribution of `request`'s browser.
 */
export async function startSessionCheckout(context: AppContext, booking: BookingRow, request?: Request): Promise<{ url: string }> {
  if (booking.status !== "held" || booking.paymentMethod !== "card" || booking.priceCents <= 0) {
    throw new BookingError(409, "not_awaiting_payment", "This booking isn't waiting for a card payment.");
  }
  const now = context.services.clock.now();
  if (booking.holdExpiresAt && Date.parse(booking.holdExpiresAt) <= now.getTime()) {
    throw new BookingError(409, "hold_expired", "The time we held for you has been released. Please choose a time again.");
  }
  const { db } = context;
  const stripe = stripeFor(context);
  const { name, detail } = paymentLine(await describeBooking(context, booking));
  const email = booking.clientId ? ((await userEmail(db, booking.clientId)) ?? booking.email) : booking.email;
  const customer = booking.clientId
    ? await stripeCall("creating the customer", () => ensureStripeCustomer(db, stripe, { id: booking.clientId!, email }))
    : null;
  const metadata = { kind: "booking", booking_id: booking.id };
  // The way back from backing out is signed: only this checkout's browser may release the hold with it.
  const returnToken = await checkoutReturnToken(context.env, booking.id, new Date(now.getTime() + CHECKOUT_ACCESS_MINUTES * 60_000));
  const session = await stripeCall("creating the checkout session", () =>
    stripe.checkout.sessions.create(
      {
        mode: "payment",
        ...(customer ? { customer } : { customer_email: booking.email }),
        client_reference_id: booking.id,
        line_items: [
          {
            quantity: 1,
            price_data: { currency: "aud", unit_amount: booking.priceCents, tax_behavior: "inclusive", product_data: { name, description: detail } },
          },
        ],
        metadata,
        payment_intent_data: { metadata, description: `${name}, ${detail}` },
        expires_at: Math.floor(now.getTime() / 1000) + CHECKOUT_LIFETIME_SECONDS,
        success_url: `${context.siteOrigin}/booking-confirmation?booking=${booking.id}&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${context.siteOrigin}/booking/checkout-cancelled?booking=${booking.id}&token=${returnToken}`,
      },
      { idempotencyKey: `clarityai-booking-checkout-${booking.id}` },
    ),
  );
  if (!session.url) throw new BookingError(502, "no_checkout_url", "No payment page was received. Please try again.");
  await db
    .update(bookings)
    .set({ stripeCheckoutSessionId: session.id, updatedAt: now.toISOString() })
    .where(and(eq(bookings.id, booking.id), or(isNull(bookings.stripeCheckoutSessionId), eq(bookings.stripeCheckoutSessionId, session.id))));
  await recordBeginCheckout(
    context,
    { type: "BEGIN_CHECKOUT", sessionId: session.id, valueCents: booking.priceCents, label: name, userId: booking.clientId, email: booking.email },
    request,
  );
  return { url: session.url };
}

/** Stripe Checkout for a package: a pending purchase, paid (and credited) when the webhook says so. */
export async function startPackageCheckout(
  context: AppContext,
  user: { id: string; email: string | null },
  packageId: string,
  request?: Request,
): Promise<{ url: string; purchaseId: string }> {
  const { db } = context;
  const pkg = await db
    .select()
    .from(bookingPackages)
    .where(and(eq(bookingPackages.id, packageId), eq(bookingPackages.active, true)))
    .get();
  if (!pkg) throw new BookingError(404, "package_not_found", "That package isn't available.");
  const stripe = stripeFor(context);
  const customer = await stripeCall("creating the customer", () => ensureStripeCustomer(db, stripe, user));
  const purchaseId = crypto.randomUUID();
  await db.insert(packagePurchases).values({
    id: purchaseId,
    userId: user.id,
    packageId: pkg.id,
    sessions: pkg.sessions,
    durationMinutes: pkg.durationMinutes,
    priceCents: pkg.priceCents,
    status: "pending",
  });
  const metadata = { kind: "package", purchase_id: purchaseId };
  const detail = packageDetail(pkg);
  const session = await stripeCall("creating the checkout session", () =>
    stripe.checkout.sessions.create(
      {
        mode: "payment",
        customer,
        client_reference_id: user.id,
        line_items: [
          {
            quantity: 1,
            price_data: { currency: "aud", unit_amount: pkg.priceCents, tax_behavior: "inclusive", product_data: { name: pkg.name, description: detail } },
          },
        ],
        metadata,
        payment_intent_data: { metadata, description: `${pkg.name}: ${detail}` },
        expires_at: Math.floor(context.services.clock.now().getTime() / 1000) + CHECKOUT_LIFETIME_SECONDS,
        success_url: `${context.siteOrigin}/profile?tab=bookings&purchase=${purchaseId}`,
        cancel_url: `${context.siteOrigin}/profile?tab=bookings&purchase=${purchaseId}&checkout=cancelled`,
      },
      { idempotencyKey: `clarityai-package-checkout-${purchaseId}` },
    ),
  );
  if (!session.url) throw new BookingError(502, "no_checkout_url", "No payment page was received. Please try again.");
  await db.update(packagePurchases).set({ stripeCheckoutSessionId: session.id }).where(eq(packagePurchases.id, purchaseId));
  await recordBeginCheckout(
    context,
    { type: "PACKAGE_CHECKOUT", sessionId: session.id, valueCents: pkg.priceCents, label: pkg.name, userId: user.id, email: user.email },
    request,
  );
  return { url: session.url, purchaseId };
}

/** PACKAGE_INQUIRY: someone looked into a package (once a day per person and package). */
export async function recordPackageInquiry(
  context: AppContext,
  user: { id: string; email: string | null } | null,
  packageId: string,
  request: Request,
): Promise<void> {
  const pkg = await context.db
    .select({ id: bookingPackages.id, name: bookingPackages.name, priceCents: bookingPackages.priceCents })
    .from(bookingPackages)
    .where(eq(bookingPackages.id, packageId))
    .get();
  if (!pkg) throw new BookingError(404, "package_not_found", "That package isn't available.");
  const attribution = await getAttribution(context, request);
  const who = user?.id ?? attribution?.sessionId ?? crypto.randomUUID();
  await recordConversion(context, {
    type: "PACKAGE_INQUIRY",
    dedupeKey: `package-inquiry:${pkg.id}:${who}:${sydneyDay(context.services.clock.now())}`,
    valueCents: pkg.priceCents,
    label: pkg.name,
    userId: user?.id ?? null,
    contact: { email: user?.email ?? null },
    attribution,
    request,
  });
}

/**
 * The checkout of a held booking to go back to, while its hold lasts and it can still be paid; null
 * otherwise (the hold ran out, or the checkout was paid or closed meanwhile).
 */
export async function resumableCheckout(context: AppContext, booking: BookingRow): Promise<string | null> {
  const now = context.services.clock.now();
  if (booking.status !== "held" || !booking.stripeCheckoutSessionId) return null;
  if (booking.holdExpiresAt && Date.parse(booking.holdExpiresAt) <= now.getTime()) return null;
  const stripe = stripeFor(context);
  const sessionId = booking.stripeCheckoutSessionId;
  const session = await stripeCall("reading the checkout session", () => stripe.checkout.sessions.retrieve(sessionId));
  return session.status === "open" && session.url ? session.url : null;
}

/**
 * The customer left the checkout and chose to release the time: the session is expired at Stripe,
 * so it can no longer be paid, and the hold is released. A checkout that was paid meanwhile is left
 * alone. The caller checks that the customer may (the checkout's signed return link, or its owner).
 */
export async function abandonCheckout(context: AppContext, bookingId: string): Promise<{ status: "released" | "paid" | "not_held" }> {
  const booking = await context.db.select().from(bookings).where(eq(bookings.id, bookingId)).get();
  if (!booking) throw new BookingError(404, "booking_not_found", "We couldn't find that booking.");
  if (booking.status !== "held") return { status: booking.status === "confirmed" ? "paid" : "not_held" };
  if (booking.stripeCheckoutSessionId) {
    const stripe = stripeFor(context);
    const sessionId = booking.stripeCheckoutSessionId;
    const session = await stripeCall("reading the checkout session", () => stripe.checkout.sessions.retrieve(sessionId));
    if (session.status === "complete") return { status: "paid" };
    if (session.status === "open") {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeError)) throw error;
        // Paid in the meantime (Stripe refuses to expire a completed session): the webhook confirms it.
        const now = await stripeCall("reading the checkout session", () => stripe.checkout.sessions.retrieve(sessionId));
        if (now.status === "complete") return { status: "paid" };
        if (now.status === "open") throw new BookingError(502, "stripe_error", "We couldn't cancel the payment. Please try again in a few minutes.");
      }
    }
  }
  await releaseHold(context.db, bookingId, context.services.clock.now());
  return { status: "released" };
}
