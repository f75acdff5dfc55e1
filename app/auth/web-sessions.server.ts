import { createCookie, type AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, isNull, sql } from "drizzle-orm";
import { aiSubscriptions, authSessions, mfaFactors, profiles, userRoles, users, type Role } from "~/db/schema";
import type { Viewer } from "./viewer";
import { zoneForState } from "~/booking/time-zones";
import { decodeBase64url } from "~/utils/base64url";
import { readSignedCookie } from "~/platform/cookies.server";

// Web sessions (the website's sign-in): an HttpOnly, Secure, SameSite=Lax __Host- cookie holds a
// random id; KV holds the record (the auth session it belongs to and its tokens). The auth
// sessions themselves, with their refresh tokens, are the auth domain's (token-sessions.server.ts).
// The request context loads the viewer from here on every request, so this module reads KV and D1
// only: what the website does with the auth domain for its viewer is in web-auth.server.ts.
const WEB_SESSION_PREFIX = "web:";
const WEB_SESSION_TTL_SECONDS = 60 * 60 * 24 * 30;

type WebSessionRecord = { authSessionId: string; userId: string; accessToken: string; refreshToken: string; expiresAt: number };

export type { Viewer } from "./viewer";

/** The part of an auth session (token-sessions.server.ts' SessionResponse) a web session keeps. */
export type SessionTokens = { access_token: string; refresh_token: string; expires_at: number; user: { id: string } };

/** The web session cookie's name: __Host- pins it to this origin, HTTPS and path "/". */
export const SESSION_COOKIE = "__Host-session";

function sessionCookie(secret: string) {
  return createCookie(SESSION_COOKIE, {
    httpOnly: true,
    secure: true,
    sameSite: "lax",
    path: "/",
    maxAge: WEB_SESSION_TTL_SECONDS,
    secrets: [secret],
  });
}

async function webSessionId(request: Request, secret: string): Promise<string | null> {
  const value = await readSignedCookie(sessionCookie(secret), request);
  return typeof value === "string" && /^[\w-]{20,}$/.test(value) ? value : null;
}

function writeRecord(sessions: KVNamespace, id: string, record: WebSessionRecord) {
  return sessions.put(WEB_SESSION_PREFIX + id, JSON.stringify(record), { expirationTtl: WEB_SESSION_TTL_SECONDS });
}

function recordFor(authSessionId: string, session: SessionTokens): WebSessionRecord {
  return {
    authSessionId,
    userId: session.user.id,
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
    expiresAt: session.expires_at,
  };
}

/** Starts a web session from an auth session; returns the Set-Cookie header value. */
export async function createWebSession(context: AppLoadContext, session: SessionTokens): Promise<string> {
  const id = crypto.randomUUID() + crypto.randomUUID().replace(/-/g, "");
  const claims = JSON.parse(decodeBase64url(session.access_token.split(".")[1]!)) as { session_id: string };
  await writeRecord(context.cloudflare.env.SESSIONS, id, recordFor(claims.session_id, session));
  context.forgetViewer();
  return sessionCookie(context.env.SESSION_SECRET).serialize(id);
}

async function readRecord(sessions: KVNamespace, id: string): Promise<WebSessionRecord | null> {
  return sessions.get<WebSessionRecord>(WEB_SESSION_PREFIX + id, "json");
}

/**
 * The signed-in user behind this request's cookie, or null: one KV read (the web session record)
 * and one D1 query (user, profile names, live auth session, roles, and whether an authenticator
 * app is enrolled). D1 is the source of truth for revocation, so a sign-out elsewhere counts at
 * once even where KV has not caught up. Call it through `context.viewer()`, which remembers it.
 */
export async function loadViewer(request: Request, context: Pick<AppLoadContext, "cloudflare" | "env" | "db">): Promise<Viewer | null> {
  const id = await webSessionId(request, context.env.SESSION_SECRET);
  if (!id) return null;
  const record = await readRecord(context.cloudflare.env.SESSIONS, id);
  if (!record) return null;
  const [row] = await context.db
    .select({
      id: users.id,
      email: users.email,
      createdAt: users.createdAt,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      state: profiles.state,
      aal: authSessions.aal,
      roles: sql<string | null>`(SELECT group_concat(${userRoles.role}) FROM ${userRoles} WHERE ${userRoles.userId} = ${users.id})`,
      hasAuthenticatorApp: sql<number>`EXISTS (SELECT 1 FROM ${mfaFactors} WHERE ${mfaFactors.userId} = ${users.id} AND ${mfaFactors.factorType} = 'totp' AND ${mfaFactors.status} = 'verified')`,
      aiTier: aiSubscriptions.tier,
      aiStatus: aiSubscriptions.status,
      aiPastDueSince: aiSubscriptions.pastDueSince,
      aiInterval: aiSubscriptions.billingInterval,
      aiPeriodEnd: aiSubscriptions.currentPeriodEnd,
      aiCancelAtPeriodEnd: aiSubscriptions.cancelAtPeriodEnd,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(aiSubscriptions, eq(aiSubscriptions.userId, users.id))
    .where(and(eq(authSessions.id, record.authSessionId), isNull(authSessions.revokedAt)));
  if (!row) return null;
  return {
    id: row.id,
    email: row.email ?? "",
    firstName: row.firstName,
    lastName: row.lastName,
    createdAt: row.createdAt,
    timeZone: zoneForState(row.state),
    roles: row.roles ? (row.roles.split(",") as Role[]).sort() : [],
    aal: row.aal,
    hasAuthenticatorApp: Boolean(row.hasAuthenticatorApp),
    aiSubscription:
      row.aiStatus === null
        ? null
        : {
            tier: row.aiTier,
            status: row.aiStatus,
            pastDueSince: row.aiPastDueSince,
            billingInterval: row.aiInterval,
            currentPeriodEnd: row.aiPeriodEnd,
            cancelAtPeriodEnd: Boolean(row.aiCancelAtPeriodEnd),
          },
    authSessionId: record.authSessionId,
    webSessionId: id,
  };
}

/** The auth session tokens this viewer's web session holds, or null once it has ended. */
export async function webSessionTokens(sessions: KVNamespace, viewer: Pick<Viewer, "webSessionId">) {
  const record = await readRecord(sessions, viewer.webSessionId);
  return record ? { accessToken: record.accessToken, refreshToken: record.refreshToken, expiresAt: record.expiresAt } : null;
}

/** Keeps the refreshed tokens of the viewer's auth session in their web session (same session, same aal). */
export async function storeWebSessionTokens(sessions: KVNamespace, viewer: Pick<Viewer, "webSessionId" | "authSessionId">, session: SessionTokens) {
  await writeRecord(sessions, viewer.webSessionId, recordFor(viewer.authSessionId, session));
}

/** Replaces the tokens of the current web session (after MFA raises it to aal2, for example). */
export async function updateWebSession(context: AppLoadContext, viewer: Viewer, session: SessionTokens) {
  await storeWebSessionTokens(context.cloudflare.env.SESSIONS, viewer, session);
  context.forgetViewer();
}

/** Ends this browser's web session (its KV record); returns the Set-Cookie header that clears the cookie. */
export async function endWebSession(request: Request, context: AppLoadContext): Promise<string> {
  const id = await webSessionId(request, context.env.SESSION_SECRET);
  if (id) await context.cloudflare.env.SESSIONS.delete(WEB_SESSION_PREFIX + id);
  context.forgetViewer();
  return sessionCookie(context.env.SESSION_SECRET).serialize("", { maxAge: 0, expires: new Date(0) });
}
