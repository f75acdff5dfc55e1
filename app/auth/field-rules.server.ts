import { AuthApiError, validationFailed } from "./errors.server";
import { weakPasswordReasons } from "./password.server";
import { normaliseEmail, normalisePhone } from "./users.server";
import { isEmail, isPhone } from "./validation";

// GoTrue's rules for the values a client sends (addresses, channel, password, user metadata), with
// its messages. The operations check them, so the website and the /auth/v1 endpoints answer alike.

export const MISSING_CREDENTIALS = "You must provide either an email or phone number and a password";
export const INVALID_CHANNEL =
  "Invalid channel, supported values are 'sms' or 'whatsapp'. 'whatsapp' is only supported if Twilio or Twilio Verify is used as the provider.";
export const MAX_METADATA_BYTES = 8 * 1024;

/** GoTrue's email check: required, at most 255 characters, a plausible address; lower-cased. */
export function validEmail(raw: string): string {
  if (!raw) throw validationFailed("An email address is required");
  if (raw.length > 255) throw validationFailed("An email address is too long");
  if (!isEmail(raw)) throw validationFailed("Unable to validate email address: invalid format");
  return normaliseEmail(raw);
}

/** E.164, stored without the plus as GoTrue does. */
export function validPhone(raw: string): string {
  if (!isPhone(raw)) throw validationFailed("Invalid phone number format (E.164 required)");
  return normalisePhone(raw);
}

export function validChannel(raw: string | undefined): "sms" {
  // WhatsApp needs Twilio in GoTrue; we have no SMS provider at all yet, so only "sms" is valid.
  if (raw !== undefined && raw !== "sms") throw validationFailed(INVALID_CHANNEL);
  return "sms";
}

export function assertStrongPassword(password: string) {
  const weak = weakPasswordReasons(password);
  if (weak) throw new AuthApiError(422, "weak_password", weak.message, { weak_password: { reasons: weak.reasons } });
}

/** Metadata as sign-up stores it: short keys only, at most 8 KiB of JSON. */
export function cleanMetadata(data: Record<string, unknown>): Record<string, unknown> {
  const cleaned = Object.fromEntries(Object.entries(data).filter(([key]) => key.length <= 64));
  if (JSON.stringify(cleaned).length > MAX_METADATA_BYTES) throw validationFailed("User metadata is too large");
  return cleaned;
}

/** A first or last name from user metadata, as the profile keeps it (null when blank). */
export function nameField(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value.trim().slice(0, 100) : null;
}
