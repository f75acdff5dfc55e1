import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { AppContext } from "~/context.server";
import type { Db } from "~/db/client.server";
import { identities, profiles, users } from "~/db/schema";
import { isUniqueViolation } from "~/db/errors.server";
import { composeEmail } from "~/email/compose.server";
import { enqueueEmail, outboxInsert } from "~/email/outbox.server";
import type { EmailSendJob } from "~/email/jobs";
import { invitationEmail } from "~/email/templates/invitation";
import { invitationRequestEmail } from "~/email/templates/invitation-request";
import type { AppEnv } from "~/platform/env.server";
import { consumeRateLimit, limitSubject, type RateLimitRule } from "~/platform/rate-limit.server";
import { safeRedirect } from "~/utils/redirect";
import { formatTimestamp } from "~/booking/time-zones";
import { auditStatement } from "./audit.server";
import type { AuthConfig } from "./config.server";
import type { AuthContext } from "./context.server";
import { forbidden, tooManyRequests, unprocessable } from "./errors.server";
import { assertStrongPassword, cleanMetadata, nameField, validEmail } from "./field-rules.server";
import { allowedRedirect } from "./flow-state.server";
import { AUTH_LIMITS } from "./limits.server";
import { findByLinkToken, isLive, prepareOneTimeToken } from "./one-time-tokens.server";
import { hashPassword } from "./password.server";
import type { SessionResponse } from "./token-sessions.server";
import { findUserByEmail, findUserById, newAccountRoles, type UserRow } from "./users.server";
import { LINK_INVALID, verifyOtp } from "./verification.server";

// Invitations (GoTrue's POST /invite, and the website's own calls such as approving a coach): an
// account with no password and an emailed link, a one-time token of type "invite" (256 random
// bits, stored hashed, used once, valid for a week). The link opens /auth/invite, where the invited
// person chooses a password (the auth service's password rules), is signed in and lands on the
// page the invitation names. The account, its token, the email and the audit entry are written in
// one batch: an invitation is never recorded without its email, nor the email without its account.

export type InviteInput = {
  email: string;
  /** user_metadata for a new account (GoTrue's `data`). */
  data?: Record<string, unknown>;
  /** A same-site path or an allowed URL where the invited person lands once their password is set. */
  redirectTo?: string;
  /** The admin who invited (audited). */
  invitedBy: string;
};

/** `existing`: the email already had an account, so no invitation was sent (the caller grants what it grants). */
export type InviteOutcome = { userId: string; existing: boolean };

/** The website's page where an invited person chooses their password. */
export const ACCEPT_INVITE_PATH = "/auth/invite";
/** Where an accepted invitation lands when it names nowhere. */
export const DEFAULT_INVITE_LANDING = "/profile";

/** What sending an invitation needs: the request's or a job's database, settings and queue. */
export type InviteContext = {
  db: Db;
  appEnv: AppEnv;
  config: AuthConfig;
  jobs: Queue;
  /** The inviting request's address hash (the auth API), or null for the website's own calls. */
  ipHash: string | null;
};

/** A pending invitation: an account nobody has signed in to yet, with no password and an unconfirmed email. */
export function isPendingInvitation(user: UserRow) {
  return !user.passwordHash && !user.emailConfirmedAt;
}

/**
 * Where the emailed link points for a landing page `redirectTo` (as the caller gave it). A page of
 * this site (a path, or a URL on its origin) gets the accept page, which asks for a password first;
 * another allowed address (a client app on a loopback port, say) gets GoTrue's own verify link,
 * which signs the person in and hands the session to that app, as GoTrue's invitations do.
 */
export function invitationLink(config: Pick<AuthConfig, "siteUrl" | "issuer">, linkToken: string, redirectTo: string | undefined): string {
  const site = new URL(config.siteUrl);
  let landing = DEFAULT_INVITE_LANDING;
  if (redirectTo) {
    let target: URL | null = null;
    try {
      target = new URL(redirectTo, `${site.origin}/`);
    } catch {
      target = null;
    }
    if (target && target.origin === site.origin) {
      landing = safeRedirect(`${target.pathname}${target.search}`, DEFAULT_INVITE_LANDING);
    } else if (target && allowedRedirect({ config: config as AuthConfig }, target.toString())) {
      return `${config.issuer}/verify?${new URLSearchParams({ token: linkToken, type: "invite", redirect_to: target.toString() })}`;
    }
  }
  const params = new URLSearchParams({ token: linkToken });
  if (landing !== DEFAULT_INVITE_LANDING) params.set("redirectTo", landing);
  return `${site.origin}${ACCEPT_INVITE_PATH}?${params}`;
}

type Batch = [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

/** The statements that create an invited account: no password, its email unconfirmed until the link is followed. */
function newInvitedAccount(ctx: InviteContext, id: string, email: string, metadata: Record<string, unknown>, now: string): Batch {
  return [
    ctx.db.insert(users).values({
      id,
      email,
      passwordHash: null,
      emailConfirmedAt: null,
      userMetadata: JSON.stringify(metadata),
      appMetadata: JSON.stringify({ provider: "email", providers: ["email"] }),
      invitedAt: now,
      confirmationSentAt: now,
      createdAt: now,
      updatedAt: now,
    }),
    ctx.db.insert(identities).values({
      id: crypto.randomUUID(),
      userId: id,
      provider: "email",
      providerId: id,
      identityData: JSON.stringify({ sub: id, email, email_verified: false, phone_verified: false }),
      email,
      createdAt: now,
      updatedAt: now,
    }),
    newAccountRoles(ctx.db, id),
    ctx.db.insert(profiles).values({ userId: id, firstName: nameField(metadata.first_name), lastName: nameField(metadata.last_name) }),
  ];
}

/**
 * Sends an invitation to `email`: creates the account unless `user` is given (an account still
 * waiting for its owner), issues its link, and writes the account, the link, the email and the
 * audit entry in one batch. The email's delivery is queued after the batch. Returns the user's id.
 */
async function sendInvitation(
  ctx: InviteContext,
  input: { email: string; metadata: Record<string, unknown>; redirectTo: string | undefined; invitedBy: string | null; via: "api" | "website" },
  user: UserRow | undefined,
): Promise<string> {
  const quota = await consumeRateLimit(ctx.db, AUTH_LIMITS.invitationsPerAddress, limitSubject("email", input.email), ctx.appEnv.SESSION_SECRET);
  if (!quota.allowed) throw tooManyRequests("over_email_send_rate_limit", "email rate limit exceeded", quota.retryAfterSeconds);

  const userId = user?.id ?? crypto.randomUUID();
  const now = new Date().toISOString();
  const token = await prepareOneTimeToken(ctx, userId, "invite", input.email);
  const firstName = nameField(input.metadata.first_name) ?? nameField(userMetadataOf(user).first_name);
  const email = await composeEmail(
    ctx.appEnv,
    invitationEmail,
    { firstName, link: invitationLink(ctx.config, token.tokenHash, input.redirectTo) },
    { to: input.email, dedupeKey: `invite:${userId}:${token.tokenHash.slice(0, 16)}` },
  );
  const outboxId = crypto.randomUUID();
  const account: BatchItem<"sqlite">[] = user
    ? [ctx.db.update(users).set({ invitedAt: now, confirmationSentAt: now, updatedAt: now }).where(eq(users.id, user.id))]
    : newInvitedAccount(ctx, userId, input.email, input.metadata, now);
  await ctx.db.batch([
    ...(account as Batch),
    token.statement,
    outboxInsert(ctx.db, ctx.appEnv, email, outboxId),
    auditStatement(ctx.db, { action: "user_invited", actorId: input.invitedBy, targetId: userId, ipHash: ctx.ipHash, detail: { via: input.via } }),
  ]);
  await ctx.jobs.send({ type: "email.send", version: 1, outboxId } satisfies EmailSendJob);
  return userId;
}

function userMetadataOf(user: UserRow | undefined): Record<string, unknown> {
  if (!user) return {};
  try {
    const value: unknown = JSON.parse(user.userMetadata);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The checked address and metadata of an invitation (GoTrue's messages for a bad address). */
function checkedInput(input: { email: string; data?: Record<string, unknown> }) {
  return { email: validEmail(input.email.trim()), metadata: cleanMetadata(input.data ?? {}) };
}

/**
 * Creates the account and sends the invitation; when a concurrent invitation or sign-up created
 * the account first (the batch wrote nothing), answers with that account instead.
 */
async function inviteNew(ctx: InviteContext, input: Parameters<typeof sendInvitation>[1]): Promise<{ userId: string; raced?: UserRow }> {
  try {
    return { userId: await sendInvitation(ctx, input, undefined) };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await findUserByEmail(ctx.db, input.email);
    if (!winner) throw error;
    return { userId: winner.id, raced: winner };
  }
}

export const DUPLICATE_EMAIL = "A user with this email address has already been registered";

/**
 * POST /invite, as GoTrue answers it: a new account is created and invited; an account whose email
 * is not confirmed yet is invited again (its details kept); a confirmed one is 422 email_exists.
 * `invitedBy` is the admin's id, or null for the service-role key. Returns the invited user.
 */
export async function inviteByApi(
  ctx: InviteContext,
  input: { email: string | undefined; data?: Record<string, unknown>; redirectTo?: string; invitedBy: string | null },
): Promise<UserRow> {
  const { email, metadata } = checkedInput({ email: input.email ?? "", data: input.data });
  const request = { email, metadata, redirectTo: input.redirectTo, invitedBy: input.invitedBy, via: "api" as const };
  let user = await findUserByEmail(ctx.db, email);
  if (!user) {
    const created = await inviteNew(ctx, request);
    user = created.raced;
    if (!user) return (await findUserById(ctx.db, created.userId))!;
  }
  if (user.emailConfirmedAt) throw unprocessable("email_exists", DUPLICATE_EMAIL);
  await sendInvitation(ctx, request, user);
  return (await findUserById(ctx.db, user.id))!;
}

/**
 * Invites a person by email: a new account with no password and an emailed link to set one, which
 * signs them in and lands them on redirectTo; or, for an email that already has an account, nothing
 * but its id. An account still waiting for its owner (no password, email never confirmed: an
 * earlier invitation, or a guest's booking) is invited again, with `existing: false`. Bad input is
 * an AuthApiError (400 for a bad address, 429 past the invitations to an address in an hour).
 */
export async function inviteUserByEmail(context: AppContext, input: InviteInput): Promise<InviteOutcome> {
  const ctx: InviteContext = { db: context.db, appEnv: context.env, config: context.auth, jobs: context.services.jobs, ipHash: null };
  const { email, metadata } = checkedInput(input);
  const request = { email, metadata, redirectTo: input.redirectTo, invitedBy: input.invitedBy, via: "website" as const };
  let user = await findUserByEmail(ctx.db, email);
  if (!user) {
    const created = await inviteNew(ctx, request);
    if (!created.raced) return { userId: created.userId, existing: false };
    user = created.raced;
  }
  if (!isPendingInvitation(user)) return { userId: user.id, existing: true };
  await sendInvitation(ctx, request, user);
  return { userId: user.id, existing: false };
}

/** An invitation's link as the accept page sees it: whose it is, whether it can still be used. */
export type InvitationLinkState = { state: "usable"; email: string; firstName: string | null } | { state: "expired"; email: string } | { state: "unknown" };

/**
 * Looks at an invitation's link without using it up (opening the page must not spend it: mail
 * scanners follow links). A link used already, replaced by a newer invitation, or never issued is
 * "unknown"; one past its week is "expired".
 */
export async function invitationLinkState(ctx: Pick<InviteContext, "db" | "config">, linkToken: string): Promise<InvitationLinkState> {
  const row = await findByLinkToken(ctx, linkToken, ["invite"]);
  if (!row) return { state: "unknown" };
  const user = await findUserById(ctx.db, row.userId);
  if (!user?.email || user.email !== row.relatesTo) return { state: "unknown" };
  if (!isLive(ctx, row)) return { state: "expired", email: user.email };
  return { state: "usable", email: user.email, firstName: nameField(userMetadataOf(user).first_name) };
}

/**
 * Accepts an invitation from its link: checks the password against the auth service's rules
 * first (so a refused password leaves the link usable), then uses the link up (verifyOtp, type
 * "invite": the email is confirmed and a session starts), then sets the password. Returns the
 * session; a used, replaced or expired link is GoTrue's 403 otp_expired.
 */
export async function acceptInvitation(ctx: AuthContext, input: { linkToken: string; password: string }): Promise<SessionResponse> {
  assertStrongPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const verified = await verifyOtp(ctx, { type: "invite", tokenHash: input.linkToken });
  if (verified.kind !== "session") throw forbidden("otp_expired", LINK_INVALID);
  const { session } = verified;
  const now = new Date().toISOString();
  await ctx.db.batch([
    ctx.db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, session.user.id)),
    auditStatement(ctx.db, { action: "user_updated_password", actorId: session.user.id, ipHash: ctx.ipHash, detail: { via: "invite" } }),
  ]);
  return session;
}

/** Requests for a new invitation from one address: the team hears of the first each day. */
const INVITATION_REQUESTS_PER_ADDRESS: RateLimitRule = { name: "auth-invite-request-address", limit: 1, windowMs: 24 * 60 * 60_000 };

/**
 * Someone whose invitation expired before they used it asks for a new one: the team inbox is told
 * who (at most once a day per address; asking again changes nothing). Only the holder of an
 * expired invitation's link can ask, and only for that invitation's address. Answers the address
 * the new invitation will go to, or null when the link is not an expired invitation.
 */
export async function requestNewInvitation(ctx: Omit<InviteContext, "ipHash">, linkToken: string): Promise<{ email: string } | null> {
  const state = await invitationLinkState(ctx, linkToken);
  if (state.state !== "expired") return null;
  const user = await findUserByEmail(ctx.db, state.email);
  if (!user) return null;
  const quota = await consumeRateLimit(ctx.db, INVITATION_REQUESTS_PER_ADDRESS, limitSubject("email", state.email), ctx.appEnv.SESSION_SECRET);
  if (!quota.allowed) return { email: state.email };
  const metadata = userMetadataOf(user);
  const name = [nameField(metadata.first_name), nameField(metadata.last_name)].filter(Boolean).join(" ") || null;
  const invitedAt = formatTimestamp(user.invitedAt ?? user.createdAt, "Australia/Sydney");
  await enqueueEmail(
    ctx.db,
    ctx.appEnv,
    ctx.jobs,
    await composeEmail(
      ctx.appEnv,
      invitationRequestEmail,
      { email: state.email, name, invitedAt, adminUrl: `${new URL(ctx.config.siteUrl).origin}/admin` },
      { to: ctx.appEnv.TEAM_INBOX, dedupeKey: `invite-request:${user.id}:${new Date().toISOString().slice(0, 10)}` },
    ),
  );
  return { email: state.email };
}
