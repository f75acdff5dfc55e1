import { and, eq, exists, inArray, isNull, ne, sql } from "drizzle-orm";
import { authSessions, refreshTokens, users } from "~/db/schema";
import type { AuthContext } from "./context.server";
import { badRequest, unauthorized, forbidden } from "./errors.server";
import { signAccessToken, verifyAccessToken, type AccessTokenClaims, type AmrEntry } from "./jwt.server";
import { findUserById, serializeUser, type UserRow } from "./users.server";
import { audit } from "./audit.server";
import { AUTH_LIMITS, limit } from "./limits.server";
import { enqueueOnboarding } from "~/accounts/onboarding.server";
import { base64url, randomBase64url } from "~/utils/base64url";
import { hmacSha256, sha256Hex } from "~/utils/hex";

// Auth sessions live in D1 (the source of truth for revocation and refresh-token families).
// KV keeps a small record per live session that every authenticated request reads; revoking a
// session deletes it there and marks it in D1, which sensitive operations check directly.
const KV_PREFIX = "auth-session:";
const KV_TTL_SECONDS = 60 * 60 * 24 * 30;

export type SessionResponse = {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Awaited<ReturnType<typeof serializeUser>>;
  weak_password?: null;
};

/** The session JSON: the serialized user, and an access token whose claims are taken from it. */
async function respond(
  ctx: AuthContext,
  user: UserRow,
  session: { id: string; aal: "aal1" | "aal2"; amr: AmrEntry[] },
  refreshToken: string,
): Promise<SessionResponse> {
  const serialized = await serializeUser(ctx.db, user);
  const { token, expiresAt } = await signAccessToken(await ctx.key(), ctx.config, {
    sub: user.id,
    email: serialized.email,
    phone: serialized.phone,
    aal: session.aal,
    amr: session.amr,
    session_id: session.id,
    app_metadata: serialized.app_metadata,
    user_metadata: serialized.user_metadata,
    is_anonymous: false,
  });
  return {
    access_token: token,
    token_type: "bearer",
    expires_in: ctx.config.accessTokenTtl,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: serialized,
  };
}

/** Starts a session for a user who has just proved who they are (password, OTP, id_token…). */
export async function issueSession(ctx: AuthContext, user: UserRow, method: string): Promise<SessionResponse> {
  const now = new Date().toISOString();
  const session = { id: crypto.randomUUID(), aal: "aal1" as const, amr: [{ method, timestamp: Math.floor(Date.now() / 1000) }] };
  const refreshToken = randomBase64url();
  await ctx.db.batch([
    ctx.db.insert(authSessions).values({
      id: session.id,
      userId: user.id,
      aal: session.aal,
      amr: JSON.stringify(session.amr),
      userAgent: ctx.request.headers.get("User-Agent")?.slice(0, 300) ?? null,
      ipHash: ctx.ipHash,
    }),
    ctx.db.insert(refreshTokens).values({ tokenHash: await sha256Hex(refreshToken), sessionId: session.id, userId: user.id }),
    ctx.db.update(users).set({ lastSignInAt: now, updatedAt: now }).where(eq(users.id, user.id)),
  ]);
  await ctx.env.SESSIONS.put(`${KV_PREFIX}${session.id}`, JSON.stringify({ userId: user.id }), { expirationTtl: KV_TTL_SECONDS });
  await audit(ctx.db, { action: "login", actorId: user.id, ipHash: ctx.ipHash, detail: { method, session_id: session.id } });
  // SPEC §7: a sign-in within 5 minutes of the account's creation sends the onboarding email.
  await enqueueOnboarding(ctx.db, ctx.env.JOBS, user, ONBOARDING_WINDOW_MS);
  return respond(ctx, { ...user, lastSignInAt: now, updatedAt: now }, session, refreshToken);
}

export const ONBOARDING_WINDOW_MS = 5 * 60 * 1000;

/**
 * Raises a session to aal2 after a verified MFA factor, and returns a fresh token pair. The new
 * refresh token is random, not derived from the one it replaces, so only this client has it: the
 * aal1 token presented again within the reuse interval is refused without ending the session (no
 * successor to hand out, and no fork), and after it counts as reuse like any spent token.
 */
export async function elevateSession(ctx: AuthContext, sessionId: string, factorId: string, method: "totp" | "phone"): Promise<SessionResponse> {
  const session = await ctx.db.query.authSessions.findFirst({ where: and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)) });
  if (!session) throw forbidden("session_not_found", "Session not found");
  const amr: AmrEntry[] = [...(JSON.parse(session.amr) as AmrEntry[]), { method, timestamp: Math.floor(Date.now() / 1000) }];
  const refreshToken = randomBase64url();
  const now = new Date().toISOString();
  await ctx.db.batch([
    ctx.db
      .update(authSessions)
      .set({ aal: "aal2", amr: JSON.stringify(amr), factorId, updatedAt: now })
      .where(eq(authSessions.id, sessionId)),
    ctx.db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.revokedAt))),
    ctx.db.insert(refreshTokens).values({ tokenHash: await sha256Hex(refreshToken), sessionId, userId: session.userId }),
  ]);
  const user = await findUserById(ctx.db, session.userId);
  if (!user) throw forbidden("user_not_found", "User from sub claim in JWT does not exist");
  return respond(ctx, user, { id: sessionId, aal: "aal2", amr }, refreshToken);
}

const invalidRefreshToken = () => badRequest("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
const alreadyUsed = () => badRequest("refresh_token_already_used", "Invalid Refresh Token: Already Used");

/** How many rotations a reused token's line is followed through to the session's current token. */
const MAX_REUSE_CHAIN = 16;

/**
 * The refresh token that replaces `parent` when it is rotated: an HMAC of it under the server
 * secret, so every refresh of one token computes the same successor. Only someone holding the
 * parent (and the secret) can work it out; D1 keeps just its hash, like every refresh token's.
 */
async function successorOf(ctx: AuthContext, parent: string): Promise<string> {
  const mac = await hmacSha256(ctx.appEnv.SESSION_SECRET, `refresh-token:${parent}`);
  // 128 bits, as long as the tokens a sign-in issues.
  return base64url(mac.slice(0, 16));
}

function withinReuseInterval(ctx: AuthContext, revokedAt: string) {
  return Date.now() - Date.parse(revokedAt) <= ctx.config.refreshReuseInterval * 1000;
}

/**
 * The live token a spent one was rotated into, following its line through any later rotations
 * (tab A refreshed twice while tab B still held the first token). Null when the line ends in a
 * spent token with no successor: MFA replaced it (the new token went to that client only) or the
 * session was ended.
 */
async function currentSuccessor(ctx: AuthContext, token: string): Promise<string | null> {
  let current = token;
  for (let step = 0; step < MAX_REUSE_CHAIN; step++) {
    current = await successorOf(ctx, current);
    const row = await ctx.db.query.refreshTokens.findFirst({ where: eq(refreshTokens.tokenHash, await sha256Hex(current)) });
    if (!row) return null;
    if (!row.revokedAt) return current;
  }
  return null;
}

/**
 * Rotates a refresh token, counted per source like every verification. Its successor is derived from it, and added in the same transaction
 * that spends it, so concurrent refreshes of one token (two tabs, a retried request) all get the
 * same new token and the session never forks. A token already spent is accepted only within the
 * short reuse interval, and then returns the session's current token from its line; outside it,
 * reuse means the token leaked, so the whole session is revoked (GoTrue's reuse detection).
 */
export async function refreshSession(ctx: AuthContext, refreshToken: string): Promise<SessionResponse> {
  await limit(ctx, AUTH_LIMITS.verifyPerSource, ctx.source);
  const hash = await sha256Hex(refreshToken);
  const row = await ctx.db.query.refreshTokens.findFirst({ where: eq(refreshTokens.tokenHash, hash) });
  if (!row) throw invalidRefreshToken();
  const session = await ctx.db.query.authSessions.findFirst({ where: eq(authSessions.id, row.sessionId) });
  if (!session || session.revokedAt) throw badRequest("session_not_found", "Invalid Refresh Token: Session Not Found");
  const user = await findUserById(ctx.db, row.userId);
  if (!user) throw invalidRefreshToken();
  const state = { id: session.id, aal: session.aal, amr: JSON.parse(session.amr) as AmrEntry[] };

  if (row.revokedAt && !withinReuseInterval(ctx, row.revokedAt)) {
    await revokeSession(ctx, session.id, user.id, "refresh_token_reuse");
    throw alreadyUsed();
  }

  const next = await successorOf(ctx, refreshToken);
  const nextHash = await sha256Hex(next);
  const now = new Date().toISOString();
  const live = and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.revokedAt));
  // One transaction, and each statement acts only while the token is still live: the successor is
  // added, the session marked refreshed, and the token spent. A concurrent refresh that spent it
  // first added the very same successor, so this one changes nothing and reads it below.
  const [, , spent] = await ctx.db.batch([
    ctx.db
      .insert(refreshTokens)
      .select(
        ctx.db
          .select({
            tokenHash: sql<string>`${nextHash}`.as("token_hash"),
            sessionId: refreshTokens.sessionId,
            userId: refreshTokens.userId,
            parentHash: refreshTokens.tokenHash,
            revokedAt: sql<string | null>`NULL`.as("revoked_at"),
            createdAt: sql<string>`${now}`.as("created_at"),
          })
          .from(refreshTokens)
          .where(live),
      )
      .onConflictDoNothing(),
    ctx.db
      .update(authSessions)
      .set({ refreshedAt: now, updatedAt: now })
      .where(
        and(
          eq(authSessions.id, session.id),
          exists(
            ctx.db
              .select({ one: sql`1` })
              .from(refreshTokens)
              .where(live),
          ),
        ),
      ),
    ctx.db.update(refreshTokens).set({ revokedAt: now }).where(live).returning({ tokenHash: refreshTokens.tokenHash }),
  ]);
  if (spent.length > 0) {
    await ctx.env.SESSIONS.put(`${KV_PREFIX}${session.id}`, JSON.stringify({ userId: user.id }), { expirationTtl: KV_TTL_SECONDS });
    return respond(ctx, user, state, next);
  }

  // Spent already, within the reuse interval (a concurrent refresh, or a retry after a lost
  // response): the client gets the token its line was rotated into, never a new one.
  const current = await currentSuccessor(ctx, refreshToken);
  if (!current) throw alreadyUsed();
  return respond(ctx, user, state, current);
}

/** Drops the live-session records of these auth sessions from KV, so no location keeps them alive. */
export async function forgetLiveSessions(sessions: KVNamespace, ids: string[]) {
  await Promise.all(ids.map((id) => sessions.delete(`${KV_PREFIX}${id}`)));
}

export async function revokeSession(ctx: AuthContext, sessionId: string, userId: string, reason: string) {
  const now = new Date().toISOString();
  await ctx.db.batch([
    ctx.db
      .update(authSessions)
      .set({ revokedAt: now, updatedAt: now })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt))),
    ctx.db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.sessionId, sessionId), isNull(refreshTokens.revokedAt))),
  ]);
  await forgetLiveSessions(ctx.env.SESSIONS, [sessionId]);
  await audit(ctx.db, { action: "token_revoked", actorId: userId, ipHash: ctx.ipHash, detail: { session_id: sessionId, reason } });
}

export type SignOutScope = "global" | "local" | "others";

/** Sign-out: "global" ends every session of the user, "local" this one, "others" all but this one. */
export async function revokeSessions(ctx: AuthContext, userId: string, currentSessionId: string, scope: SignOutScope) {
  const where =
    scope === "local"
      ? and(eq(authSessions.id, currentSessionId), isNull(authSessions.revokedAt))
      : scope === "others"
        ? and(eq(authSessions.userId, userId), ne(authSessions.id, currentSessionId), isNull(authSessions.revokedAt))
        : and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt));
  const sessions = await ctx.db.select({ id: authSessions.id }).from(authSessions).where(where);
  if (sessions.length === 0) return;
  const ids = sessions.map((s) => s.id);
  const now = new Date().toISOString();
  await ctx.db.batch([
    ctx.db.update(authSessions).set({ revokedAt: now, updatedAt: now }).where(inArray(authSessions.id, ids)),
    ctx.db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(inArray(refreshTokens.sessionId, ids), isNull(refreshTokens.revokedAt))),
  ]);
  await forgetLiveSessions(ctx.env.SESSIONS, ids);
  await audit(ctx.db, { action: "logout", actorId: userId, ipHash: ctx.ipHash, detail: { scope, sessions: ids.length } });
}

/** Signs the caller out of their sessions (`scope`, see revokeSessions). */
export function signOut(ctx: AuthContext, caller: AuthCaller, scope: SignOutScope) {
  return revokeSessions(ctx, caller.user.id, caller.sessionId, scope);
}

/**
 * Who an operation on an account acts for: a signed-in user and the auth session they act through.
 * The /auth/v1 endpoints take it from a Bearer access token (authenticate); the website from its
 * signed-in viewer (web-auth.server.ts).
 */
export type AuthCaller = { user: UserRow; sessionId: string };

export type Authenticated = AuthCaller & { claims: AccessTokenClaims };

/**
 * The user behind a Bearer access token: a valid ES256 token of ours whose session is still live
 * (KV, read on every request). `strict` also checks D1, for operations where a revocation that has
 * not reached this location's KV yet must still count.
 */
export async function authenticate(ctx: AuthContext, { strict = false } = {}): Promise<Authenticated> {
  const header = ctx.request.headers.get("Authorization") ?? "";
  const token = /^Bearer\s+(.+)$/i.exec(header)?.[1];
  if (!token) throw unauthorized("no_authorization", "This endpoint requires a valid Bearer token");
  let claims: AccessTokenClaims;
  try {
    claims = await verifyAccessToken(token, await ctx.key(), ctx.config);
  } catch {
    throw forbidden("bad_jwt", "invalid JWT: unable to parse or verify signature, token is expired");
  }
  const live = await ctx.env.SESSIONS.get(`${KV_PREFIX}${claims.session_id}`);
  if (!live) throw forbidden("session_not_found", "Session from session_id claim in JWT does not exist");
  if (strict) {
    const session = await ctx.db.query.authSessions.findFirst({ where: eq(authSessions.id, claims.session_id) });
    if (!session || session.revokedAt) throw forbidden("session_not_found", "Session from session_id claim in JWT does not exist");
  }
  const user = await findUserById(ctx.db, claims.sub);
  if (!user) throw forbidden("user_not_found", "User from sub claim in JWT does not exist");
  return { claims, user, sessionId: claims.session_id };
}
