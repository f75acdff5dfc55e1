import { createCookie, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, isNull, sql } from "drizzle-orm";
import { handleAuthApi } from "~/auth/api.server";
import type { SessionResponse } from "~/auth/token-sessions.server";
import { aiSubscriptions, authSessions, mfaFactors, profiles, userRoles, users, type Role } from "~/db/schema";
import type { Viewer } from "./viewer";
import { decodeBase64url } from "~/utils/base64url";
import { readSignedCookie } from "~/platform/cookies.server";

// Web sessions (the website's sign-in): an HttpOnly, Secure, SameSite=Lax __Host- cookie holds a
// random id; KV holds the record (the auth session it belongs to and its tokens). The auth
// sessions themselves, with their refresh tokens, are the auth API's (token-sessions.server.ts).
const WEB_SESSION_PREFIX = "web:";
const WEB_SESSION_TTL_SECONDS = 60 * 60 * 24 * 30;

type WebSessionRecord = { authSessionId: string; userId: string; accessToken: string; refreshToken: string; expiresAt: number };

export type { Viewer } from "./viewer";

type SessionContext = Pick<AppLoadContext, "cloudflare" | "env">;

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

function writeRecord(context: SessionContext, id: string, record: WebSessionRecord) {
  return context.cloudflare.env.SESSIONS.put(WEB_SESSION_PREFIX + id, JSON.stringify(record), { expirationTtl: WEB_SESSION_TTL_SECONDS });
}

function recordFor(authSessionId: string, session: SessionResponse): WebSessionRecord {
  return {
    authSessionId,
    userId: session.user.id,
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
    expiresAt: session.expires_at,
  };
}

/** Starts a web session from an auth session; returns the Set-Cookie header value. */
export async function createWebSession(context: AppLoadContext, session: SessionResponse): Promise<string> {
  const id = crypto.randomUUID() + crypto.randomUUID().replace(/-/g, "");
  const claims = JSON.parse(decodeBase64url(session.access_token.split(".")[1]!)) as { session_id: string };
  await writeRecord(context, id, recordFor(claims.session_id, session));
  context.forgetViewer();
  return sessionCookie(context.env.SESSION_SECRET).serialize(id);
}

async function readRecord(context: SessionContext, id: string): Promise<WebSessionRecord | null> {
  return context.cloudflare.env.SESSIONS.get<WebSessionRecord>(WEB_SESSION_PREFIX + id, "json");
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
  const record = await readRecord(context, id);
  if (!record) return null;
  const [row] = await context.db
    .select({
      id: users.id,
      email: users.email,
      createdAt: users.createdAt,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      aal: authSessions.aal,
      roles: sql<string | null>`(SELECT group_concat(${userRoles.role}) FROM ${userRoles} WHERE ${userRoles.userId} = ${users.id})`,
      hasAuthenticatorApp: sql<number>`EXISTS (SELECT 1 FROM ${mfaFactors} WHERE ${mfaFactors.userId} = ${users.id} AND ${mfaFactors.factorType} = 'totp' AND ${mfaFactors.status} = 'verified')`,
      aiTier: aiSubscriptions.tier,
      aiStatus: aiSubscriptions.status,
      aiPastDueSince: aiSubscriptions.pastDueSince,
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
    roles: row.roles ? (row.roles.split(",") as Role[]).sort() : [],
    aal: row.aal,
    hasAuthenticatorApp: Boolean(row.hasAuthenticatorApp),
    aiSubscription: row.aiStatus === null ? null : { tier: row.aiTier, status: row.aiStatus, pastDueSince: row.aiPastDueSince },
    authSessionId: record.authSessionId,
    webSessionId: id,
  };
}

/**
 * Calls the auth API in-process as the signed-in user (refreshing the access token when it is
 * close to expiry), exactly as an external Supabase client would over HTTP.
 */
export async function authApi(
  request: Request,
  context: AppLoadContext,
  viewer: Viewer | null,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ ok: boolean; status: number; data: Record<string, unknown> }> {
  const headers = new Headers({ "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01" });
  const address = request.headers.get("CF-Connecting-IP");
  if (address) headers.set("CF-Connecting-IP", address);
  const userAgent = request.headers.get("User-Agent");
  if (userAgent) headers.set("User-Agent", userAgent);
  if (viewer) {
    const record = await readRecord(context, viewer.webSessionId);
    if (record) {
      let current = record;
      if (record.expiresAt - Math.floor(Date.now() / 1000) < 60) {
        const refreshed = await callApi(request, context, "/token?grant_type=refresh_token", {
          method: "POST",
          headers,
          body: JSON.stringify({ refresh_token: record.refreshToken }),
        });
        if (refreshed.ok) {
          const session = refreshed.data as unknown as SessionResponse;
          current = { ...record, accessToken: session.access_token, refreshToken: session.refresh_token, expiresAt: session.expires_at };
          await writeRecord(context, viewer.webSessionId, current);
        }
      }
      headers.set("Authorization", `Bearer ${current.accessToken}`);
    }
  }
  return callApi(request, context, path, { method: init.method ?? "GET", headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
}

async function callApi(request: Request, context: AppLoadContext, path: string, init: RequestInit) {
  const url = new URL(`/auth/v1${path}`, request.url);
  const response = await handleAuthApi(new Request(url, init), context);
  const text = await response.text();
  const data = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  return { ok: response.ok, status: response.status, data };
}

/** Replaces the tokens of the current web session (after MFA raises it to aal2, for example). */
export async function updateWebSession(context: AppLoadContext, viewer: Viewer, session: SessionResponse) {
  await writeRecord(context, viewer.webSessionId, recordFor(viewer.authSessionId, session));
  context.forgetViewer();
}

/** Ends this browser's web session (its KV record); returns the Set-Cookie header that clears the cookie. */
export async function endWebSession(request: Request, context: AppLoadContext): Promise<string> {
  const id = await webSessionId(request, context.env.SESSION_SECRET);
  if (id) await context.cloudflare.env.SESSIONS.delete(WEB_SESSION_PREFIX + id);
  context.forgetViewer();
  return sessionCookie(context.env.SESSION_SECRET).serialize("", { maxAge: 0, expires: new Date(0) });
}

/**
 * Signs out (global scope, SPEC §4) and always lands on /auth: 401, 403 and 404 from the auth
 * service are ignored, and any other failure is logged, never shown.
 */
export async function signOut(request: Request, context: AppLoadContext) {
  const viewer = await context.viewer().catch(() => null);
  if (viewer) {
    try {
      const result = await authApi(request, context, viewer, "/logout?scope=global", { method: "POST" });
      if (!result.ok && ![401, 403, 404].includes(result.status)) console.error("sign-out: auth service answered", result.status);
    } catch (error) {
      console.error("sign-out failed:", error instanceof Error ? error.message : String(error));
    }
  }
  return redirect("/auth", { headers: { "Set-Cookie": await endWebSession(request, context) } });
}
