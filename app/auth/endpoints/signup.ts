import { users, identities, profiles } from "~/db/schema";
import { isUniqueViolation } from "~/db/errors.server";
import type { AuthContext } from "../context.server";
import { badRequest, validationFailed, AuthApiError } from "../errors.server";
import { AUTH_LIMITS, json, limit, objectField, readJsonBody, stringField } from "../http.server";
import { hashPassword, TIMING_DUMMY_HASH, verifyPassword, weakPasswordReasons } from "../password.server";
import { findUserByEmail, findUserById, findUserByPhone, normaliseEmail, normalisePhone, serializeUser, type UserRow } from "../users.server";
import { issueSession } from "~/auth/token-sessions.server";
import { queueEmail } from "~/auth/emails.server";
import { composeEmail } from "~/email/compose.server";
import { signupExistingEmail } from "~/email/templates/signup-existing";
import { cleanMetadata, linkRedirect, readPkce, requestMessages, sendConfirmation, sendPhoneCode } from "./email-flows";
import { audit } from "../audit.server";
import { isEmail, isPhone } from "../validation";

export const MISSING_CREDENTIALS = "You must provide either an email or phone number and a password";

export function assertStrongPassword(password: string) {
  const weak = weakPasswordReasons(password);
  if (weak) throw new AuthApiError(422, "weak_password", weak.message, { weak_password: { reasons: weak.reasons } });
}

/** POST /signup — email or phone with a password, optional user metadata (`data`). */
export async function signup(ctx: AuthContext) {
  const body = await readJsonBody(ctx.request);
  const email = stringField(body, "email")?.trim();
  const phone = stringField(body, "phone")?.trim();
  const password = stringField(body, "password");
  const data = objectField(body, "data") ?? {};
  const pkce = readPkce(body);
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

  if (autoconfirm) return json(await issueSession(ctx, user, "password"));
  if (email) await sendConfirmation(requestMessages(ctx), user, address, pkce, linkRedirect(ctx));
  else await sendPhoneCode(requestMessages(ctx), user, address, "confirmation");
  return json(await serializeUser(ctx.db, user));
}

/**
 * The answer to a sign-up for an address that already has an account: the shape of a fresh account
 * awaiting confirmation (serializeUser's keys and nesting, an identity, the metadata sent, no roles),
 * so nobody learns that the address is taken. The real owner is told by email instead.
 */
async function answerExisting(ctx: AuthContext, existing: UserRow, provider: "email" | "phone", address: string, userMetadata: Record<string, unknown>) {
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
  return json({
    id,
    aud: "authenticated",
    role: "authenticated",
    email: provider === "email" ? address : "",
    phone: provider === "phone" ? address : "",
    confirmation_sent_at: now,
    app_metadata: { provider, providers: [provider], roles: [] },
    user_metadata: userMetadata,
    identities: [
      {
        identity_id: crypto.randomUUID(),
        id,
        user_id: id,
        identity_data: { sub: id, [provider]: address, email_verified: false, phone_verified: false },
        provider,
        created_at: now,
        updated_at: now,
        ...(provider === "email" ? { email: address } : {}),
      },
    ],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  });
}
