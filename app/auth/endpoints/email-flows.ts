import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { authSessions, identities, mfaFactors, oneTimeTokens, profiles, users } from "~/db/schema";
import type { AuthContext } from "../context.server";
import { AuthApiError, badRequest, forbidden, unprocessable, validationFailed } from "../errors.server";
import { AUTH_LIMITS, json, limit, objectField, readJsonBody, stringField } from "../http.server";
import { hashPassword, verifyPassword } from "../password.server";
import { authenticate, issueSession, revokeSessions } from "~/auth/token-sessions.server";
import { issueOneTimeToken, tokenHashFor, type OneTimeTokenType } from "../one-time-tokens.server";
import { queueEmail } from "~/auth/emails.server";
import { allowedRedirect, createFlowState, issueAuthCode, parseCodeChallengeMethod, validatePkceParams } from "../flow-state.server";
import { audit } from "../audit.server";
import { findUserByEmail, findUserById, findUserByPhone, normaliseEmail, normalisePhone, serializeUser, type UserRow } from "../users.server";
import { isEmail, isPhone } from "../validation";
import { assertStrongPassword } from "./signup";
import { isUniqueViolation } from "~/db/errors.server";

// One-time-code flows of the GoTrue-compatible API: email/SMS codes and magic links (/otp),
// their redemption (/verify), /resend, /recover, /reauthenticate, and the changes a signed-in user
// makes to their account (PUT /user). Request fields, status codes and messages follow GoTrue;
// where GoTrue would reveal whether an address has an account, we answer the same either way.

type Batch = BatchItem<"sqlite">[];
type SqliteBatch = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

export const MISSING_OTP_ADDRESS = "You must provide either an email or phone number.";
export const MISSING_RESEND_FIELDS = "You must provide either an email or phone number and a type";
export const TOKEN_INVALID = "Token has expired or is invalid";
export const LINK_INVALID = "Email link is invalid or has expired";
export const NONCE_INVALID = "Nonce has expired or is invalid";
export const SINGLE_CONFIRMATION_ACCEPTED = "Confirmation link accepted. Please proceed to confirm link sent to the other email";
const INVALID_CHANNEL =
  "Invalid channel, supported values are 'sms' or 'whatsapp'. 'whatsapp' is only supported if Twilio or Twilio Verify is used as the provider.";
const PKCE_PREFIX = "pkce_";
// A session older than this must present a reauthentication code to change the password
// (GoTrue's rule when SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION is on).
const REAUTHENTICATION_AFTER_MS = 24 * 60 * 60 * 1000;
const MAX_METADATA_BYTES = 8 * 1024;

const VERIFY_TYPES = ["signup", "invite", "magiclink", "recovery", "email_change", "email", "sms", "phone_change"] as const;
type VerifyType = (typeof VERIFY_TYPES)[number];
const EMAIL_LINK_TYPES: VerifyType[] = ["signup", "invite", "magiclink", "recovery", "email_change", "email"];

// Which stored tokens a verification type may redeem. GoTrue keeps magic-link and recovery codes
// in one column, so either type redeems either; "email" is any email code.
const TOKEN_TYPES: Record<VerifyType, OneTimeTokenType[]> = {
  signup: ["confirmation"],
  invite: ["confirmation"],
  magiclink: ["magiclink", "recovery"],
  recovery: ["recovery", "magiclink"],
  email: ["confirmation", "magiclink", "recovery"],
  email_change: ["email_change_new", "email_change_current"],
  sms: ["confirmation"],
  phone_change: ["phone_change"],
};

// The `amr` method recorded on the session each verification type starts, as GoTrue names them.
const SESSION_METHOD: Record<Exclude<VerifyType, "email">, string> = {
  signup: "email/signup",
  invite: "invite",
  magiclink: "magiclink",
  recovery: "recovery",
  email_change: "email_change",
  sms: "otp",
  phone_change: "otp",
};

// ── Request fields ───────────────────────────────────────────────────────────────────────────

function booleanField(body: Record<string, unknown>, name: string): boolean | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "boolean") throw validationFailed(`Could not read ${name}: expected a boolean`);
  return value;
}

/** GoTrue's email check: required, at most 255 characters, a plausible address; lower-cased. */
function validEmail(raw: string): string {
  if (!raw) throw validationFailed("An email address is required");
  if (raw.length > 255) throw validationFailed("An email address is too long");
  if (!isEmail(raw)) throw validationFailed("Unable to validate email address: invalid format");
  return normaliseEmail(raw);
}

/** E.164, stored without the plus as GoTrue does. */
function validPhone(raw: string): string {
  if (!isPhone(raw)) throw validationFailed("Invalid phone number format (E.164 required)");
  return normalisePhone(raw);
}

function validChannel(raw: string | undefined): "sms" {
  // WhatsApp needs Twilio in GoTrue; we have no SMS provider at all yet, so only "sms" is valid.
  if (raw !== undefined && raw !== "sms") throw validationFailed(INVALID_CHANNEL);
  return "sms";
}

type Pkce = { challenge: string; method: string };

/** code_challenge and code_challenge_method, checked up front so nothing is written for a bad pair. */
function readPkce(body: Record<string, unknown>): Pkce | null {
  const challenge = stringField(body, "code_challenge");
  const method = stringField(body, "code_challenge_method");
  if (!validatePkceParams(challenge, method)) return null;
  if (!parseCodeChallengeMethod(method!)) throw validationFailed("Invalid code_challenge_method");
  return { challenge: challenge!, method: method! };
}

/** Metadata as sign-up stores it: short keys only, at most 8 KiB of JSON. */
function cleanMetadata(data: Record<string, unknown>): Record<string, unknown> {
  const cleaned = Object.fromEntries(Object.entries(data).filter(([key]) => key.length <= 64));
  if (JSON.stringify(cleaned).length > MAX_METADATA_BYTES) throw validationFailed("User metadata is too large");
  return cleaned;
}

function nameField(value: unknown): string | null {
  return typeof value === "string" && value.trim() ? value.trim().slice(0, 100) : null;
}

// ── Redirects and links ──────────────────────────────────────────────────────────────────────

/**
 * Where a link may send the browser: our own site (PUBLIC_SITE_URL's origin, or the origin this
 * request reached), given absolute or relative to the site. Anything else falls back to the site
 * URL, so a crafted link cannot hand a fresh session to another origin.
 */
export function redirectTarget(ctx: AuthContext, raw: string | null | undefined, fallback = ctx.config.siteUrl): string {
  if (!raw) return fallback;
  let target: URL;
  try {
    target = new URL(raw, `${ctx.config.siteUrl}/`);
  } catch {
    return fallback;
  }
  if (target.protocol !== "https:" && target.protocol !== "http:") return fallback;
  target.hash = "";
  const sameOrigin = target.origin === new URL(ctx.request.url).origin;
  return sameOrigin || allowedRedirect(ctx, target.toString()) ? target.toString() : fallback;
}

/** The redirect_to a client asked for (auth-js sends it as a query parameter), for email links. */
function linkRedirect(ctx: AuthContext): string {
  return redirectTarget(ctx, new URL(ctx.request.url).searchParams.get("redirect_to"), `${ctx.config.siteUrl}/auth`);
}

function verifyLink(ctx: AuthContext, token: string, type: string, redirectTo: string) {
  return `${ctx.config.issuer}/verify?${new URLSearchParams({ token, type, redirect_to: redirectTo })}`;
}

// ── Rate limits ──────────────────────────────────────────────────────────────────────────────

/**
 * Per-address limit on messages we send. It is counted before we look the address up, so an
 * unknown address is limited exactly like a known one and the 429 reveals nothing.
 */
async function limitMessages(ctx: AuthContext, subject: string, channel: "email" | "sms") {
  try {
    await limit(ctx, AUTH_LIMITS.messagesPerAddress, `${channel}:${subject}`);
  } catch (error) {
    if (error instanceof AuthApiError && error.status === 429) {
      throw channel === "email"
        ? new AuthApiError(429, "over_email_send_rate_limit", "email rate limit exceeded")
        : new AuthApiError(429, "over_sms_send_rate_limit", "SMS rate limit exceeded");
    }
    throw error;
  }
}

// ── Users created by a one-time code ─────────────────────────────────────────────────────────

/** A passwordless account for a first one-time-code sign-in (GoTrue signs them up the same way). */
async function createPasswordlessUser(ctx: AuthContext, address: { email: string } | { phone: string }, data: Record<string, unknown>) {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const provider = "email" in address ? "email" : "phone";
  const value = "email" in address ? address.email : address.phone;
  const confirmedAt = ctx.config.emailAutoconfirm ? now : null;
  const metadata = cleanMetadata(data);
  try {
    await ctx.db.batch([
      ctx.db.insert(users).values({
        id,
        email: provider === "email" ? value : null,
        phone: provider === "phone" ? value : null,
        passwordHash: null,
        emailConfirmedAt: provider === "email" ? confirmedAt : null,
        phoneConfirmedAt: provider === "phone" ? confirmedAt : null,
        userMetadata: JSON.stringify(metadata),
        appMetadata: JSON.stringify({ provider, providers: [provider] }),
        createdAt: now,
        updatedAt: now,
      }),
      ctx.db.insert(identities).values({
        id: crypto.randomUUID(),
        userId: id,
        provider,
        providerId: id,
        identityData: JSON.stringify({ sub: id, [provider]: value, email_verified: Boolean(confirmedAt) && provider === "email", phone_verified: false }),
        email: provider === "email" ? value : null,
      }),
      ctx.db.insert(profiles).values({ userId: id, firstName: nameField(metadata.first_name), lastName: nameField(metadata.last_name) }),
    ]);
  } catch (error) {
    // Two first requests for one address at once: the other one created the account.
    const existing = provider === "email" ? await findUserByEmail(ctx.db, value) : await findUserByPhone(ctx.db, value);
    if (existing) return existing;
    throw error;
  }
  await audit(ctx.db, { action: "user_signedup", actorId: id, ipHash: ctx.ipHash, detail: { provider, method: "otp" } });
  const user = await findUserById(ctx.db, id);
  if (!user) throw new Error("user vanished after insert");
  return user;
}

async function startFlow(ctx: AuthContext, userId: string, pkce: Pkce, authenticationMethod: string, redirectTo: string) {
  await createFlowState(ctx, {
    userId,
    codeChallenge: pkce.challenge,
    codeChallengeMethod: pkce.method,
    providerType: authenticationMethod === "email/signup" ? "email" : authenticationMethod,
    authenticationMethod,
    redirectTo,
  });
}

// ── Messages ─────────────────────────────────────────────────────────────────────────────────

const EXPIRY_NOTE = "The code and link work once and expire in 1 hour.";

async function sendConfirmation(ctx: AuthContext, user: UserRow, email: string, pkce: Pkce | null) {
  const redirectTo = linkRedirect(ctx);
  if (pkce) await startFlow(ctx, user.id, pkce, "email/signup", redirectTo);
  const { code, tokenHash } = await issueOneTimeToken(ctx, user.id, "confirmation", email);
  await ctx.db.update(users).set({ confirmationSentAt: new Date().toISOString() }).where(eq(users.id, user.id));
  await queueEmail(ctx, {
    dedupeKey: `confirmation:${user.id}:${tokenHash.slice(0, 16)}`,
    to: email,
    subject: "Confirm your ClarityAI Coaching account",
    text: `Welcome to ClarityAI Coaching!\n\nYour confirmation code is ${code}\n\nOr confirm your email address with this link:\n${verifyLink(ctx, (pkce ? PKCE_PREFIX : "") + tokenHash, "signup", redirectTo)}\n\n${EXPIRY_NOTE} If you didn't ask to join ClarityAI Coaching, you can ignore this email.`,
  });
}

async function sendMagicLink(ctx: AuthContext, user: UserRow, email: string, pkce: Pkce | null) {
  const redirectTo = linkRedirect(ctx);
  if (pkce) await startFlow(ctx, user.id, pkce, "magiclink", redirectTo);
  const { code, tokenHash } = await issueOneTimeToken(ctx, user.id, "magiclink", email);
  // GoTrue records magic links in recovery_sent_at too.
  await ctx.db.update(users).set({ recoverySentAt: new Date().toISOString() }).where(eq(users.id, user.id));
  await audit(ctx.db, { action: "user_recovery_requested", actorId: user.id, ipHash: ctx.ipHash, detail: { method: "magiclink" } });
  await queueEmail(ctx, {
    dedupeKey: `magiclink:${user.id}:${tokenHash.slice(0, 16)}`,
    to: email,
    subject: "Your ClarityAI Coaching sign-in code",
    text: `Your sign-in code is ${code}\n\nOr sign in with this link:\n${verifyLink(ctx, (pkce ? PKCE_PREFIX : "") + tokenHash, "magiclink", redirectTo)}\n\n${EXPIRY_NOTE} If you didn't ask to sign in, you can ignore this email — nobody can get into your account without the code.`,
  });
}

async function sendRecovery(ctx: AuthContext, user: UserRow, email: string, pkce: Pkce | null) {
  const redirectTo = linkRedirect(ctx);
  if (pkce) await startFlow(ctx, user.id, pkce, "recovery", redirectTo);
  const { code, tokenHash } = await issueOneTimeToken(ctx, user.id, "recovery", email);
  await ctx.db.update(users).set({ recoverySentAt: new Date().toISOString() }).where(eq(users.id, user.id));
  await audit(ctx.db, { action: "user_recovery_requested", actorId: user.id, ipHash: ctx.ipHash, detail: { method: "recovery" } });
  await queueEmail(ctx, {
    dedupeKey: `recovery:${user.id}:${tokenHash.slice(0, 16)}`,
    to: email,
    subject: "Reset your ClarityAI Coaching password",
    text: `We received a request to reset the password for your ClarityAI Coaching account.\n\nYour code is ${code}\n\nOr choose a new password with this link:\n${verifyLink(ctx, (pkce ? PKCE_PREFIX : "") + tokenHash, "recovery", redirectTo)}\n\n${EXPIRY_NOTE} If you didn't ask to reset your password, you can ignore this email — your password stays the same.`,
  });
}

async function sendPhoneCode(ctx: AuthContext, user: UserRow, phone: string, type: "confirmation" | "phone_change" | "reauthentication") {
  const { code, tokenHash } = await issueOneTimeToken(ctx, user.id, type, phone);
  if (type === "confirmation") await ctx.db.update(users).set({ confirmationSentAt: new Date().toISOString() }).where(eq(users.id, user.id));
  await queueEmail(ctx, {
    dedupeKey: `sms-${type}:${user.id}:${tokenHash.slice(0, 16)}`,
    to: `sms:+${phone}`,
    subject: "ClarityAI Coaching code",
    text: `Your ClarityAI Coaching code is ${code}. It expires in 1 hour. Don't share it with anyone.`,
  });
}

/** Codes for an email change: to the new address, and (secure change) to the current one. */
async function sendEmailChange(ctx: AuthContext, user: UserRow, newEmail: string, pkce: Pkce | null) {
  const redirectTo = linkRedirect(ctx);
  if (pkce) await startFlow(ctx, user.id, pkce, "email_change", redirectTo);
  const prefix = pkce ? PKCE_PREFIX : "";
  const fresh = await issueOneTimeToken(ctx, user.id, "email_change_new", newEmail);
  await queueEmail(ctx, {
    dedupeKey: `email-change-new:${user.id}:${fresh.tokenHash.slice(0, 16)}`,
    to: newEmail,
    subject: "Confirm your new email address",
    text: `You asked to use this email address for your ClarityAI Coaching account.\n\nYour confirmation code is ${fresh.code}\n\nOr confirm with this link:\n${verifyLink(ctx, prefix + fresh.tokenHash, "email_change", redirectTo)}\n\n${EXPIRY_NOTE}${user.email ? " We've also sent a code to your current address: the change takes effect once both are confirmed." : ""} If you didn't ask for this, you can ignore this email.`,
  });
  if (!user.email) return;
  const current = await issueOneTimeToken(ctx, user.id, "email_change_current", user.email);
  await queueEmail(ctx, {
    dedupeKey: `email-change-current:${user.id}:${current.tokenHash.slice(0, 16)}`,
    to: user.email,
    subject: "Confirm the change of your email address",
    text: `Someone (hopefully you) asked to change the email address of your ClarityAI Coaching account from this address to ${newEmail}.\n\nTo approve the change, use the code ${current.code}\n\nOr approve it with this link:\n${verifyLink(ctx, prefix + current.tokenHash, "email_change", redirectTo)}\n\n${EXPIRY_NOTE} If it wasn't you, don't approve it, and change your password at ${ctx.config.siteUrl}/auth.`,
  });
}

// ── Redeeming codes ──────────────────────────────────────────────────────────────────────────

/**
 * Takes a live token by its hash, once. Unlike consumeOneTimeToken it also pins the address the
 * code was sent to (when the client named one), so a code can only be redeemed for that address.
 */
async function takeToken(ctx: AuthContext, tokenHash: string, types: OneTimeTokenType[], relatesTo: string | null) {
  const conditions = [eq(oneTimeTokens.tokenHash, tokenHash), inArray(oneTimeTokens.tokenType, types)];
  if (relatesTo !== null) conditions.push(eq(oneTimeTokens.relatesTo, relatesTo));
  const rows = await ctx.db
    .delete(oneTimeTokens)
    .where(and(...conditions))
    .returning();
  const row = rows[0];
  if (!row || Date.now() - Date.parse(row.createdAt) > ctx.config.otpTtl * 1000) return null;
  return row;
}

/**
 * The statement that records a change on the user's identity of a provider (creating it if
 * missing). Wrapped in an object because a query builder is a thenable: returned bare from an
 * async function it would run there and then, outside the caller's batch.
 */
async function identityUpdate(
  ctx: AuthContext,
  userId: string,
  provider: "email" | "phone",
  patch: Record<string, unknown>,
): Promise<{ statement: BatchItem<"sqlite"> }> {
  const identity = await ctx.db.query.identities.findFirst({ where: and(eq(identities.userId, userId), eq(identities.provider, provider)) });
  const email = provider === "email" && typeof patch.email === "string" ? patch.email : undefined;
  if (!identity) {
    const statement = ctx.db.insert(identities).values({
      id: crypto.randomUUID(),
      userId,
      provider,
      providerId: userId,
      identityData: JSON.stringify({ sub: userId, email_verified: false, phone_verified: false, ...patch }),
      email: email ?? null,
    });
    return { statement };
  }
  let data: Record<string, unknown> = {};
  try {
    data = JSON.parse(identity.identityData) as Record<string, unknown>;
  } catch {
    // A damaged identity_data is replaced by the patch.
  }
  const statement = ctx.db
    .update(identities)
    .set({ identityData: JSON.stringify({ ...data, ...patch }), updatedAt: new Date().toISOString(), ...(email ? { email } : {}) })
    .where(eq(identities.id, identity.id));
  return { statement };
}

async function confirmEmail(ctx: AuthContext, user: UserRow) {
  if (user.emailConfirmedAt) return;
  const now = new Date().toISOString();
  await ctx.db.batch([
    ctx.db.update(users).set({ emailConfirmedAt: now, updatedAt: now }).where(eq(users.id, user.id)),
    (await identityUpdate(ctx, user.id, "email", { email: user.email, email_verified: true })).statement,
  ]);
}

async function confirmPhone(ctx: AuthContext, user: UserRow) {
  if (user.phoneConfirmedAt) return;
  const now = new Date().toISOString();
  await ctx.db.batch([
    ctx.db.update(users).set({ phoneConfirmedAt: now, updatedAt: now }).where(eq(users.id, user.id)),
    (await identityUpdate(ctx, user.id, "phone", { phone: user.phone, phone_verified: true })).statement,
  ]);
}

/** Completes an email change; with secure change, only once both addresses have confirmed. */
async function redeemEmailChange(ctx: AuthContext, user: UserRow, tokenType: OneTimeTokenType, relatesTo: string, invalid: () => AuthApiError) {
  const newEmail = user.emailChange;
  if (!newEmail) throw invalid();
  if (tokenType === "email_change_new" ? relatesTo !== newEmail : relatesTo !== user.email) throw invalid();
  const other = tokenType === "email_change_new" ? "email_change_current" : "email_change_new";
  const outstanding = await ctx.db.query.oneTimeTokens.findFirst({ where: and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.tokenType, other)) });
  if (outstanding) return { single: true as const };

  const clash = await findUserByEmail(ctx.db, newEmail);
  if (clash && clash.id !== user.id) throw unprocessable("email_exists", "A user with this email address has already been registered");
  const oldEmail = user.email;
  const now = new Date().toISOString();
  try {
    await ctx.db.batch([
      ctx.db
        .update(users)
        .set({ email: newEmail, emailConfirmedAt: now, emailChange: null, emailChangeSentAt: null, updatedAt: now })
        .where(eq(users.id, user.id)),
      (await identityUpdate(ctx, user.id, "email", { email: newEmail, email_verified: true })).statement,
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw unprocessable("email_exists", "A user with this email address has already been registered");
    throw error;
  }
  await audit(ctx.db, { action: "user_modified", actorId: user.id, ipHash: ctx.ipHash, detail: { change: "email" } });
  if (oldEmail && oldEmail !== newEmail) {
    await queueEmail(ctx, {
      dedupeKey: `email-changed:${user.id}:${now}`,
      to: oldEmail,
      subject: "Your ClarityAI Coaching email address was changed",
      text: `The email address of your ClarityAI Coaching account was changed from this address to ${newEmail}.\n\nIf you made this change, there's nothing more to do. If you didn't, contact us straight away by replying to this email.`,
    });
  }
  return { single: false as const };
}

type Redeemed = { kind: "session"; user: UserRow; type: Exclude<VerifyType, "email"> } | { kind: "single" };

/**
 * Redeems a code (with the address it was sent to) or a link's token hash for a verification type,
 * applies what it proves (a confirmed email or phone, a completed change) and returns the user.
 */
async function redeem(ctx: AuthContext, type: VerifyType, tokenHash: string, address: string | null, via: "code" | "link"): Promise<Redeemed> {
  const invalid = () => forbidden("otp_expired", via === "code" ? TOKEN_INVALID : LINK_INVALID);
  const row = await takeToken(ctx, tokenHash, TOKEN_TYPES[type], address);
  if (!row) throw invalid();
  const user = await findUserById(ctx.db, row.userId);
  if (!user) throw invalid();
  if (user.bannedUntil && Date.parse(user.bannedUntil) > Date.now()) throw forbidden("user_banned", "User is banned");

  let effective: Exclude<VerifyType, "email">;
  switch (row.tokenType) {
    case "confirmation":
      if (type === "sms") {
        if (row.relatesTo !== user.phone) throw invalid();
        await confirmPhone(ctx, user);
        effective = "sms";
      } else {
        if (row.relatesTo !== user.email) throw invalid();
        await confirmEmail(ctx, user);
        effective = type === "email" ? "signup" : (type as "signup" | "invite");
      }
      break;
    case "magiclink":
    case "recovery":
      if (row.relatesTo !== user.email) throw invalid();
      // Following the link proves the address, as GoTrue's recovery does.
      await confirmEmail(ctx, user);
      effective = type === "email" ? "magiclink" : (type as "magiclink" | "recovery");
      break;
    case "email_change_new":
    case "email_change_current": {
      const result = await redeemEmailChange(ctx, user, row.tokenType, row.relatesTo, invalid);
      if (result.single) return { kind: "single" };
      effective = "email_change";
      break;
    }
    case "phone_change": {
      if (!user.phoneChange || row.relatesTo !== user.phoneChange) throw invalid();
      const clash = await findUserByPhone(ctx.db, user.phoneChange);
      if (clash && clash.id !== user.id) throw unprocessable("phone_exists", "A user with this phone number has already been registered");
      const now = new Date().toISOString();
      await ctx.db.batch([
        ctx.db.update(users).set({ phone: user.phoneChange, phoneConfirmedAt: now, phoneChange: null, updatedAt: now }).where(eq(users.id, user.id)),
        (await identityUpdate(ctx, user.id, "phone", { phone: user.phoneChange, phone_verified: true })).statement,
      ]);
      await audit(ctx.db, { action: "user_modified", actorId: user.id, ipHash: ctx.ipHash, detail: { change: "phone" } });
      effective = "phone_change";
      break;
    }
    default:
      throw invalid();
  }
  const fresh = await findUserById(ctx.db, user.id);
  if (!fresh) throw invalid();
  return { kind: "session", user: fresh, type: effective };
}

function verifyTypeOf(raw: string | undefined | null): VerifyType {
  if (!raw) throw validationFailed("Verify requires a verification type");
  if (!(VERIFY_TYPES as readonly string[]).includes(raw)) throw validationFailed("Unsupported verification type");
  return raw as VerifyType;
}

function stripPkcePrefix(token: string) {
  return token.startsWith(PKCE_PREFIX) ? { hash: token.slice(PKCE_PREFIX.length), pkce: true } : { hash: token, pkce: false };
}

// ── Endpoints ────────────────────────────────────────────────────────────────────────────────

/**
 * POST /otp — sends a 6-digit code and a magic link (email) or a code (SMS), creating a
 * passwordless account first unless create_user is false.
 */
export async function otp(ctx: AuthContext) {
  const body = await readJsonBody(ctx.request);
  const rawEmail = stringField(body, "email")?.trim();
  const rawPhone = stringField(body, "phone")?.trim();
  const createUser = booleanField(body, "create_user") ?? true;
  const data = objectField(body, "data") ?? {};
  const channel = stringField(body, "channel");
  const pkce = readPkce(body);
  if (!rawEmail && !rawPhone) throw validationFailed(MISSING_OTP_ADDRESS);
  if (rawEmail && rawPhone) throw validationFailed("Only an email address or phone number should be provided");
  if (rawEmail && channel) throw validationFailed("Channel should only be specified with Phone OTP");
  await limit(ctx, AUTH_LIMITS.otpPerSource, ctx.source);

  if (rawEmail) {
    const email = validEmail(rawEmail);
    cleanMetadata(data);
    await limitMessages(ctx, email, "email");
    let user = await findUserByEmail(ctx.db, email);
    // GoTrue answers 422 otp_disabled "Signups not allowed for otp" here, which tells anyone
    // whether an address has an account. We answer exactly as for a known address and send nothing.
    if (!user && !createUser) return json({});
    user ??= await createPasswordlessUser(ctx, { email }, data);
    if (!user.emailConfirmedAt) await sendConfirmation(ctx, user, email, pkce);
    else await sendMagicLink(ctx, user, email, pkce);
    return json({});
  }

  validChannel(channel);
  const phone = validPhone(rawPhone!);
  cleanMetadata(data);
  await limitMessages(ctx, phone, "sms");
  let user = await findUserByPhone(ctx.db, phone);
  if (!user && !createUser) return json({}); // As for email: no enumeration.
  user ??= await createPasswordlessUser(ctx, { phone }, data);
  if (user.phoneConfirmedAt) await audit(ctx.db, { action: "user_recovery_requested", actorId: user.id, ipHash: ctx.ipHash, detail: { method: "sms" } });
  await sendPhoneCode(ctx, user, phone, "confirmation");
  return json({});
}

/** POST /verify — redeems a code or token hash and starts a session. */
export async function verifyPost(ctx: AuthContext) {
  const body = await readJsonBody(ctx.request);
  const rawType = stringField(body, "type");
  const token = stringField(body, "token") ?? "";
  const tokenHashRaw = stringField(body, "token_hash") ?? "";
  const rawEmail = stringField(body, "email")?.trim() ?? "";
  const rawPhone = stringField(body, "phone")?.trim() ?? "";
  const redirectTo = stringField(body, "redirect_to") ?? "";
  const type = verifyTypeOf(rawType);
  if ((!token && !tokenHashRaw) || (token && tokenHashRaw)) throw validationFailed("Verify requires either a token or a token hash");
  await limit(ctx, AUTH_LIMITS.verifyPerSource, ctx.source);

  let result: Redeemed;
  if (token) {
    let address: string;
    if (rawPhone && !rawEmail) {
      address = validPhone(rawPhone);
    } else if (rawEmail && !rawPhone) {
      try {
        address = validEmail(rawEmail);
      } catch {
        throw unprocessable("validation_failed", "Invalid email format");
      }
    } else {
      throw validationFailed("Only an email address or phone number should be provided on verify");
    }
    // A code for a phone redeems only phone types and an email code only email types.
    const phoneType = type === "sms" || type === "phone_change";
    if (phoneType !== Boolean(rawPhone)) throw forbidden("otp_expired", TOKEN_INVALID);
    // Six digits are guessable across many addresses' worth of IPs: cap attempts per address too.
    await limit(ctx, AUTH_LIMITS.verifyPerAddress, `verify:${address}`);
    result = await redeem(ctx, type, await tokenHashFor(address, token), address, "code");
  } else {
    if (rawEmail || rawPhone || redirectTo) throw validationFailed("Only the token_hash and type should be provided");
    if (!EMAIL_LINK_TYPES.includes(type)) throw validationFailed("Invalid email verification type");
    result = await redeem(ctx, type, stripPkcePrefix(tokenHashRaw).hash, null, "link");
  }

  if (result.kind === "single") return json({ msg: SINGLE_CONFIRMATION_ACCEPTED, code: "200" });
  return json(await issueSession(ctx, result.user, SESSION_METHOD[result.type]));
}

function fragment(params: Record<string, string>) {
  // GoTrue encodes these with Go's url.Values, whose keys come out sorted.
  const search = new URLSearchParams();
  for (const key of Object.keys(params).sort()) search.set(key, params[key]!);
  return search.toString();
}

const OAUTH_ERRORS: Record<number, string> = {
  400: "invalid_request",
  401: "unauthorized_client",
  403: "access_denied",
  500: "server_error",
  503: "temporarily_unavailable",
};

function redirect(location: string) {
  return new Response(null, { status: 303, headers: { Location: location } });
}

/**
 * GET /verify?token=…&type=…&redirect_to=… — the link in an email. Redirects to redirect_to with
 * the session in the fragment (implicit flow), with ?code= (PKCE), or with the error.
 */
export async function verifyGet(ctx: AuthContext) {
  const params = new URL(ctx.request.url).searchParams;
  const rawType = params.get("type");
  const token = params.get("token") ?? "";
  const target = redirectTarget(ctx, params.get("redirect_to"));
  if (!rawType) throw validationFailed("Verify requires a verification type");
  if (!token) throw validationFailed("Verify requires a token or a token hash");
  await limit(ctx, AUTH_LIMITS.verifyPerSource, ctx.source);
  const { hash, pkce } = stripPkcePrefix(token);

  try {
    const type = verifyTypeOf(rawType);
    if (!EMAIL_LINK_TYPES.includes(type)) throw validationFailed("Invalid email verification type");
    const result = await redeem(ctx, type, hash, null, "link");
    const url = new URL(target);
    if (result.kind === "single") {
      if (pkce) url.searchParams.set("message", SINGLE_CONFIRMATION_ACCEPTED);
      url.hash = fragment({ message: SINGLE_CONFIRMATION_ACCEPTED, sb: "" });
      return redirect(url.toString());
    }
    if (pkce) {
      let authCode: string;
      try {
        authCode = await issueAuthCode(ctx, result.user.id, SESSION_METHOD[result.type]);
      } catch (error) {
        if (error instanceof AuthApiError) throw badRequest("flow_state_not_found", `No associated flow state found. ${error.message}`);
        throw error;
      }
      url.searchParams.set("code", authCode);
      return redirect(url.toString());
    }
    const session = await issueSession(ctx, result.user, SESSION_METHOD[result.type]);
    return redirect(
      `${url.toString()}#${fragment({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        sb: "",
        token_type: session.token_type,
        type: result.type,
      })}`,
    );
  } catch (error) {
    if (!(error instanceof AuthApiError)) throw error;
    const url = new URL(target);
    const details: Record<string, string> = { error_code: error.code, error_description: error.message };
    const oauthError = OAUTH_ERRORS[error.status];
    if (oauthError) details.error = oauthError;
    if (pkce) for (const [key, value] of Object.entries(details)) url.searchParams.set(key, value);
    url.hash = fragment({ ...details, sb: "" });
    return redirect(url.toString());
  }
}

const RESEND_TYPES = ["signup", "email_change", "sms", "phone_change"] as const;

/** POST /resend — sends a pending confirmation or change code again. 200 `{}` whatever the account. */
export async function resend(ctx: AuthContext) {
  const body = await readJsonBody(ctx.request);
  const type = stringField(body, "type");
  const rawEmail = stringField(body, "email")?.trim();
  const rawPhone = stringField(body, "phone")?.trim();
  const pkce = readPkce(body);
  if ((!rawEmail && !rawPhone) || !type) throw validationFailed(MISSING_RESEND_FIELDS);
  if (!(RESEND_TYPES as readonly string[]).includes(type)) throw validationFailed("Missing one of these types: signup, email_change, sms, phone_change");
  if (!rawEmail && type === "signup") throw validationFailed("Type provided requires an email address");
  if (!rawPhone && type === "sms") throw validationFailed("Type provided requires a phone number");
  if (rawEmail && rawPhone) throw validationFailed("Only an email address or phone number should be provided.");
  const email = rawEmail ? validEmail(rawEmail) : null;
  const phone = rawPhone ? validPhone(rawPhone) : null;
  await limit(ctx, AUTH_LIMITS.otpPerSource, ctx.source);
  await limitMessages(ctx, (email ?? phone)!, email ? "email" : "sms");

  const user = email ? await findUserByEmail(ctx.db, email) : await findUserByPhone(ctx.db, phone!);
  if (!user) return json({});
  switch (type) {
    case "signup":
      if (!user.emailConfirmedAt && user.email) await sendConfirmation(ctx, user, user.email, pkce);
      break;
    case "sms":
      if (!user.phoneConfirmedAt && user.phone) await sendPhoneCode(ctx, user, user.phone, "confirmation");
      break;
    case "email_change":
      if (user.emailChange) {
        await sendEmailChange(ctx, user, user.emailChange, pkce);
        await ctx.db.update(users).set({ emailChangeSentAt: new Date().toISOString() }).where(eq(users.id, user.id));
      }
      break;
    case "phone_change":
      if (user.phoneChange) await sendPhoneCode(ctx, user, user.phoneChange, "phone_change");
      break;
  }
  return json({});
}

/** POST /recover — emails a recovery code and link. 200 `{}` whether or not the account exists. */
export async function recover(ctx: AuthContext) {
  const body = await readJsonBody(ctx.request);
  const rawEmail = stringField(body, "email")?.trim();
  const pkce = readPkce(body);
  if (!rawEmail) throw validationFailed("Password recovery requires an email");
  const email = validEmail(rawEmail);
  await limit(ctx, AUTH_LIMITS.otpPerSource, ctx.source);
  await limitMessages(ctx, email, "email");
  const user = await findUserByEmail(ctx.db, email);
  if (user) await sendRecovery(ctx, user, email, pkce);
  return json({});
}

/** GET /reauthenticate — sends the signed-in user a code to confirm a sensitive change (`nonce`). */
export async function reauthenticate(ctx: AuthContext) {
  const { user } = await authenticate(ctx, { strict: true });
  if (!user.email && !user.phone) throw validationFailed("Reauthentication requires the user to have an email or a phone number");
  if (user.email && !user.emailConfirmedAt) throw unprocessable("email_not_confirmed", "Please verify your email first.");
  if (!user.email && user.phone && !user.phoneConfirmedAt) throw unprocessable("phone_not_confirmed", "Please verify your phone first.");
  await limitMessages(ctx, `user:${user.id}`, user.email ? "email" : "sms");
  await ctx.db.update(users).set({ reauthenticationSentAt: new Date().toISOString() }).where(eq(users.id, user.id));
  if (user.email) {
    const { code, tokenHash } = await issueOneTimeToken(ctx, user.id, "reauthentication", user.email);
    await queueEmail(ctx, {
      dedupeKey: `reauthentication:${user.id}:${tokenHash.slice(0, 16)}`,
      to: user.email,
      subject: "Confirm it's you",
      text: `To confirm a change to your ClarityAI Coaching account, enter this code: ${code}\n\nIt works once and expires in 1 hour. If you didn't ask for it, change your password at ${ctx.config.siteUrl}/auth.`,
    });
  } else {
    await sendPhoneCode(ctx, user, user.phone!, "reauthentication");
  }
  return json({});
}

/**
 * PUT /user — the signed-in user's own changes: metadata (`data`), password, email and phone.
 * A user with a verified MFA factor needs an aal2 session to change email, phone or password.
 */
export async function updateUser(ctx: AuthContext) {
  const { claims, user } = await authenticate(ctx, { strict: true });
  const body = await readJsonBody(ctx.request);
  const rawEmail = stringField(body, "email")?.trim();
  const rawPhone = stringField(body, "phone")?.trim();
  const password = stringField(body, "password");
  const nonce = stringField(body, "nonce");
  const data = objectField(body, "data");
  const appMetadata = objectField(body, "app_metadata");
  const channel = stringField(body, "channel");
  stringField(body, "current_password");
  const pkce = readPkce(body);

  const email = rawEmail ? validEmail(rawEmail) : undefined;
  const phone = rawPhone ? validPhone(rawPhone) : undefined;
  if (rawPhone) validChannel(channel);
  if (password !== undefined) assertStrongPassword(password);
  const metadataUpdate = data ? cleanMetadata(data) : undefined;
  if (appMetadata) throw forbidden("not_admin", "Updating app_metadata requires admin privileges");

  const changingEmail = email !== undefined && email !== user.email;
  const changingPhone = phone !== undefined && phone !== user.phone;
  const changingPassword = password !== undefined;
  const session = await ctx.db.query.authSessions.findFirst({ where: eq(authSessions.id, claims.session_id) });
  if (!session) throw forbidden("session_not_found", "Session from session_id claim in JWT does not exist");

  if (changingEmail || changingPhone || changingPassword) {
    const factor = await ctx.db.query.mfaFactors.findFirst({ where: and(eq(mfaFactors.userId, user.id), eq(mfaFactors.status, "verified")) });
    if (factor && session.aal !== "aal2") {
      throw new AuthApiError(401, "insufficient_aal", "AAL2 session is required to update email or password when MFA is enabled.");
    }
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
    const address = user.email ?? user.phone;
    const row = address ? await takeToken(ctx, await tokenHashFor(address, nonce), ["reauthentication"], address) : null;
    if (!row || row.userId !== user.id) throw unprocessable("reauthentication_not_valid", NONCE_INVALID);
  }
  if (changingEmail) await limitMessages(ctx, `user:${user.id}`, "email");
  if (changingPhone) await limitMessages(ctx, `user:${user.id}`, "sms");

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
    await revokeSessions(ctx, user.id, claims.session_id, "others");
    await audit(ctx.db, { action: "user_updated_password", actorId: user.id, ipHash: ctx.ipHash });
    if (user.email) {
      await queueEmail(ctx, {
        dedupeKey: `password-changed:${user.id}:${now}`,
        to: user.email,
        subject: "Your ClarityAI Coaching password was changed",
        text: `The password for your ClarityAI Coaching account was just changed, and your other devices were signed out.\n\nIf you made this change, there's nothing more to do. If you didn't, reset your password straight away at ${ctx.config.siteUrl}/auth and reply to this email so we can help.`,
      });
    }
  }
  if (changingEmail) await sendEmailChange(ctx, { ...user, ...set } as UserRow, email, pkce);
  if (changingPhone) await sendPhoneCode(ctx, user, phone, "phone_change");
  await audit(ctx.db, {
    action: "user_modified",
    actorId: user.id,
    ipHash: ctx.ipHash,
    detail: { fields: [metadataUpdate && "data", changingPassword && "password", changingEmail && "email", changingPhone && "phone"].filter(Boolean) },
  });

  const updated = await findUserById(ctx.db, user.id);
  if (!updated) throw forbidden("user_not_found", "User from sub claim in JWT does not exist");
  return json(await serializeUser(ctx.db, updated));
}
