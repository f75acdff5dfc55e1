import { createCookie } from "@remix-run/cloudflare";
import * as z from "zod";
import { getBooking, isClientOf } from "./bookings.server";
import { verifyManageToken } from "./links.server";
import { CHECKOUT_ACCESS_MINUTES } from "./policy";
import { notFoundResponse } from "~/auth/permissions.server";
import type { AppContext } from "~/context.server";
import { readSignedCookie } from "~/platform/cookies.server";

// Who may see a booking without the admin or coach portals: its owner (signed in), anyone holding
// its signed link (the token in its emails), and — for CHECKOUT_ACCESS_MINUTES after booking — the
// browser that booked it, by a signed HttpOnly cookie set with the booking (or with the redirect to
// its checkout). A page's address alone (the booking's id, or a checkout session's id) opens nothing.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Booking = NonNullable<Awaited<ReturnType<typeof getBooking>>>;
export type BookingAccess = { booking: Booking; via: "owner" | "token" | "browser" };

/** The bookings a browser made lately, newest first: a few at most, each until it lapses (epoch seconds). */
const GrantsSchema = z.object({ bookings: z.array(z.object({ id: z.string().regex(UUID), until: z.number().int() })).max(10) });
const MAX_GRANTS = 5;

function accessCookie(secret: string) {
  return createCookie("__Host-booking-access", {
    httpOnly: true,
    secure: true,
    // Lax: Stripe sends the browser back with a top-level GET, which carries it.
    sameSite: "lax",
    path: "/",
    maxAge: CHECKOUT_ACCESS_MINUTES * 60,
    secrets: [secret],
  });
}

async function grantsOf(request: Request, secret: string, now: Date) {
  const parsed = GrantsSchema.safeParse(await readSignedCookie(accessCookie(secret), request));
  return parsed.success ? parsed.data.bookings.filter((grant) => grant.until * 1000 > now.getTime()) : [];
}

/**
 * The Set-Cookie header that lets this browser see the booking's confirmation for
 * CHECKOUT_ACCESS_MINUTES, beside the few others it booked lately.
 */
export async function grantBookingAccess(request: Request, secret: string, bookingId: string, now: Date = new Date()): Promise<string> {
  const until = Math.floor(now.getTime() / 1000) + CHECKOUT_ACCESS_MINUTES * 60;
  const others = (await grantsOf(request, secret, now)).filter((grant) => grant.id !== bookingId);
  return accessCookie(secret).serialize({ bookings: [{ id: bookingId, until }, ...others].slice(0, MAX_GRANTS) });
}

/**
 * The booking the request may see, or null when it may not (or there is no such booking). A
 * malformed id or a token that isn't this booking's is a thrown 404.
 */
export async function findBookingAccess(
  context: Pick<AppContext, "db" | "env" | "viewer" | "services">,
  input: { bookingId: string | null | undefined; token?: string | null; request?: Request },
): Promise<BookingAccess | null> {
  const bookingId = input.bookingId ?? "";
  if (!UUID.test(bookingId)) throw notFoundResponse();
  if (input.token) {
    const verified = await verifyManageToken(context.env, input.token, context.services.clock.now());
    if (verified?.bookingId === bookingId) {
      const booking = await getBooking(context.db, bookingId);
      if (booking) return { booking, via: "token" };
    }
    throw notFoundResponse();
  }
  const booking = await getBooking(context.db, bookingId);
  if (!booking) return null;
  const viewer = await context.viewer();
  if (viewer && isClientOf(booking, { userId: viewer.id, email: viewer.email })) return { booking, via: "owner" };
  if (input.request && (await grantsOf(input.request, context.env.SESSION_SECRET, context.services.clock.now())).some((grant) => grant.id === booking.id)) {
    return { booking, via: "browser" };
  }
  return null;
}

/** The booking the request may see (its owner or its signed token), or a thrown 404. */
export async function requireBookingAccess(
  context: Pick<AppContext, "db" | "env" | "viewer" | "services">,
  input: { bookingId: string | null | undefined; token?: string | null },
): Promise<BookingAccess> {
  const access = await findBookingAccess(context, input);
  if (!access) throw notFoundResponse();
  return access;
}
