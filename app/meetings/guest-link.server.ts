import { and, eq, isNull, sql } from "drizzle-orm";
import { createPasswordlessUser } from "~/auth/code-delivery.server";
import { authConfig } from "~/auth/config.server";
import { issueOneTimeToken } from "~/auth/one-time-tokens.server";
import { findUserByEmail, normaliseEmail } from "~/auth/users.server";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { bookings } from "~/db/schema";

// A guest (someone who booked without signing in) joins their session from the link in their
// confirmation and 1-hour reminder emails: a one-time sign-in link of the auth service (a magic
// link: 256 random bits, stored hashed, used once, expiring after an hour as every emailed code
// does), which lands on the meeting's page signed in. A guest without an account gets one the way
// a first emailed sign-in code creates it (GoTrue's signInWithOtp): passwordless, its address
// confirmed when the link is followed. Every email mints a fresh link, which replaces the last.

/** The address of the page that redeems a guest's link and opens the meeting. */
export function guestJoinPath(meetingId: string): string {
  return `/meeting/${meetingId}/join`;
}

type GuestBooking = { id: string; clientId: string | null; email: string; name: string };

/** "Alex Nguyen" → the first and last names the new account's profile starts with. */
function namesOf(name: string): Record<string, string> {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  return { first_name: first, ...(rest.length ? { last_name: rest.join(" ") } : {}) };
}

/**
 * A fresh one-time sign-in link into the booking's meeting for its guest, or null when the booking
 * was made signed in (its client signs in as usual). Issuing it replaces the guest's earlier link.
 */
export async function mintGuestJoinUrl(context: Pick<AppContext, "db" | "env" | "siteOrigin">, booking: GuestBooking): Promise<string | null> {
  if (booking.clientId !== null) return null;
  const email = normaliseEmail(booking.email);
  const ctx = { db: context.db, config: authConfig(context.env), ipHash: null };
  const user = (await findUserByEmail(context.db, email)) ?? (await createPasswordlessUser(ctx, { email }, namesOf(booking.name)));
  const { tokenHash: linkToken } = await issueOneTimeToken(ctx, user.id, "magiclink", email);
  return `${context.siteOrigin}${guestJoinPath(booking.id)}?${new URLSearchParams({ token: linkToken })}`;
}

/**
 * After a guest signs in with their link, the booking they made with this address becomes their
 * account's (it was theirs by address until then: see holdsByAccountOrAddress).
 */
export async function claimGuestBooking(db: Db, bookingId: string, user: { id: string; email: string | null }): Promise<void> {
  if (!user.email) return;
  await db
    .update(bookings)
    .set({ clientId: user.id })
    .where(and(eq(bookings.id, bookingId), isNull(bookings.clientId), sql`lower(${bookings.email}) = ${normaliseEmail(user.email)}`));
}
