import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { identities, oneTimeTokens, users } from "~/db/schema";
import { isUniqueViolation } from "~/db/errors.server";
import { composeEmail } from "~/email/compose.server";
import { emailChangedEmail } from "~/email/templates/email-changed";
import { consumeRateLimit, limitSubject, peekRateLimit } from "~/platform/rate-limit.server";
import { audit } from "./audit.server";
import { requireCaptchaBeyond } from "./captcha.server";
import { PKCE_PREFIX } from "./code-delivery.server";
import type { AuthContext } from "./context.server";
import { queueEmail } from "./emails.server";
import { AuthApiError, badRequest, forbidden, unprocessable, validationFailed } from "./errors.server";
import { validEmail, validPhone } from "./field-rules.server";
import { issueAuthCode } from "./flow-state.server";
import { AUTH_LIMITS, limit, rateLimited } from "./limits.server";
import { findByLinkToken, takeCode, takeRow, type OneTimeTokenType } from "./one-time-tokens.server";
import { issueSession, type SessionResponse } from "./token-sessions.server";
import { findUserByEmail, findUserById, findUserByPhone, type UserRow } from "./users.server";

// Redeeming one-time codes and links: a code with the address it was sent to, or a link's token
// (POST /verify, the sign-in page's code steps), and the link in an email (GET /verify). What a
// code proves is applied here: a confirmed email or phone, a completed email or phone change.

export const TOKEN_INVALID = "Token has expired or is invalid";
export const LINK_INVALID = "Email link is invalid or has expired";
export const SINGLE_CONFIRMATION_ACCEPTED = "Confirmation link accepted. Please proceed to confirm link sent to the other email";

const VERIFY_TYPES = ["signup", "invite", "magiclink", "recovery", "email_change", "email", "sms", "phone_change"] as const;
type VerifyType = (typeof VERIFY_TYPES)[number];
const EMAIL_LINK_TYPES: VerifyType[] = ["signup", "invite", "magiclink", "recovery", "email_change", "email"];

// Which stored tokens a verification type may redeem. GoTrue keeps magic-link and recovery codes
// in one column, so either type redeems either; "email" is any email code. GoTrue keeps an
// invitation in the confirmation column too, so "invite" also redeems a pending confirmation.
const TOKEN_TYPES: Record<VerifyType, OneTimeTokenType[]> = {
  signup: ["confirmation"],
  invite: ["invite", "confirmation"],
  magiclink: ["magiclink", "recovery"],
  recovery: ["recovery", "magiclink"],
  email: ["confirmation", "invite", "magiclink", "recovery"],
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

/**
 * Takes a live code of one of the types sent to this address, once (takeCode: five wrong codes for
 * an address burn its outstanding codes). Wrong codes are limited per source, checked before the
 * code and counted only when it is wrong: a source past its limit is refused, whatever address it
 * tries. They are counted per address too, and past that count, when Turnstile is configured,
 * every code for the address needs a captcha, so strangers can't keep burning its owner's codes.
 * Nothing here refuses the owner's correct code because of anyone else's wrong ones. A signed-in
 * caller (the reauthentication nonce) is not asked for a captcha.
 */
export async function takeCheckedCode(
  ctx: AuthContext,
  address: string,
  code: string,
  types: OneTimeTokenType[],
  proof: { captchaToken: string | undefined } | { signedIn: true },
) {
  const secret = ctx.appEnv.SESSION_SECRET;
  const fromSource = await peekRateLimit(ctx.db, AUTH_LIMITS.wrongCodesPerSource, ctx.source, secret);
  if (!fromSource.allowed) throw rateLimited(fromSource.retryAfterSeconds);
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
    // An invitation's code is never sent, so only its link redeems it.
    const types = TOKEN_TYPES[type].filter((tokenType) => tokenType !== "invite");
    row = await takeCheckedCode(ctx, presented.address, presented.code, types, { captchaToken: presented.captchaToken });
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
    case "invite":
      // Following an invitation proves the address, as a sign-up confirmation does.
      if (row.relatesTo !== user.email) throw invalid();
      await confirmEmail(ctx, user);
      effective = "invite";
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
// ── Operations ───────────────────────────────────────────────────────────────────────────────

/** What POST /verify presents: a code with the address it went to, or a link's token hash alone. */
export type VerifyOtpInput = {
  /** One of GoTrue's verification types ("signup", "email", "recovery", "sms"…); anything else is its 400. */
  type: string | undefined;
  token?: string;
  tokenHash?: string;
  email?: string;
  phone?: string;
  /** Not used: GoTrue refuses it alongside a token hash. */
  redirectTo?: string;
  captchaToken?: string;
};

/**
 * A new session; or, for the first half of a secure email change, word that the other address
 * must confirm too (GoTrue's "Confirmation link accepted…").
 */
export type Verified = { kind: "session"; session: SessionResponse } | { kind: "other-address-pending" };

/** Redeems a code (with the address it was sent to) or a link's token hash, and signs the user in. */
export async function verifyOtp(ctx: AuthContext, input: VerifyOtpInput): Promise<Verified> {
  const token = input.token ?? "";
  const tokenHash = input.tokenHash ?? "";
  const rawEmail = input.email?.trim() ?? "";
  const rawPhone = input.phone?.trim() ?? "";
  const type = verifyTypeOf(input.type);
  if ((!token && !tokenHash) || (token && tokenHash)) throw validationFailed("Verify requires either a token or a token hash");
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
    result = await redeem(ctx, type, { code: token, address, captchaToken: input.captchaToken });
  } else {
    if (rawEmail || rawPhone || input.redirectTo) throw validationFailed("Only the token_hash and type should be provided");
    if (!EMAIL_LINK_TYPES.includes(type)) throw validationFailed("Invalid email verification type");
    result = await redeem(ctx, type, { linkToken: stripPkcePrefix(tokenHash).hash });
  }

  if (result.kind === "single") return { kind: "other-address-pending" };
  return { kind: "session", session: await issueSession(ctx, result.user, SESSION_METHOD[result.type]) };
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

/**
 * Follows the link in an email (GET /verify): returns where to send the browser, `target` (an
 * address redirectTarget allowed) with the session in the fragment (implicit flow), with ?code=
 * (PKCE), or with the error. A missing type or token, and a rate limit, are refused outright.
 */
export async function followEmailLink(ctx: AuthContext, input: { type: string | null; token: string; target: string }): Promise<string> {
  const { target, token } = input;
  if (!input.type) throw validationFailed("Verify requires a verification type");
  if (!token) throw validationFailed("Verify requires a token or a token hash");
  await limit(ctx, AUTH_LIMITS.verifyPerSource, ctx.source);
  const { hash, pkce } = stripPkcePrefix(token);

  try {
    const type = verifyTypeOf(input.type);
    if (!EMAIL_LINK_TYPES.includes(type)) throw validationFailed("Invalid email verification type");
    const result = await redeem(ctx, type, { linkToken: hash });
    const url = new URL(target);
    if (result.kind === "single") {
      if (pkce) url.searchParams.set("message", SINGLE_CONFIRMATION_ACCEPTED);
      url.hash = fragment({ message: SINGLE_CONFIRMATION_ACCEPTED, sb: "" });
      return url.toString();
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
      return url.toString();
    }
    const session = await issueSession(ctx, result.user, SESSION_METHOD[result.type]);
    return `${url.toString()}#${fragment({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      sb: "",
      token_type: session.token_type,
      type: result.type,
    })}`;
  } catch (error) {
    // Rate limited: refused outright, as the per-source limit above is.
    if (!(error instanceof AuthApiError) || error.status === 429) throw error;
    const url = new URL(target);
    const details: Record<string, string> = { error_code: error.code, error_description: error.message };
    const oauthError = OAUTH_ERRORS[error.status];
    if (oauthError) details.error = oauthError;
    if (pkce) for (const [key, value] of Object.entries(details)) url.searchParams.set(key, value);
    url.hash = fragment({ ...details, sb: "" });
    return url.toString();
  }
}
