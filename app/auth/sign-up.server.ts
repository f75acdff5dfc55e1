import { identities, profiles, users } from "~/db/schema";
import { isUniqueViolation } from "~/db/errors.server";
import { composeEmail } from "~/email/compose.server";
import { signupExistingEmail } from "~/email/templates/signup-existing";
import { audit } from "./audit.server";
import { requestMessages, sendConfirmation, sendPhoneCode } from "./code-delivery.server";
import type { AuthContext } from "./context.server";
import { queueEmail } from "./emails.server";
import { AuthApiError, badRequest, validationFailed } from "./errors.server";
import { assertStrongPassword, cleanMetadata, MISSING_CREDENTIALS } from "./field-rules.server";
import type { Pkce } from "./flow-state.server";
import { AUTH_LIMITS, limit } from "./limits.server";
import { hashPassword, TIMING_DUMMY_HASH, verifyPassword } from "./password.server";
import { defaultLinkRedirect } from "./redirects.server";
import { issueSession, type SessionResponse } from "./token-sessions.server";
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  normaliseEmail,
  newAccountRoles,
  NEW_ACCOUNT_ROLES,
  normalisePhone,
  serializeUser,
  type SerializedUser,
  type UserRow,
} from "./users.server";
import { isEmail, isPhone } from "./validation";

export type SignUpInput = {
  email?: string;
  phone?: string;
  password?: string;
  /** user_metadata (first_name and last_name also go to the profile). */
  data?: Record<string, unknown>;
  pkce?: Pkce | null;
  /** Where the confirmation link leads, already checked (linkRedirect); the sign-in page without one. */
  redirectTo?: string;
};

/**
 * A session when sign-ups are confirmed at once (AUTH_EMAIL_AUTOCONFIRM); otherwise the new user,
 * awaiting the code sent to their address. An address that already has an account gets the same
 * answer (a look-alike new user), so nobody learns that the address is taken.
 */
export type SignUpResult = { kind: "session"; session: SessionResponse } | { kind: "awaiting-confirmation"; user: SerializedUser };

/** Signs up with an email or phone number and a password. */
export async function signUp(ctx: AuthContext, input: SignUpInput): Promise<SignUpResult> {
  const email = input.email?.trim();
  const phone = input.phone?.trim();
  const { password } = input;
  const data = input.data ?? {};
  const pkce = input.pkce ?? null;
  if ((!email && !phone) || !password) throw badRequest("validation_failed", MISSING_CREDENTIALS);
  if (email && phone) throw validationFailed("Only an email address or phone number should be provided on signup.");
  if (email && !isEmail(email)) throw new AuthApiError(400, "email_address_invalid", `Email address "${email}" is invalid`);
  if (phone && !isPhone(phone)) throw validationFailed("Invalid phone number format (E.164 required)");
  assertStrongPassword(password);
  await limit(ctx, AUTH_LIMITS.signUpPerSource, ctx.source);

  const provider = email ? "email" : "phone";
  const address = email ? normaliseEmail(email) : normalisePhone(phone!);
  const userMetadata = cleanMetadata(data);
  const metadataJson = JSON.stringify(userMetadata);

  const existing = email ? await findUserByEmail(ctx.db, address) : await findUserByPhone(ctx.db, address);
  if (existing) {
    // Spend the same hashing time as a new account would.
    await verifyPassword(password, TIMING_DUMMY_HASH);
    return answerExisting(ctx, existing, provider, address, userMetadata);
  }

  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const autoconfirm = ctx.config.emailAutoconfirm;
  try {
    await ctx.db.batch([
      ctx.db.insert(users).values({
        id,
        email: email ? address : null,
        phone: phone ? address : null,
        passwordHash: await hashPassword(password),
        emailConfirmedAt: email && autoconfirm ? now : null,
        phoneConfirmedAt: phone && autoconfirm ? now : null,
        userMetadata: metadataJson,
        appMetadata: JSON.stringify({ provider, providers: [provider] }),
        createdAt: now,
        updatedAt: now,
        confirmationSentAt: autoconfirm ? null : now,
      }),
      ctx.db.insert(identities).values({
        id: crypto.randomUUID(),
        userId: id,
        provider,
        providerId: id,
        identityData: JSON.stringify({ sub: id, [provider]: address, email_verified: autoconfirm, phone_verified: false }),
        email: email ? address : null,
        createdAt: now,
        updatedAt: now,
      }),
      newAccountRoles(ctx.db, id),
      ctx.db.insert(profiles).values({
        userId: id,
        firstName: typeof userMetadata.first_name === "string" ? userMetadata.first_name.slice(0, 100) : null,
        lastName: typeof userMetadata.last_name === "string" ? userMetadata.last_name.slice(0, 100) : null,
      }),
    ]);
  } catch (error) {
    // Another sign-up for the address got there first (the batch wrote nothing): answer as for an
    // existing account.
    if (!isUniqueViolation(error)) throw error;
    const winner = email ? await findUserByEmail(ctx.db, address) : await findUserByPhone(ctx.db, address);
    if (!winner) throw error;
    return answerExisting(ctx, winner, provider, address, userMetadata);
  }
  await audit(ctx.db, { action: "user_signedup", actorId: id, ipHash: ctx.ipHash, detail: { provider } });
  const user = await findUserById(ctx.db, id);
  if (!user) throw new Error("user vanished after insert");

  if (autoconfirm) return { kind: "session", session: await issueSession(ctx, user, "password") };
  if (email) await sendConfirmation(requestMessages(ctx), user, address, pkce, input.redirectTo ?? defaultLinkRedirect(ctx));
  else await sendPhoneCode(requestMessages(ctx), user, address, "confirmation");
  return { kind: "awaiting-confirmation", user: await serializeUser(ctx.db, user) };
}

/**
 * The answer to a sign-up for an address that already has an account: the shape of a fresh account
 * awaiting confirmation (serializeUser's keys and nesting, an identity, the metadata sent, a new account's roles),
 * so nobody learns that the address is taken. The real owner is told by email instead.
 */
async function answerExisting(
  ctx: AuthContext,
  existing: UserRow,
  provider: "email" | "phone",
  address: string,
  userMetadata: Record<string, unknown>,
): Promise<SignUpResult> {
  if (existing.email) {
    await queueEmail(
      ctx,
      await composeEmail(
        ctx.appEnv,
        signupExistingEmail,
        { signInUrl: `${ctx.appEnv.PUBLIC_SITE_URL}/auth` },
        { to: existing.email, dedupeKey: `signup-existing:${existing.id}:${new Date().toISOString().slice(0, 13)}` },
      ),
    );
  }
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  // The keys of a fresh account's serializeUser, in its order; those it leaves undefined are left
  // out of the JSON either way, so the two answers can't be told apart.
  const lookalike: SerializedUser = {
    id,
    aud: "authenticated",
    role: "authenticated",
    email: provider === "email" ? address : "",
    email_confirmed_at: undefined,
    invited_at: undefined,
    phone: provider === "phone" ? address : "",
    phone_confirmed_at: undefined,
    confirmation_sent_at: now,
    confirmed_at: undefined,
    recovery_sent_at: undefined,
    new_email: undefined,
    email_change_sent_at: undefined,
    new_phone: undefined,
    reauthentication_sent_at: undefined,
    last_sign_in_at: undefined,
    app_metadata: { provider, providers: [provider], roles: [...NEW_ACCOUNT_ROLES] },
    user_metadata: userMetadata,
    identities: [
      {
        identity_id: crypto.randomUUID(),
        id,
        user_id: id,
        identity_data: { sub: id, [provider]: address, email_verified: false, phone_verified: false },
        provider,
        last_sign_in_at: undefined,
        created_at: now,
        updated_at: now,
        email: provider === "email" ? address : undefined,
      },
    ],
    created_at: now,
    updated_at: now,
    banned_until: undefined,
    is_anonymous: false,
  };
  return { kind: "awaiting-confirmation", user: lookalike };
}
