import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client.server";
import { authSessions, identities, mfaFactors, oneTimeTokens, profiles, users } from "~/db/schema";
import type { JobMessage } from "~/jobs/messages";
import type { AppEnv } from "~/platform/env.server";
import { consumeRateLimit, limitSubject, pairSubject, peekRateLimit } from "~/platform/rate-limit.server";
import type { AuthConfig } from "../config.server";
import type { AuthContext } from "../context.server";
import { AuthApiError, badRequest, forbidden, tooManyRequests, unprocessable, validationFailed } from "../errors.server";
import { AUTH_LIMITS, json, limit, objectField, readJsonBody, stringField } from "../http.server";
import { hashPassword, verifyPassword } from "../password.server";
import { authenticate, issueSession, revokeSessions } from "~/auth/token-sessions.server";
import { findByLinkToken, hasLiveToken, issueOneTimeToken, takeCode, takeRow, type OneTimeTokenType } from "../one-time-tokens.server";
import { queueEmail, type QueuedEmail } from "~/auth/emails.server";
import { composeEmail, textMessage } from "~/email/compose.server";
import { accountConfirmationEmail } from "~/email/templates/account-confirmation";
import { emailChangeCurrentEmail } from "~/email/templates/email-change-current";
import { emailChangeNewEmail } from "~/email/templates/email-change-new";
import { emailChangedEmail } from "~/email/templates/email-changed";
import { passwordChangedEmail } from "~/email/templates/password-changed";
import { passwordResetEmail } from "~/email/templates/password-reset";
import { reauthenticationEmail } from "~/email/templates/reauthentication";
import { signInCodeEmail } from "~/email/templates/sign-in-code";
import type { AuthMessageJob } from "../jobs";
import { allowedRedirect, createFlowState, issueAuthCode, parseCodeChallengeMethod, validatePkceParams } from "../flow-state.server";
import { audit } from "../audit.server";
import { findUserByEmail, findUserById, findUserByPhone, normaliseEmail, normalisePhone, serializeUser, type UserRow } from "../users.server";
import { isEmail, isPhone } from "../validation";
import { isUniqueViolation } from "~/db/errors.server";
import { assertStrongPassword } from "./signup";
import { captchaTokenOf, requireCaptchaBeyond } from "../captcha.server";

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

export type Pkce = { challenge: string; method: string };

/** code_challenge and code_challenge_method, checked up front so nothing is written for a bad pair. */
export function readPkce(body: Record<string, unknown>): Pkce | null {
  const challenge = stringField(body, "code_challenge");
  const method = stringField(body, "code_challenge_method");
  if (!validatePkceParams(challenge, method)) return null;
  if (!parseCodeChallengeMethod(method!)) throw validationFailed("Invalid code_challenge_method");
  return { challenge: challenge!, method: method! };
}

/** Metadata as sign-up stores it: short keys only, at most 8 KiB of JSON. */
export function cleanMetadata(data: Record<string, unknown>): Record<string, unknown> {
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
export function linkRedirect(ctx: AuthContext): string {
  return redirectTarget(ctx, new URL(ctx.request.url).searchParams.get("redirect_to"), `${ctx.config.siteUrl}/auth`);
}

function verifyLink(ctx: Pick<MessageContext, "config">, token: string, type: string, redirectTo: string) {
  return `${ctx.config.issuer}/verify?${new URLSearchParams({ token, type, redirect_to: redirectTo })}`;
}

// ── Rate limits ──────────────────────────────────────────────────────────────────────────────

function sendRateLimited(channel: "email" | "sms") {
  return channel === "email"
    ? new AuthApiError(429, "over_email_send_rate_limit", "email rate limit exceeded")
    : new AuthApiError(429, "over_sms_send_rate_limit", "SMS rate limit exceeded");
}

/**
 * The message quotas of an address, counted before anything looks the address up, so an unknown
 * address is limited exactly like a known one and neither answer reveals anything. One source may
 * ask for a few messages to an address an hour (beyond that it gets a 429); past the address's
 * hourly total nobody is refused, but only an address without a live code gets a new one
 * (`overQuota`), so strangers can neither flood an inbox nor lock its owner out.
 */
async function messageQuota(ctx: AuthContext, address: string, channel: "email" | "sms"): Promise<{ overQuota: boolean }> {
  const secret = ctx.appEnv.SESSION_SECRET;
  const pair = await consumeRateLimit(ctx.db, AUTH_LIMITS.messagesPerAddressSource, pairSubject(channel, address, ctx.source), secret);
  if (!pair.allowed) throw sendRateLimited(channel);
  const total = await consumeRateLimit(ctx.db, AUTH_LIMITS.messagesPerAddress, limitSubject(channel, address), secret);
  return { overQuota: !total.allowed };
}

/** Past an address's hourly total (`overQuota`), a live code of the kind already sent is kept rather than replaced. */
async function keepsLiveCode(ctx: Pick<MessageContext, "db" | "config">, overQuota: boolean, userId: string, type: OneTimeTokenType, relatesTo: string) {
  return overQuota && (await hasLiveToken(ctx, userId, type, relatesTo));
}

/**
 * Takes a live code of one of the types sent to this address, once (takeCode: five wrong codes for
 * an address burn its outstanding codes). Wrong codes are limited per source, checked before the
 * code and counted only when it is wrong: a source past its limit is refused, whatever address it
 * tries. They are counted per address too, and past that count, when Turnstile is configured,
 * every code for the address needs a captcha, so strangers can't keep burning its owner's codes.
 * Nothing here refuses the owner's correct code because of anyone else's wrong ones. A signed-in
 * caller (the reauthentication nonce) is not asked for a captcha.
 */
async function takeCheckedCode(
  ctx: AuthContext,
  address: string,
  code: string,
  types: OneTimeTokenType[],
  proof: { captchaToken: string | undefined } | { signedIn: true },
) {
  const secret = ctx.appEnv.SESSION_SECRET;
  const fromSource = await peekRateLimit(ctx.db, AUTH_LIMITS.wrongCodesPerSource, ctx.source, secret);
  if (!fromSource.allowed) throw tooManyRequests("over_request_rate_limit", "Request rate limit reached");
  if ("captchaToken" in proof) await requireCaptchaBeyond(ctx, AUTH_LIMITS.wrongCodesPerAddress, limitSubject("code", address), proof.captchaToken);
  const row = await takeCode(ctx, address, code, types);
  if (!row) {
    await Promise.all([
      consumeRateLimit(ctx.db, AUTH_LIMITS.wrongCodesPerSource, ctx.source, secret),
      consumeRateLimit(ctx.db, AUTH_LIMITS.wrongCodesPerAddress, limitSubject("code", address), secret),
    ]);
  }
  return row;
}

// ── Sending codes ────────────────────────────────────────────────────────────────────────────

/**
 * What sending a one-time code needs. A request builds it from its AuthContext (requestMessages);
 * the auth.message queue job builds its own, collecting the emails to record them in one go.
 */
export type MessageContext = {
  db: Db;
  appEnv: AppEnv;
  config: AuthConfig;
  ipHash: string | null;
  waitUntil: (promise: Promise<unknown>) => void;
  /** Records one email (or text message) for delivery. */
  send: (email: QueuedEmail) => Promise<unknown>;
  /** The dedupe key of a message: `kind` names it within one request, `token` tells one issue from another. */
  dedupeKey: (kind: string, userId: string, token: string) => string;
};

export function requestMessages(ctx: AuthContext): MessageContext {
  return {
    db: ctx.db,
    appEnv: ctx.appEnv,
    config: ctx.config,
    ipHash: ctx.ipHash,
    waitUntil: ctx.waitUntil,
    send: (email) => queueEmail(ctx, email),
    dedupeKey: (kind, userId, token) => `${kind}:${userId}:${token.slice(0, 16)}`,
  };
}

// ── Users created by a one-time code ─────────────────────────────────────────────────────────

/** A passwordless account for a first one-time-code sign-in (GoTrue signs them up the same way). */
async function createPasswordlessUser(ctx: MessageContext, address: { email: string } | { phone: string }, data: Record<string, unknown>) {
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

async function startFlow(ctx: MessageContext, userId: string, pkce: Pkce, authenticationMethod: string, redirectTo: string) {
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

/** The sign-up confirmation (code and link), for POST /signup, a first /otp and /resend. */
export async function sendConfirmation(ctx: MessageContext, user: UserRow, email: string, pkce: Pkce | null, redirectTo: string) {
  if (pkce) await startFlow(ctx, user.id, pkce, "email/signup", redirectTo);
  const { code, tokenHash } = await issueOneTimeToken(ctx, user.id, "confirmation", email);
  await ctx.db.update(users).set({ confirmationSentAt: new Date().toISOString() }).where(eq(users.id, user.id));
  const link = verifyLink(ctx, (pkce ? PKCE_PREFIX : "") + tokenHash, "signup", redirectTo);
  await ctx.send(
    await composeEmail(ctx.appEnv, accountConfirmationEmail, { code, link }, { to: email, dedupeKey: ctx.dedupeKey("confirmation", user.id, tokenHash) }),
  );
}

async function sendMagicLink(ctx: MessageContext, user: UserRow, email: string, pkce: Pkce | null, redirectTo: string) {
  if (pkce) await startFlow(ctx, user.id, pkce, "magiclink", redirectTo);
  const { code, tokenHash } = await issueOneTimeToken(ctx, user.id, "magiclink", email);
  // GoTrue records magic links in recovery_sent_at too.
  await ctx.db.update(users).set({ recoverySentAt: new Date().toISOString() }).where(eq(users.id, user.id));
  await audit(ctx.db, { action: "user_recovery_requested", actorId: user.id, ipHash: ctx.ipHash, detail: { method: "magiclink" } });
  const link = verifyLink(ctx, (pkce ? PKCE_PREFIX : "") + tokenHash, "magiclink", redirectTo);
  await ctx.send(await composeEmail(ctx.appEnv, signInCodeEmail, { code, link }, { to: email, dedupeKey: ctx.dedupeKey("magiclink", user.id, tokenHash) }));
}

async function sendRecovery(ctx: MessageContext, user: UserRow, email: string, pkce: Pkce | null, redirectTo: string) {
  if (pkce) await startFlow(ctx, user.id, pkce, "recovery", redirectTo);
  const { code, tokenHash } = await issueOneTimeToken(ctx, user.id, "recovery", email);
  await ctx.db.update(users).set({ recoverySentAt: new Date().toISOString() }).where(eq(users.id, user.id));
  await audit(ctx.db, { action: "user_recovery_requested", actorId: user.id, ipHash: ctx.ipHash, detail: { method: "recovery" } });
  const link = verifyLink(ctx, (pkce ? PKCE_PREFIX : "") + tokenHash, "recovery", redirectTo);
  await ctx.send(await composeEmail(ctx.appEnv, passwordResetEmail, { code, link }, { to: email, dedupeKey: ctx.dedupeKey("recovery", user.id, tokenHash) }));
}

/** A code by text message (the outbox holds it until an SMS provider is wired up). */
export async function sendPhoneCode(ctx: MessageContext, user: UserRow, phone: string, type: "confirmation" | "phone_change" | "reauthentication") {
  const { code, tokenHash } = await issueOneTimeToken(ctx, user.id, type, phone);
  if (type === "confirmation") await ctx.db.update(users).set({ confirmationSentAt: new Date().toISOString() }).where(eq(users.id, user.id));
  await ctx.send(
    textMessage({
      dedupeKey: ctx.dedupeKey(`sms-${type}`, user.id, tokenHash),
      to: `sms:+${phone}`,
      subject: "ClarityAI Coaching code",
      text: `Your ClarityAI Coaching code is ${code}. It expires in 1 hour. Don't share it with anyone.`,
    }),
  );
}

/** Codes for an email change: to the new address, and (secure change) to the current one. */
async function sendEmailChange(ctx: MessageContext, user: UserRow, newEmail: string, pkce: Pkce | null, redirectTo: string) {
  if (pkce) await startFlow(ctx, user.id, pkce, "email_change", redirectTo);
  const prefix = pkce ? PKCE_PREFIX : "";
  const fresh = await issueOneTimeToken(ctx, user.id, "email_change_new", newEmail);
  await ctx.send(
    await composeEmail(
      ctx.appEnv,
      emailChangeNewEmail,
      { code: fresh.code, link: verifyLink(ctx, prefix + fresh.tokenHash, "email_change", redirectTo), alsoSentToCurrent: Boolean(user.email) },
      { to: newEmail, dedupeKey: ctx.dedupeKey("email-change-new", user.id, fresh.tokenHash) },
    ),
  );
  if (!user.email) return;
  const current = await issueOneTimeToken(ctx, user.id, "email_change_current", user.email);
  await ctx.send(
    await composeEmail(
      ctx.appEnv,
      emailChangeCurrentEmail,
      { code: current.code, link: verifyLink(ctx, prefix + current.tokenHash, "email_change", redirectTo), newEmail, signInUrl: `${ctx.config.siteUrl}/auth` },
      { to: user.email, dedupeKey: ctx.dedupeKey("email-change-current", user.id, current.tokenHash) },
    ),
  );
}

/**
 * The work of POST /otp, /recover and /resend, run by the auth.message queue job: find the account,
 * create a passwordless one for a first /otp, issue the code and write the message. Past the
 * address's hourly total (overQuota) a live code of the kind is kept rather than replaced, so the
 * last message its owner received still works; without one, a new code is sent anyway (guessing
 * stays bounded by the limits on wrong codes, see takeCheckedCode).
 */
export async function sendRequestedMessage(ctx: MessageContext, job: AuthMessageJob) {
  const { address, pkce, redirectTo } = job;
  const keep = (user: UserRow, type: OneTimeTokenType, relatesTo: string) => keepsLiveCode(ctx, job.overQuota, user.id, type, relatesTo);

  if (job.channel === "email") {
    let user = await findUserByEmail(ctx.db, address);
    switch (job.flow) {
      case "otp":
        // GoTrue answers 422 otp_disabled "Signups not allowed for otp" when create_user is false,
        // which tells anyone whether an address has an account. We answered as for any address.
        if (!user && !job.createUser) return;
        user ??= await createPasswordlessUser(ctx, { email: address }, job.data);
        if (!user.emailConfirmedAt) {
          if (!(await keep(user, "confirmation", address))) await sendConfirmation(ctx, user, address, pkce, redirectTo);
        } else if (!(await keep(user, "magiclink", address))) {
          await sendMagicLink(ctx, user, address, pkce, redirectTo);
        }
        return;
      case "recovery":
        if (user && !(await keep(user, "recovery", address))) await sendRecovery(ctx, user, address, pkce, redirectTo);
        return;
      case "resend_signup":
        if (user && !user.emailConfirmedAt && !(await keep(user, "confirmation", address))) await sendConfirmation(ctx, user, address, pkce, redirectTo);
        return;
      case "resend_email_change":
        if (user?.emailChange && !(await keep(user, "email_change_new", user.emailChange))) {
          await sendEmailChange(ctx, user, user.emailChange, pkce, redirectTo);
          await ctx.db.update(users).set({ emailChangeSentAt: new Date().toISOString() }).where(eq(users.id, user.id));
        }
        return;
      default:
        return;
    }
  }

  let user = await findUserByPhone(ctx.db, address);
  switch (job.flow) {
    case "otp":
      if (!user && !job.createUser) return; // As for email: no enumeration.
      user ??= await createPasswordlessUser(ctx, { phone: address }, job.data);
      if (await keep(user, "confirmation", address)) return;
      if (user.phoneConfirmedAt) await audit(ctx.db, { action: "user_recovery_requested", actorId: user.id, ipHash: ctx.ipHash, detail: { method: "sms" } });
      await sendPhoneCode(ctx, user, address, "confirmation");
      return;
    case "resend_sms":
      if (user && !user.phoneConfirmedAt && !(await keep(user, "confirmation", address))) await sendPhoneCode(ctx, user, address, "confirmation");
      return;
    case "resend_phone_change":
      if (user?.phoneChange && !(await keep(user, "phone_change", user.phoneChange))) await sendPhoneCode(ctx, user, user.phoneChange, "phone_change");
      return;
    default:
      return;
  }
}

/**
 * Counts a message request against the address's quotas and puts it on the JOBS queue, with the
 * link's redirect resolved here: the endpoints' one piece of work besides checking input.
 */
async function requestMessage(ctx: AuthContext, message: Omit<AuthMessageJob, "type" | "version" | "requestId" | "ipHash" | "redirectTo" | "overQuota">) {
  const { overQuota } = await messageQuota(ctx, message.address, message.channel);
  const job: JobMessage = {
    type: "auth.message",
    version: 1,
    requestId: crypto.randomUUID(),
    ipHash: ctx.ipHash,
    redirectTo: linkRedirect(ctx),
    overQuota,
    ...message,
  };
  await ctx.env.JOBS.send(job);
}

// ── Redeeming codes ──────────────────────────────────────────────────────────────────────────

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
    await queueEmail(ctx, await composeEmail(ctx.appEnv, emailChangedEmail, { newEmail }, { to: oldEmail, dedupeKey: `email-changed:${user.id}:${now}` }));
  }
  return { single: false as const };
}

type Redeemed = { kind: "session"; user: UserRow; type: Exclude<VerifyType, "email"> } | { kind: "single" };

/** What a client presents: a code with the address it was sent to (and a captcha token, if any), or a link's token. */
type Presented = { code: string; address: string; captchaToken: string | undefined } | { linkToken: string };

/**
 * Redeems a code (with the address it was sent to) or a link's token for a verification type,
 * applies what it proves (a confirmed email or phone, a completed change) and returns the user.
 * A code is checked by takeCheckedCode (wrong ones limited per source, burned after five). A link's
 * token is 256 random bits, so it cannot be guessed: every request is counted per source by the
 * endpoint, and nothing a stranger does refuses the owner's link.
 */
async function redeem(ctx: AuthContext, type: VerifyType, presented: Presented): Promise<Redeemed> {
  const invalid = () => forbidden("otp_expired", "code" in presented ? TOKEN_INVALID : LINK_INVALID);
  let row;
  if ("code" in presented) {
    row = await takeCheckedCode(ctx, presented.address, presented.code, TOKEN_TYPES[type], { captchaToken: presented.captchaToken });
  } else {
    const found = await findByLinkToken(ctx, presented.linkToken, TOKEN_TYPES[type]);
    if (!found) throw invalid();
    row = await takeRow(ctx, found);
  }
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

  // Everything past the checks happens in the queue (sendRequestedMessage): the answer and its
  // timing are the same whether or not the address has an account.
  const address = rawEmail ? validEmail(rawEmail) : validPhone(rawPhone!);
  if (!rawEmail) validChannel(channel);
  const metadata = cleanMetadata(data);
  await requestMessage(ctx, { flow: "otp", channel: rawEmail ? "email" : "sms", address, createUser, data: metadata, pkce });
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
    result = await redeem(ctx, type, { code: token, address, captchaToken: captchaTokenOf(body) });
  } else {
    if (rawEmail || rawPhone || redirectTo) throw validationFailed("Only the token_hash and type should be provided");
    if (!EMAIL_LINK_TYPES.includes(type)) throw validationFailed("Invalid email verification type");
    result = await redeem(ctx, type, { linkToken: stripPkcePrefix(tokenHashRaw).hash });
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
    const result = await redeem(ctx, type, { linkToken: hash });
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
    // Rate limited: refused outright, as the per-source limit above is.
    if (!(error instanceof AuthApiError) || error.status === 429) throw error;
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
const RESEND_FLOWS = {
  signup: "resend_signup",
  email_change: "resend_email_change",
  sms: "resend_sms",
  phone_change: "resend_phone_change",
} as const satisfies Record<(typeof RESEND_TYPES)[number], AuthMessageJob["flow"]>;

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
  const flow = RESEND_FLOWS[type as (typeof RESEND_TYPES)[number]];
  await requestMessage(ctx, { flow, channel: email ? "email" : "sms", address: (email ?? phone)!, createUser: false, data: {}, pkce });
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
  await requestMessage(ctx, { flow: "recovery", channel: "email", address: email, createUser: false, data: {}, pkce });
  return json({});
}

/** GET /reauthenticate — sends the signed-in user a code to confirm a sensitive change (`nonce`). */
export async function reauthenticate(ctx: AuthContext) {
  const { user } = await authenticate(ctx, { strict: true });
  if (!user.email && !user.phone) throw validationFailed("Reauthentication requires the user to have an email or a phone number");
  if (user.email && !user.emailConfirmedAt) throw unprocessable("email_not_confirmed", "Please verify your email first.");
  if (!user.email && user.phone && !user.phoneConfirmedAt) throw unprocessable("phone_not_confirmed", "Please verify your phone first.");
  const address = (user.email ?? user.phone)!;
  const { overQuota } = await messageQuota(ctx, address, user.email ? "email" : "sms");
  // Past the address's hourly total the code already sent stays the one that works.
  if (await keepsLiveCode(ctx, overQuota, user.id, "reauthentication", address)) return json({});
  await ctx.db.update(users).set({ reauthenticationSentAt: new Date().toISOString() }).where(eq(users.id, user.id));
  const messages = requestMessages(ctx);
  if (user.email) {
    const { code, tokenHash } = await issueOneTimeToken(ctx, user.id, "reauthentication", user.email);
    await messages.send(
      await composeEmail(
        ctx.appEnv,
        reauthenticationEmail,
        { code, signInUrl: `${ctx.config.siteUrl}/auth` },
        { to: user.email, dedupeKey: messages.dedupeKey("reauthentication", user.id, tokenHash) },
      ),
    );
  } else {
    await sendPhoneCode(messages, user, user.phone!, "reauthentication");
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
  // Counted before the addresses are checked: otherwise "already registered" would answer any
  // number of questions about which addresses have accounts.
  if (changingEmail || changingPhone) {
    const changes = await consumeRateLimit(ctx.db, AUTH_LIMITS.addressChangesPerUser, limitSubject("user", user.id), ctx.appEnv.SESSION_SECRET);
    if (!changes.allowed) throw sendRateLimited(changingEmail ? "email" : "sms");
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
    await revokeSessions(ctx, user.id, claims.session_id, "others");
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
  if (sendEmailCodes) await sendEmailChange(messages, { ...user, ...set } as UserRow, email!, pkce, linkRedirect(ctx));
  if (sendPhoneCodes) await sendPhoneCode(messages, user, phone!, "phone_change");
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
