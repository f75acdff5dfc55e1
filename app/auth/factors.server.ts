import { and, eq, inArray, isNull, lt, ne, notExists, or, sql } from "drizzle-orm";
import { auditLog, authSessions, mfaChallenges, mfaFactors } from "~/db/schema";
import { isUniqueViolation } from "~/db/errors.server";
import { textMessage } from "~/email/compose.server";
import { limitSubject } from "~/platform/rate-limit.server";
import { sha256Hex } from "~/utils/hex";
import type { AuditAction } from "./audit.server";
import type { AuthContext } from "./context.server";
import { queueEmail } from "./emails.server";
import { badRequest, forbidden, notFound, tooManyRequests, unprocessable, validationFailed } from "./errors.server";
import { INVALID_CHANNEL } from "./field-rules.server";
import type { AmrEntry } from "./jwt.server";
import { AUTH_LIMITS, limit, MFA_CHALLENGE_PER_SOURCE, MFA_VERIFY_PER_FACTOR } from "./limits.server";
import { QrTooLongError, qrCodeSvg } from "./qr";
import { elevateSession, revokeSession, type AuthCaller, type SessionResponse } from "./token-sessions.server";
import { generateSecret, otpauthUri, verifyTotp } from "./totp";
import type { UserRow } from "./users.server";

// Multi-factor authentication as GoTrue's internal/api/mfa.go does it (POST /factors, POST
// /factors/{id}/challenge, POST /factors/{id}/verify, DELETE /factors/{id}): same rules, statuses
// and messages, for the endpoints and for the website's authenticator-app set-up and sign-in step.
//
// Factor types: TOTP, and phone. GoTrue ships phone MFA switched off because it needs an SMS
// provider; here SMS is part of the product (SPEC §9: OTP sign-in defaults to the sms channel) and
// goes through the same outbox as email ("sms:<phone>"), and SPEC §3 names both factor types, so
// phone factors are enabled. WebAuthn is not offered: it answers GoTrue's "disabled" error.

/** The issuer authenticator apps show next to the code, unless the client names another. */
export const TOTP_ISSUER = "ClarityAI Coaching";
/** GoTrue's MFA_CHALLENGE_EXPIRY_DURATION default: a challenge is good for 5 minutes. */
export const CHALLENGE_TTL_SECONDS = 300;
/** GoTrue's MFA_FACTOR_EXPIRY_DURATION: an unverified factor never challenged is dropped after this. */
const UNVERIFIED_FACTOR_TTL_SECONDS = 300;
/** GoTrue's MFA_MAX_ENROLLED_FACTORS and MFA_MAX_VERIFIED_FACTORS defaults. */
const MAX_ENROLLED_FACTORS = 10;
const MAX_VERIFIED_FACTORS = 10;
/** GoTrue's MFA_PHONE_MAX_FREQUENCY: one SMS challenge per factor per minute. */
const PHONE_CHALLENGE_INTERVAL_SECONDS = 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// GoTrue's E.164 check, after dropping a leading "+" and spaces.
const E164 = /^[1-9][0-9]{1,14}$/;

type FactorRow = typeof mfaFactors.$inferSelect;
type SessionRow = typeof authSessions.$inferSelect;

/** An audit row as audit() writes it, for use inside a batch with the change it records. */
function auditInsert(ctx: AuthContext, action: AuditAction, actorId: string, detail: Record<string, unknown>) {
  return ctx.db.insert(auditLog).values({ id: crypto.randomUUID(), action, actorId, targetId: actorId, ipHash: ctx.ipHash, detail: JSON.stringify(detail) });
}

const nameConflict = (name: string) =>
  unprocessable("mfa_factor_name_conflict", `A factor with the friendly name ${JSON.stringify(name)} for this user already exists`);

/**
 * The caller's user and live D1 session. The session's aal is read from D1, not the token: after an
 * unenrol downgrades the session, a still-unexpired aal2 token must not count as aal2 (as GoTrue).
 */
async function currentSession(ctx: AuthContext, { user, sessionId }: AuthCaller): Promise<{ user: UserRow; session: SessionRow }> {
  const session = await ctx.db.query.authSessions.findFirst({ where: eq(authSessions.id, sessionId) });
  if (!session || session.revokedAt || session.userId !== user.id) {
    throw forbidden("session_not_found", "Session from session_id claim in JWT does not exist");
  }
  return { user, session };
}

/** One of the caller's own factors; anyone else's is indistinguishable from a missing one (404). */
async function ownFactor(ctx: AuthContext, userId: string, factorId: string): Promise<FactorRow> {
  if (!UUID.test(factorId)) throw notFound("validation_failed", "factor_id must be an UUID");
  const factor = await ctx.db.query.mfaFactors.findFirst({ where: and(eq(mfaFactors.id, factorId), eq(mfaFactors.userId, userId)) });
  if (!factor) throw notFound("mfa_factor_not_found", "Factor not found");
  return factor;
}

/**
 * GoTrue's validateFactors: drop this user's abandoned enrolments (unverified, never challenged,
 * older than 5 minutes), then refuse a duplicate friendly name, too many factors, or a new factor
 * from an aal1 session when a verified one exists (else a stolen password could add a factor).
 * `replacing` are factors the caller is about to delete in the same write.
 */
async function validateNewFactor(ctx: AuthContext, user: UserRow, session: SessionRow, friendlyName: string, replacing: string[] = []) {
  const cutoff = new Date(Date.now() - UNVERIFIED_FACTOR_TTL_SECONDS * 1000).toISOString();
  await ctx.db.delete(mfaFactors).where(
    and(
      eq(mfaFactors.userId, user.id),
      ne(mfaFactors.status, "verified"),
      lt(mfaFactors.createdAt, cutoff),
      notExists(
        ctx.db
          .select({ one: sql`1` })
          .from(mfaChallenges)
          .where(eq(mfaChallenges.factorId, mfaFactors.id)),
      ),
    ),
  );
  const factors = (await ctx.db.select().from(mfaFactors).where(eq(mfaFactors.userId, user.id))).filter((f) => !replacing.includes(f.id));
  // As GoTrue, an empty name is a name too: a second unnamed factor conflicts with the first.
  if (factors.some((f) => (f.friendlyName ?? "") === friendlyName)) throw nameConflict(friendlyName);
  const verified = factors.filter((f) => f.status === "verified").length;
  if (factors.length >= MAX_ENROLLED_FACTORS || verified >= MAX_VERIFIED_FACTORS) {
    throw unprocessable("too_many_enrolled_mfa_factors", "Maximum number of verified factors reached, unenroll to continue");
  }
  if (verified > 0 && session.aal !== "aal2") throw forbidden("insufficient_aal", "AAL2 required to enroll a new factor");
}

export type EnrolFactorInput = {
  /** "totp" or "phone" ("webauthn" is GoTrue's "disabled"); anything else is its 400. */
  factorType?: string;
  friendlyName?: string;
  /** The issuer authenticator apps show (TOTP_ISSUER unless named). */
  issuer?: string;
  /** The number a phone factor texts, in E.164. */
  phone?: string;
};

/** A factor being enrolled: for TOTP, what the authenticator app needs (its QR code is raw SVG, as GoTrue sends it). */
export type EnrolledFactor =
  | { id: string; type: "totp"; friendlyName: string; totp: { qrCode: string; secret: string; uri: string } }
  | { id: string; type: "phone"; friendlyName: string; phone: string };

/** Starts enrolling a TOTP or phone factor; it counts once a challenge is verified (verifyFactor). */
export async function enrolFactor(ctx: AuthContext, caller: AuthCaller, input: EnrolFactorInput): Promise<EnrolledFactor> {
  const { user, session } = await currentSession(ctx, caller);
  const friendlyName = input.friendlyName ?? "";

  switch (input.factorType) {
    case "totp":
      return enrolTotp(ctx, user, session, friendlyName, input.issuer || TOTP_ISSUER);
    case "phone":
      return enrolPhone(ctx, user, session, friendlyName, input.phone);
    case "webauthn":
      throw unprocessable("mfa_webauthn_enroll_not_enabled", "MFA enroll is disabled for WebAuthn");
    default:
      throw validationFailed("factor_type needs to be totp, phone, or webauthn");
  }
}

async function insertFactor(ctx: AuthContext, factor: typeof mfaFactors.$inferInsert, replacing: string[] = []) {
  const insert = ctx.db.insert(mfaFactors).values(factor);
  const log = auditInsert(ctx, "factor_enrolled", factor.userId, { factor_id: factor.id, factor_type: factor.factorType });
  try {
    if (replacing.length) {
      await ctx.db.batch([ctx.db.delete(mfaFactors).where(and(eq(mfaFactors.userId, factor.userId), inArray(mfaFactors.id, replacing))), insert, log]);
    } else {
      await ctx.db.batch([insert, log]);
    }
  } catch (error) {
    // Two enrolments racing with one name: the unique index decides, and the loser hears why.
    if (isUniqueViolation(error)) throw nameConflict(factor.friendlyName ?? "");
    throw error;
  }
}

async function enrolTotp(ctx: AuthContext, user: UserRow, session: SessionRow, friendlyName: string, issuer: string): Promise<EnrolledFactor> {
  // The account label apps show under the issuer: the email, else the phone number.
  const account = user.email || (user.phone ? `+${user.phone}` : user.id);
  const secret = generateSecret();
  const uri = otpauthUri({ secret, issuer, account });
  let qrCode: string;
  try {
    qrCode = qrCodeSvg(uri);
  } catch (error) {
    if (error instanceof QrTooLongError) throw validationFailed("issuer is too long to fit in a QR code");
    throw error;
  }
  await validateNewFactor(ctx, user, session, friendlyName);
  const id = crypto.randomUUID();
  await insertFactor(ctx, { id, userId: user.id, friendlyName, factorType: "totp", status: "unverified", secret });
  return { id, type: "totp", friendlyName, totp: { qrCode, secret, uri } };
}

async function enrolPhone(ctx: AuthContext, user: UserRow, session: SessionRow, friendlyName: string, rawPhone: string | undefined): Promise<EnrolledFactor> {
  if (!rawPhone) throw validationFailed("Phone number required to enroll Phone factor");
  const phone = rawPhone.trim().replace(/^\+/, "").replaceAll(" ", "");
  if (!E164.test(phone)) throw validationFailed("Invalid phone number format (E.164 required)");
  const existing = await ctx.db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, user.id), eq(mfaFactors.factorType, "phone"), eq(mfaFactors.phone, phone)));
  if (existing.some((f) => f.status === "verified")) {
    throw unprocessable("mfa_verified_factor_exists", "A verified phone factor already exists, unenroll the existing factor to continue");
  }
  // An unfinished enrolment of the same number is replaced, as GoTrue does.
  const replacing = existing.map((f) => f.id);
  await validateNewFactor(ctx, user, session, friendlyName, replacing);
  const id = crypto.randomUUID();
  await insertFactor(ctx, { id, userId: user.id, friendlyName, factorType: "phone", status: "unverified", phone }, replacing);
  return { id, type: "phone", friendlyName, phone: rawPhone };
}

const expiresAt = (createdAt: string) => Math.floor(Date.parse(createdAt) / 1000) + CHALLENGE_TTL_SECONDS;

/** A challenge to verify a factor's code against, until `expiresAt` (seconds since the epoch). */
export type FactorChallenge = { id: string; type: "totp" | "phone"; expiresAt: number };

/** A challenge to verify against; for a phone factor, an SMS code (`channel` "sms", the only one offered). */
export async function challengeFactor(ctx: AuthContext, caller: AuthCaller, factorId: string, input: { channel?: string } = {}): Promise<FactorChallenge> {
  const { user } = await currentSession(ctx, caller);
  const factor = await ownFactor(ctx, user.id, factorId);
  await limit(ctx, MFA_CHALLENGE_PER_SOURCE, ctx.source);
  const id = crypto.randomUUID();
  const now = new Date().toISOString();

  if (factor.factorType === "totp") {
    await ctx.db.batch([
      ctx.db.insert(mfaChallenges).values({ id, factorId: factor.id, ipHash: ctx.ipHash, createdAt: now }),
      ctx.db.update(mfaFactors).set({ lastChallengedAt: now }).where(eq(mfaFactors.id, factor.id)),
    ]);
    return { id, type: "totp", expiresAt: expiresAt(now) };
  }

  const channel = input.channel || "sms";
  // Only SMS: WhatsApp needs Twilio in GoTrue, and there is no such provider here.
  if (channel !== "sms") throw validationFailed(INVALID_CHANNEL);
  if (factor.lastChallengedAt) {
    const waitMs = Date.parse(factor.lastChallengedAt) + PHONE_CHALLENGE_INTERVAL_SECONDS * 1000 - Date.now();
    if (waitMs > 0) {
      const seconds = Math.floor(waitMs / 1000);
      throw tooManyRequests("over_sms_send_rate_limit", `For security purposes, you can only request this after ${seconds} seconds.`, Math.ceil(waitMs / 1000));
    }
  }
  const code = String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000).padStart(6, "0");
  // Only a hash of the code is kept, bound to this challenge so it cannot verify another one.
  const codeHash = await sha256Hex(`${id}:${code}`);
  await ctx.db.batch([
    ctx.db.insert(mfaChallenges).values({ id, factorId: factor.id, ipHash: ctx.ipHash, otpCodeHash: codeHash, createdAt: now }),
    ctx.db.update(mfaFactors).set({ lastChallengedAt: now }).where(eq(mfaFactors.id, factor.id)),
  ]);
  await queueEmail(
    ctx,
    textMessage({
      dedupeKey: `mfa-sms:${id}`,
      to: `sms:${factor.phone}`,
      subject: "Your ClarityAI Coaching verification code",
      // GoTrue's default MFA SMS template.
      text: `Your code is ${code}`,
    }),
  );
  return { id, type: "phone", expiresAt: expiresAt(now) };
}

function constantTimeEqual(a: string, b: string) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Checks a code against a live challenge of the factor; on success the factor is verified (first
 * time) and the caller's session is raised to aal2 with a fresh token pair.
 */
export async function verifyFactor(
  ctx: AuthContext,
  caller: AuthCaller,
  factorId: string,
  input: { challengeId?: string; code?: string },
): Promise<SessionResponse> {
  const { user, session } = await currentSession(ctx, caller);
  const factor = await ownFactor(ctx, user.id, factorId);
  await limit(ctx, AUTH_LIMITS.mfaVerifyPerSource, ctx.source);
  const { challengeId } = input;
  const code = input.code ?? "";
  // GoTrue decodes challenge_id as a UUID while parsing the body.
  if (challengeId !== undefined && challengeId !== "" && !UUID.test(challengeId)) {
    throw badRequest("bad_json", "Could not parse request body as JSON: challenge_id must be a UUID");
  }
  if (!code) throw validationFailed("Code needs to be non-empty");
  // Counted once the request could test a code: a malformed one tells an attacker nothing.
  await limit(ctx, MFA_VERIFY_PER_FACTOR, limitSubject("factor", factor.id));

  const challenge = challengeId
    ? await ctx.db.query.mfaChallenges.findFirst({ where: and(eq(mfaChallenges.id, challengeId), eq(mfaChallenges.factorId, factor.id)) })
    : undefined;
  if (!challenge) throw unprocessable("mfa_factor_not_found", "MFA factor with the provided challenge ID not found");
  // A challenge is answered once, from where it was asked (GoTrue's wording covers both).
  const ipMismatch = () => unprocessable("mfa_ip_address_mismatch", "Challenge and verify IP addresses mismatch.");
  if (challenge.verifiedAt || challenge.ipHash !== ctx.ipHash) throw ipMismatch();
  if (Date.now() >= expiresAt(challenge.createdAt) * 1000) {
    await ctx.db.delete(mfaChallenges).where(eq(mfaChallenges.id, challenge.id));
    throw unprocessable("mfa_challenge_expired", `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`);
  }

  if (factor.factorType === "totp") {
    const invalid = () => unprocessable("mfa_verification_failed", "Invalid TOTP code entered");
    const step = factor.secret ? await verifyTotp(factor.secret, code, Date.now(), { skew: 1, afterStep: factor.lastTotpStep }) : null;
    if (step === null) throw invalid();
    // Record the step only if no verification has used it (or a later one) meanwhile: a replayed
    // or concurrently reused code fails here with the same message as a wrong one.
    const [claimed] = await ctx.db
      .update(mfaFactors)
      .set({ lastTotpStep: step })
      .where(and(eq(mfaFactors.id, factor.id), or(isNull(mfaFactors.lastTotpStep), lt(mfaFactors.lastTotpStep, step))))
      .returning({ id: mfaFactors.id });
    if (!claimed) throw invalid();
  } else {
    const expected = challenge.otpCodeHash ?? "";
    if (!constantTimeEqual(await sha256Hex(`${challenge.id}:${code.trim()}`), expected)) {
      throw unprocessable("mfa_verification_failed", "Invalid MFA Phone code entered");
    }
  }

  const now = new Date().toISOString();
  const [used] = await ctx.db
    .update(mfaChallenges)
    .set({ verifiedAt: now })
    .where(and(eq(mfaChallenges.id, challenge.id), isNull(mfaChallenges.verifiedAt)))
    .returning({ id: mfaChallenges.id });
  if (!used) throw ipMismatch();

  const firstVerification = factor.status !== "verified";
  await ctx.db.batch([
    ctx.db.update(mfaFactors).set({ status: "verified", updatedAt: now }).where(eq(mfaFactors.id, factor.id)),
    // Other half-finished enrolments of this type go, as in GoTrue, once one of them succeeds.
    ctx.db
      .delete(mfaFactors)
      .where(
        and(eq(mfaFactors.userId, user.id), eq(mfaFactors.factorType, factor.factorType), eq(mfaFactors.status, "unverified"), ne(mfaFactors.id, factor.id)),
      ),
    auditInsert(ctx, "factor_verified", user.id, {
      factor_id: factor.id,
      challenge_id: challenge.id,
      factor_type: factor.factorType,
      first_verification: firstVerification,
    }),
  ]);

  const response = await elevateSession(ctx, session.id, factor.id, factor.factorType);

  // GoTrue ends the user's other sessions still at aal1 once a factor is verified: a session opened
  // with only the password (perhaps by someone else) must not outlive the move to MFA.
  const weaker = await ctx.db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.userId, user.id), eq(authSessions.aal, "aal1"), isNull(authSessions.revokedAt), ne(authSessions.id, session.id)));
  for (const other of weaker) await revokeSession(ctx, other.id, user.id, "mfa_aal2_required");

  return response;
}

/**
 * Removes a factor. A verified one needs an aal2 session (else a stolen password could strip MFA);
 * sessions that reached aal2 with it fall back to aal1.
 */
export async function unenrolFactor(ctx: AuthContext, caller: AuthCaller, factorId: string): Promise<{ id: string }> {
  const { user, session } = await currentSession(ctx, caller);
  const factor = await ownFactor(ctx, user.id, factorId);
  if (factor.status === "verified" && session.aal !== "aal2") {
    throw unprocessable("insufficient_aal", "AAL2 required to unenroll verified factor");
  }

  const elevated = await ctx.db
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.userId, user.id), eq(authSessions.factorId, factor.id)));
  const now = new Date().toISOString();
  const downgrades = elevated.map((s) => {
    let amr: AmrEntry[] = [];
    try {
      amr = (JSON.parse(s.amr) as AmrEntry[]).filter((entry) => entry.method !== factor.factorType);
    } catch {
      // A malformed amr is dropped rather than kept.
    }
    return ctx.db
      .update(authSessions)
      .set({ aal: "aal1", amr: JSON.stringify(amr), factorId: null, updatedAt: now })
      .where(eq(authSessions.id, s.id));
  });
  await ctx.db.batch([
    ctx.db.delete(mfaChallenges).where(eq(mfaChallenges.factorId, factor.id)),
    ctx.db.delete(mfaFactors).where(and(eq(mfaFactors.id, factor.id), eq(mfaFactors.userId, user.id))),
    ...downgrades,
    auditInsert(ctx, "factor_unenrolled", user.id, {
      factor_id: factor.id,
      factor_type: factor.factorType,
      factor_status: factor.status,
      session_id: session.id,
    }),
  ]);
  return { id: factor.id };
}
