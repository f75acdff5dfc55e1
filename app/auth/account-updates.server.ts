import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { authSessions, mfaFactors, oneTimeTokens, profiles, users } from "~/db/schema";
import { composeEmail } from "~/email/compose.server";
import { passwordChangedEmail } from "~/email/templates/password-changed";
import { consumeRateLimit, limitSubject } from "~/platform/rate-limit.server";
import { audit } from "./audit.server";
import { keepsLiveCode, messageQuota, requestMessages, sendEmailChange, sendPhoneCode, sendRateLimited } from "./code-delivery.server";
import type { AuthContext } from "./context.server";
import { queueEmail } from "./emails.server";
import { AuthApiError, badRequest, forbidden, unprocessable, validationFailed } from "./errors.server";
import { assertStrongPassword, cleanMetadata, MAX_METADATA_BYTES, nameField, validChannel, validEmail, validPhone } from "./field-rules.server";
import type { Pkce } from "./flow-state.server";
import { AUTH_LIMITS } from "./limits.server";
import { hashPassword, verifyPassword } from "./password.server";
import { defaultLinkRedirect } from "./redirects.server";
import { revokeSessions, type AuthCaller } from "./token-sessions.server";
import { findUserByEmail, findUserById, findUserByPhone, type UserRow } from "./users.server";
import { takeCheckedCode } from "./verification.server";

// The changes a signed-in user makes to their own account (PUT /user; the website's profile and
// new-password forms): user metadata, password, email and phone.

type Batch = BatchItem<"sqlite">[];
type SqliteBatch = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

export const NONCE_INVALID = "Nonce has expired or is invalid";
// A session older than this must present a reauthentication code to change the password
// (GoTrue's rule when SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION is on).
const REAUTHENTICATION_AFTER_MS = 24 * 60 * 60 * 1000;

/** What a user may change about themselves, as PUT /user takes it; every field is optional. */
export type UserAttributes = {
  email?: string;
  phone?: string;
  password?: string;
  /** The reauthentication code (sendReauthenticationCode), checked whenever it is sent. */
  nonce?: string;
  /** user_metadata to merge: each key replaces its value, a null removes it. */
  data?: Record<string, unknown>;
  /** Only an admin may change it: present, it is GoTrue's 403. */
  appMetadata?: Record<string, unknown>;
  channel?: string;
  pkce?: Pkce | null;
  /** Where the email-change link leads, already checked (linkRedirect); the sign-in page without one. */
  redirectTo?: string;
};

/**
 * Applies the signed-in user's own changes and returns the updated user. A user with a verified
 * MFA factor needs an aal2 session to change email, phone or password; a new email or phone is
 * confirmed by a code sent to it, and a new password ends every other session of the user.
 */
export async function updateUser(ctx: AuthContext, caller: AuthCaller, attributes: UserAttributes): Promise<UserRow> {
  const { user } = caller;
  const { password, nonce, data, appMetadata, channel } = attributes;
  const rawEmail = attributes.email?.trim();
  const rawPhone = attributes.phone?.trim();

  const email = rawEmail ? validEmail(rawEmail) : undefined;
  const phone = rawPhone ? validPhone(rawPhone) : undefined;
  if (rawPhone) validChannel(channel);
  if (password !== undefined) assertStrongPassword(password);
  const metadataUpdate = data ? cleanMetadata(data) : undefined;
  if (appMetadata) throw forbidden("not_admin", "Updating app_metadata requires admin privileges");

  const changingEmail = email !== undefined && email !== user.email;
  const changingPhone = phone !== undefined && phone !== user.phone;
  const changingPassword = password !== undefined;
  const session = await ctx.db.query.authSessions.findFirst({ where: eq(authSessions.id, caller.sessionId) });
  if (!session) throw forbidden("session_not_found", "Session from session_id claim in JWT does not exist");

  if (changingEmail || changingPhone || changingPassword) {
    const factor = await ctx.db.query.mfaFactors.findFirst({ where: and(eq(mfaFactors.userId, user.id), eq(mfaFactors.status, "verified")) });
    if (factor && session.aal !== "aal2") {
      throw new AuthApiError(401, "insufficient_aal", "AAL2 session is required to update email or password when MFA is enabled.");
    }
  }
  // Counted before the addresses are checked: otherwise "already registered" would answer any
  // number of questions about which addresses have accounts.
  if (changingEmail || changingPhone) {
    const changes = await consumeRateLimit(ctx.db, AUTH_LIMITS.addressChangesPerUser, limitSubject("user", user.id), ctx.appEnv.SESSION_SECRET);
    if (!changes.allowed) throw sendRateLimited(changingEmail ? "email" : "sms", changes.retryAfterSeconds);
  }
  if (changingEmail) {
    const clash = await findUserByEmail(ctx.db, email);
    if (clash && clash.id !== user.id) throw unprocessable("email_exists", "A user with this email address has already been registered");
  }
  if (changingPhone) {
    const clash = await findUserByPhone(ctx.db, phone);
    if (clash && clash.id !== user.id) throw unprocessable("phone_exists", "A user with this phone number has already been registered");
  }
  if (changingPassword) {
    if (user.passwordHash && (await verifyPassword(password, user.passwordHash))) {
      throw unprocessable("same_password", "New password should be different from the old password.");
    }
    const sessionAge = Date.now() - Date.parse(session.createdAt);
    if (!nonce && sessionAge > REAUTHENTICATION_AFTER_MS) throw badRequest("reauthentication_needed", "Password update requires reauthentication");
  }
  if (nonce !== undefined) {
    // A nonce is checked whenever one is sent, not only when required: a client that asked for one
    // expects a wrong code to fail.
    // It is a code like any other: wrong ones are limited per source, and burn it.
    const address = user.email ?? user.phone;
    const row = address ? await takeCheckedCode(ctx, address, nonce, ["reauthentication"], { signedIn: true }) : null;
    if (!row || row.userId !== user.id) throw unprocessable("reauthentication_not_valid", NONCE_INVALID);
  }
  // The new address's message quotas; past its hourly total a live code already sent to it is kept.
  const sendEmailCodes = changingEmail && !(await keepsLiveCode(ctx, (await messageQuota(ctx, email, "email")).overQuota, user.id, "email_change_new", email));
  const sendPhoneCodes = changingPhone && !(await keepsLiveCode(ctx, (await messageQuota(ctx, phone, "sms")).overQuota, user.id, "phone_change", phone));

  // Everything is checked: write the account changes in one batch.
  const now = new Date().toISOString();
  const set: Partial<typeof users.$inferInsert> = { updatedAt: now };
  const statements: Batch = [];
  if (metadataUpdate) {
    let current: Record<string, unknown> = {};
    try {
      current = JSON.parse(user.userMetadata) as Record<string, unknown>;
    } catch {
      // Damaged metadata is replaced.
    }
    // GoTrue's merge: each key replaces its value, and a null removes it.
    for (const [key, value] of Object.entries(metadataUpdate)) {
      if (value === null) delete current[key];
      else current[key] = value;
    }
    const merged = JSON.stringify(current);
    if (merged.length > MAX_METADATA_BYTES) throw validationFailed("User metadata is too large");
    set.userMetadata = merged;
    if ("first_name" in metadataUpdate || "last_name" in metadataUpdate) {
      const names = { firstName: nameField(current.first_name), lastName: nameField(current.last_name) };
      statements.push(
        ctx.db
          .insert(profiles)
          .values({ userId: user.id, ...names })
          .onConflictDoUpdate({ target: profiles.userId, set: { ...names, updatedAt: now } }),
      );
    }
  }
  if (changingPassword) {
    set.passwordHash = await hashPassword(password);
    // As GoTrue: codes sent before the change (recovery, confirmation…) stop working.
    statements.push(ctx.db.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id)));
  }
  if (changingEmail) Object.assign(set, { emailChange: email, emailChangeSentAt: now });
  if (changingPhone) set.phoneChange = phone;
  await ctx.db.batch([ctx.db.update(users).set(set).where(eq(users.id, user.id)), ...statements] as SqliteBatch);

  if (changingPassword) {
    // Someone who had the old password keeps no session: every other session of the user ends.
    await revokeSessions(ctx, user.id, caller.sessionId, "others");
    await audit(ctx.db, { action: "user_updated_password", actorId: user.id, ipHash: ctx.ipHash });
    if (user.email) {
      await queueEmail(
        ctx,
        await composeEmail(
          ctx.appEnv,
          passwordChangedEmail,
          { signInUrl: `${ctx.config.siteUrl}/auth` },
          { to: user.email, dedupeKey: `password-changed:${user.id}:${now}` },
        ),
      );
    }
  }
  const messages = requestMessages(ctx);
  if (sendEmailCodes)
    await sendEmailChange(messages, { ...user, ...set } as UserRow, email!, attributes.pkce ?? null, attributes.redirectTo ?? defaultLinkRedirect(ctx));
  if (sendPhoneCodes) await sendPhoneCode(messages, user, phone!, "phone_change");
  await audit(ctx.db, {
    action: "user_modified",
    actorId: user.id,
    ipHash: ctx.ipHash,
    detail: { fields: [metadataUpdate && "data", changingPassword && "password", changingEmail && "email", changingPhone && "phone"].filter(Boolean) },
  });

  const updated = await findUserById(ctx.db, user.id);
  if (!updated) throw forbidden("user_not_found", "User from sub claim in JWT does not exist");
  return updated;
}
