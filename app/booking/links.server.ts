import type { AppContext } from "~/context.server";
import type { AppEnv } from "~/platform/env.server";
import { base64url } from "~/utils/base64url";
import { hmacSha256 } from "~/utils/hex";

// Signed links that let the person who booked see, move or cancel their booking without signing
// in: the booking id and an expiry, signed with the session secret (HMAC-SHA-256). A link names
// one booking, cannot be forged or extended, and stops working a day after the booking ends.

const TOKEN_VERSION = "m1";
const MAX_TOKEN_LENGTH = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type SecretEnv = Pick<AppEnv, "SESSION_SECRET">;

async function signature(env: SecretEnv, bookingId: string, expires: number): Promise<string> {
  return base64url(await hmacSha256(env.SESSION_SECRET, `booking-manage:${bookingId}:${expires}`));
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The token of a booking's manage link, valid until `expiresAt`. */
export async function manageToken(env: SecretEnv, bookingId: string, expiresAt: Date): Promise<string> {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${TOKEN_VERSION}.${bookingId}.${expires}.${await signature(env, bookingId, expires)}`;
}

/** The booking a token was issued for, or null when it is malformed, tampered with or expired. */
export async function verifyManageToken(env: SecretEnv, token: string, now: Date = new Date()): Promise<{ bookingId: string } | null> {
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return null;
  const [version, bookingId, expiresText, mac, ...rest] = token.split(".");
  if (version !== TOKEN_VERSION || !bookingId || !expiresText || !mac || rest.length > 0) return null;
  if (!UUID.test(bookingId) || !/^\d{1,12}$/.test(expiresText)) return null;
  const expires = Number(expiresText);
  if (!constantTimeEqual(mac, await signature(env, bookingId, expires))) return null;
  if (expires * 1000 <= now.getTime()) return null;
  return { bookingId };
}

/** A manage link works until a day after the booking ends. */
export function manageLinkExpiry(booking: { endsAt: string }): Date {
  return new Date(new Date(booking.endsAt).getTime() + 86_400_000);
}

/** The page where the person who booked can reschedule or cancel, without signing in. */
export async function manageUrl(context: Pick<AppContext, "env" | "siteOrigin">, booking: { id: string; endsAt: string }): Promise<string> {
  return `${context.siteOrigin}/booking/manage/${await manageToken(context.env, booking.id, manageLinkExpiry(booking))}`;
}

// The checkout's way back: Stripe sends someone who backs out of paying to its cancel_url, which
// carries this token, so that browser (and no one else who learns the booking's id) may release
// the hold or go back to paying. It names one booking and lapses with its checkout.

const RETURN_VERSION = "c1";

async function returnSignature(env: SecretEnv, bookingId: string, expires: number): Promise<string> {
  return base64url(await hmacSha256(env.SESSION_SECRET, `booking-checkout-return:${bookingId}:${expires}`));
}

/** The token of a booking checkout's cancel link, valid until `expiresAt`. */
export async function checkoutReturnToken(env: SecretEnv, bookingId: string, expiresAt: Date): Promise<string> {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${RETURN_VERSION}.${expires}.${await returnSignature(env, bookingId, expires)}`;
}

/** Whether a cancel link's token was issued for this booking and has not lapsed. */
export async function verifyCheckoutReturnToken(env: SecretEnv, bookingId: string, token: string, now: Date = new Date()): Promise<boolean> {
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH || !UUID.test(bookingId)) return false;
  const [version, expiresText, mac, ...rest] = token.split(".");
  if (version !== RETURN_VERSION || !expiresText || !mac || rest.length > 0 || !/^\d{1,12}$/.test(expiresText)) return false;
  const expires = Number(expiresText);
  if (!constantTimeEqual(mac, await returnSignature(env, bookingId, expires))) return false;
  return expires * 1000 > now.getTime();
}

/** The video meeting of a booking (its id is the meeting id). */
export function meetingUrl(context: { siteOrigin: string }, booking: { id: string }): string {
  return `${context.siteOrigin}/meeting/${booking.id}`;
}

// "Add to calendar" links of the emails: short addresses of ours that send the reader on to Google
// Calendar or Outlook with the event as the booking stands when they press it, instead of the
// providers' own links, which run to hundreds of characters in a plain-text email. A short
// signature (16 bytes of HMAC) names the booking and whose view of it (the client's event names
// the coach, the coach's names the client), so the address alone, or another booking's id, opens nothing.

export type CalendarProvider = "google" | "outlook";
export type CalendarAudience = "client" | "coach";

async function calendarKey(env: SecretEnv, bookingId: string, audience: CalendarAudience): Promise<string> {
  return (await hmacSha256Base64url(env, `booking-calendar:${bookingId}:${audience}`)).slice(0, 22);
}

async function hmacSha256Base64url(env: SecretEnv, message: string): Promise<string> {
  return base64url(await hmacSha256(env.SESSION_SECRET, message));
}

/** The short "Add to Google Calendar" / "Add to Outlook" link of a booking's email. */
export async function calendarLinkUrl(
  context: Pick<AppContext, "env" | "siteOrigin">,
  bookingId: string,
  audience: CalendarAudience,
  provider: CalendarProvider,
): Promise<string> {
  return `${context.siteOrigin}/booking/${bookingId}/calendar/${provider}?k=${await calendarKey(context.env, bookingId, audience)}`;
}

/** Whose calendar link a key is, or null when it was not issued for this booking. */
export async function verifyCalendarKey(env: SecretEnv, bookingId: string, key: string | null): Promise<CalendarAudience | null> {
  if (typeof key !== "string" || key.length !== 22 || !UUID.test(bookingId)) return null;
  for (const audience of ["client", "coach"] as const) {
    if (constantTimeEqual(key, await calendarKey(env, bookingId, audience))) return audience;
  }
  return null;
}
