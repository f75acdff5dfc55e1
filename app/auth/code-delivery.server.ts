import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { identities, profiles, users } from "~/db/schema";
import { composeEmail, textMessage } from "~/email/compose.server";
import { accountConfirmationEmail } from "~/email/templates/account-confirmation";
import { emailChangeCurrentEmail } from "~/email/templates/email-change-current";
import { emailChangeNewEmail } from "~/email/templates/email-change-new";
import { passwordResetEmail } from "~/email/templates/password-reset";
import { signInCodeEmail } from "~/email/templates/sign-in-code";
import type { JobMessage } from "~/jobs/messages";
import type { AppEnv } from "~/platform/env.server";
import { consumeRateLimit, limitSubject, pairSubject } from "~/platform/rate-limit.server";
import { audit } from "./audit.server";
import type { AuthConfig } from "./config.server";
import type { AuthContext } from "./context.server";
import { queueEmail, type QueuedEmail } from "./emails.server";
import { tooManyRequests } from "./errors.server";
import { cleanMetadata, nameField } from "./field-rules.server";
import { createFlowState, type Pkce } from "./flow-state.server";
import type { AuthMessageJob } from "./jobs";
import { AUTH_LIMITS } from "./limits.server";
import { hasLiveToken, issueOneTimeToken, type OneTimeTokenType } from "./one-time-tokens.server";
import { findUserByEmail, findUserById, findUserByPhone, newAccountRoles, type UserRow } from "./users.server";

// Sending one-time codes and links (email or SMS): the quotas on an address, the messages
// themselves, and the auth.message queue job's work for POST /otp, /recover and /resend, which
// finds the account and sends what it asked for. The operations that ask for them are in
// code-requests.server.ts.

/** A link's token for a PKCE flow carries this prefix, so /verify answers with ?code= rather than a session. */
export const PKCE_PREFIX = "pkce_";

function verifyLink(ctx: Pick<MessageContext, "config">, token: string, type: string, redirectTo: string) {
  return `${ctx.config.issuer}/verify?${new URLSearchParams({ token, type, redirect_to: redirectTo })}`;
}

// ── Rate limits ──────────────────────────────────────────────────────────────────────────────

export function sendRateLimited(channel: "email" | "sms", retryAfterSeconds: number) {
  return channel === "email"
    ? tooManyRequests("over_email_send_rate_limit", "email rate limit exceeded", retryAfterSeconds)
    : tooManyRequests("over_sms_send_rate_limit", "SMS rate limit exceeded", retryAfterSeconds);
}

/**
 * The message quotas of an address, counted before anything looks the address up, so an unknown
 * address is limited exactly like a known one and neither answer reveals anything. One source may
 * ask for a few messages to an address an hour (beyond that it gets a 429); past the address's
 * hourly total nobody is refused, but only an address without a live code gets a new one
 * (`overQuota`), so strangers can neither flood an inbox nor lock its owner out.
 */
export async function messageQuota(ctx: AuthContext, address: string, channel: "email" | "sms"): Promise<{ overQuota: boolean }> {
  const secret = ctx.appEnv.SESSION_SECRET;
  const pair = await consumeRateLimit(ctx.db, AUTH_LIMITS.messagesPerAddressSource, pairSubject(channel, address, ctx.source), secret);
  if (!pair.allowed) throw sendRateLimited(channel, pair.retryAfterSeconds);
  const total = await consumeRateLimit(ctx.db, AUTH_LIMITS.messagesPerAddress, limitSubject(channel, address), secret);
  return { overQuota: !total.allowed };
}

/** Past an address's hourly total (`overQuota`), a live code of the kind already sent is kept rather than replaced. */
export async function keepsLiveCode(ctx: Pick<MessageContext, "db" | "config">, overQuota: boolean, userId: string, type: OneTimeTokenType, relatesTo: string) {
  return overQuota && (await hasLiveToken(ctx, userId, type, relatesTo));
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

/**
 * A passwordless account for a first one-time-code sign-in (GoTrue signs them up the same way); also
 * for a guest's booking, whose emails carry a one-time sign-in link (app/meetings/guest-link.server.ts).
 */
export async function createPasswordlessUser(
  ctx: Pick<MessageContext, "db" | "config" | "ipHash">,
  address: { email: string } | { phone: string },
  data: Record<string, unknown>,
) {
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
      newAccountRoles(ctx.db, id),
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
export async function sendEmailChange(ctx: MessageContext, user: UserRow, newEmail: string, pkce: Pkce | null, redirectTo: string) {
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
 * Counts a message request against the address's quotas and puts it on the JOBS queue (`redirectTo`
 * already checked): the one piece of work of /otp, /recover and /resend besides checking input.
 */
export async function requestMessage(ctx: AuthContext, message: Omit<AuthMessageJob, "type" | "version" | "requestId" | "ipHash" | "overQuota">) {
  const { overQuota } = await messageQuota(ctx, message.address, message.channel);
  const job: JobMessage = {
    type: "auth.message",
    version: 1,
    requestId: crypto.randomUUID(),
    ipHash: ctx.ipHash,
    overQuota,
    ...message,
  };
  await ctx.env.JOBS.send(job);
}
