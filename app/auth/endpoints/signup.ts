import { users, identities, profiles } from "~/db/schema";
import type { AuthContext } from "../context.server";
import { badRequest, validationFailed, AuthApiError } from "../errors.server";
import { AUTH_LIMITS, json, limit, objectField, readJsonBody, stringField } from "../http.server";
import { hashPassword, TIMING_DUMMY_HASH, verifyPassword, weakPasswordReasons } from "../password.server";
import { findUserByEmail, findUserByPhone, normaliseEmail, normalisePhone, serializeUser } from "../users.server";
import { issueSession } from "~/auth/token-sessions.server";
import { issueOneTimeToken } from "../one-time-tokens.server";
import { queueEmail } from "~/auth/emails.server";
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
  stringField(body, "code_challenge");
  if ((!email && !phone) || !password) throw badRequest("validation_failed", MISSING_CREDENTIALS);
  if (email && phone) throw validationFailed("Only an email address or phone number should be provided on signup.");
  if (email && !isEmail(email)) throw new AuthApiError(400, "email_address_invalid", `Email address "${email}" is invalid`);
  if (phone && !isPhone(phone)) throw validationFailed("Invalid phone number format (E.164 required)");
  assertStrongPassword(password);
  await limit(ctx, AUTH_LIMITS.signUpPerSource, ctx.source);

  const existing = email ? await findUserByEmail(ctx.db, email) : await findUserByPhone(ctx.db, phone!);
  if (existing) {
    // No account enumeration: answer like a fresh sign-up awaiting confirmation, spend the same
    // hashing time, and tell the real owner by email instead.
    await verifyPassword(password, TIMING_DUMMY_HASH);
    if (existing.email) {
      await queueEmail(ctx, {
        dedupeKey: `signup-existing:${existing.id}:${new Date().toISOString().slice(0, 13)}`,
        to: existing.email,
        subject: "Someone tried to create an account with your email",
        text: `Someone (hopefully you) tried to sign up to ClarityAI Coaching with this email address, which already has an account.\n\nIf it was you, sign in at ${ctx.appEnv.PUBLIC_SITE_URL}/auth — or reset your password there if you've forgotten it. If it wasn't you, you can ignore this email.`,
      });
    }
    const now = new Date().toISOString();
    return json({
      id: crypto.randomUUID(),
      aud: "authenticated",
      role: "authenticated",
      email: email ? normaliseEmail(email) : "",
      phone: phone ? normalisePhone(phone) : "",
      confirmation_sent_at: now,
      app_metadata: { provider: email ? "email" : "phone", providers: [email ? "email" : "phone"] },
      user_metadata: {},
      identities: [],
      created_at: now,
      updated_at: now,
      is_anonymous: false,
    });
  }

  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const autoconfirm = ctx.config.emailAutoconfirm;
  const provider = email ? "email" : "phone";
  const address = email ? normaliseEmail(email) : normalisePhone(phone!);
  const userMetadata = Object.fromEntries(Object.entries(data).filter(([key]) => key.length <= 64)) as Record<string, unknown>;
  const metadataJson = JSON.stringify(userMetadata);
  if (metadataJson.length > 8 * 1024) throw validationFailed("User metadata is too large");

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
    }),
    ctx.db.insert(profiles).values({
      userId: id,
      firstName: typeof userMetadata.first_name === "string" ? userMetadata.first_name.slice(0, 100) : null,
      lastName: typeof userMetadata.last_name === "string" ? userMetadata.last_name.slice(0, 100) : null,
    }),
  ]);
  await audit(ctx.db, { action: "user_signedup", actorId: id, ipHash: ctx.ipHash, detail: { provider } });
  const user = (await findUserByEmail(ctx.db, address)) ?? (await findUserByPhone(ctx.db, address));
  if (!user) throw new Error("user vanished after insert");

  if (autoconfirm) return json(await issueSession(ctx, user, "password"));

  const { code, tokenHash } = await issueOneTimeToken(ctx, id, "confirmation", address);
  await queueEmail(ctx, {
    dedupeKey: `confirmation:${id}:${tokenHash.slice(0, 16)}`,
    to: address,
    subject: "Confirm your ClarityAI Coaching account",
    text: `Welcome to ClarityAI Coaching!\n\nYour confirmation code is ${code}\n\nOr confirm with this link: ${ctx.config.issuer}/verify?token=${tokenHash}&type=signup&redirect_to=${encodeURIComponent(ctx.appEnv.PUBLIC_SITE_URL + "/auth")}\n\nThe code expires in 1 hour. If you didn't sign up, ignore this email.`,
  });
  return json(await serializeUser(ctx.db, user));
}
