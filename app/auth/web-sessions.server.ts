import { createCookie, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, isNull } from "drizzle-orm";
import { handleAuthApi } from "~/auth/api.server";
import type { SessionResponse } from "~/auth/token-sessions.server";
import { createDb } from "~/db/client.server";
import { authSessions, profiles, userRoles, users, type Role } from "~/db/schema";
import { readEnv } from "~/platform/env.server";
import { mfaStepUrl, owesMfaStep } from "./mfa-gate.server";

// Web sessions: an HttpOnly, Secure, SameSite=Lax __Host- cookie holds a random id; KV holds the
// record (the auth session it belongs to and its tokens). Every request checks that the auth
// session is still live, and reads the user's roles from D1.
const WEB_SESSION_PREFIX = "web:";
const AUTH_SESSION_PREFIX = "auth-session:";
const WEB_SESSION_TTL_SECONDS = 60 * 60 * 24 * 30;

type WebSessionRecord = { authSessionId: string; userId: string; accessToken: string; refreshToken: string; expiresAt: number };

export type Viewer = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  createdAt: string;
  roles: Role[];
  aal: "aal1" | "aal2";
  authSessionId: string;
  webSessionId: string;
};

function sessionCookie(secret: string) {
  return createCookie("__Host-session", {
    httpOnly: true,
    secure: true,
    sameSite: "lax",
    path: "/",
    maxAge: WEB_SESSION_TTL_SECONDS,
    secrets: [secret],
  });
}

async function webSessionId(request: Request, context: AppLoadContext): Promise<string | null> {
  const env = readEnv(context.cloudflare.env);
  const value: unknown = await sessionCookie(env.SESSION_SECRET).parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[\w-]{20,}$/.test(value) ? value : null;
}

/** Starts a web session from an auth session; returns the Set-Cookie header value. */
export async function createWebSession(context: AppLoadContext, session: SessionResponse): Promise<string> {
  const env = readEnv(context.cloudflare.env);
  const id = crypto.randomUUID() + crypto.randomUUID().replace(/-/g, "");
  const claims = JSON.parse(atob(session.access_token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { session_id: string };
  const record: WebSessionRecord = {
    authSessionId: claims.session_id,
    userId: session.user.id,
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
    expiresAt: session.expires_at,
  };
  await context.cloudflare.env.SESSIONS.put(WEB_SESSION_PREFIX + id, JSON.stringify(record), { expirationTtl: WEB_SESSION_TTL_SECONDS });
  return sessionCookie(env.SESSION_SECRET).serialize(id);
}

async function readRecord(context: AppLoadContext, id: string): Promise<WebSessionRecord | null> {
  return context.cloudflare.env.SESSIONS.get<WebSessionRecord>(WEB_SESSION_PREFIX + id, "json");
}

/** The signed-in user for this request, or null. */
export async function getViewer(request: Request, context: AppLoadContext): Promise<Viewer | null> {
  const id = await webSessionId(request, context);
  if (!id) return null;
  const record = await readRecord(context, id);
  if (!record) return null;
  const env = context.cloudflare.env;
  // Revocations delete this KV key at once where they happen; D1 is checked below as well, so a
  // revocation that has not yet reached this location's KV still counts.
  if (!(await env.SESSIONS.get(AUTH_SESSION_PREFIX + record.authSessionId))) return null;
  const db = createDb(env.DB);
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      createdAt: users.createdAt,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      aal: authSessions.aal,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(authSessions.id, record.authSessionId), isNull(authSessions.revokedAt)));
  if (!row) return null;
  const roles = (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, row.id))).map((r) => r.role);
  return {
    id: row.id,
    email: row.email ?? "",
    firstName: row.firstName,
    lastName: row.lastName,
    createdAt: row.createdAt,
    roles,
    aal: row.aal,
    authSessionId: record.authSessionId,
    webSessionId: id,
  };
}

/** Where to send someone who must sign in first, remembering the page they wanted. */
export function signInUrl(request: Request): string {
  const url = new URL(request.url);
  return `/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}

/** A safe place to return to after sign-in: a path on this site, never another origin. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/profile"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}

export async function requireUser(request: Request, context: AppLoadContext): Promise<Viewer> {
  const viewer = await getViewer(request, context);
  if (!viewer) throw redirect(signInUrl(request));
  // A password alone does not complete sign-in for a user with an authenticator app (aal1 → aal2).
  if (await owesMfaStep(context, viewer)) throw redirect(mfaStepUrl(request));
  return viewer;
}

/** SPEC §6: not signed in → /auth; missing admin → /; missing any other role → /auth. */
export async function requireRole(request: Request, context: AppLoadContext, role: Role): Promise<Viewer> {
  const viewer = await requireUser(request, context);
  if (!viewer.roles.includes(role)) throw redirect(role === "admin" ? "/" : signInUrl(request));
  return viewer;
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
  const env = context.cloudflare.env;
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
        const refreshed = await callApi(request, env, "/token?grant_type=refresh_token", { method: "POST", headers, body: JSON.stringify({ refresh_token: record.refreshToken }) });
        if (refreshed.ok) {
          const session = refreshed.data as unknown as SessionResponse;
          current = { ...record, accessToken: session.access_token, refreshToken: session.refresh_token, expiresAt: session.expires_at };
          await env.SESSIONS.put(WEB_SESSION_PREFIX + viewer.webSessionId, JSON.stringify(current), { expirationTtl: WEB_SESSION_TTL_SECONDS });
        }
      }
      headers.set("Authorization", `Bearer ${current.accessToken}`);
    }
  }
  return callApi(request, env, path, { method: init.method ?? "GET", headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
}

async function callApi(request: Request, env: Env, path: string, init: RequestInit) {
  const url = new URL(`/auth/v1${path}`, request.url);
  const response = await handleAuthApi(new Request(url, init), env, () => {});
  const text = await response.text();
  const data = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  return { ok: response.ok, status: response.status, data };
}

/** Replaces the tokens of the current web session (after MFA raises it to aal2, for example). */
export async function updateWebSession(context: AppLoadContext, viewer: Viewer, session: SessionResponse) {
  const record: WebSessionRecord = {
    authSessionId: viewer.authSessionId,
    userId: viewer.id,
    accessToken: session.access_token,
    refreshToken: session.refresh_token,
    expiresAt: session.expires_at,
  };
  await context.cloudflare.env.SESSIONS.put(WEB_SESSION_PREFIX + viewer.webSessionId, JSON.stringify(record), { expirationTtl: WEB_SESSION_TTL_SECONDS });
}

/**
 * Signs out (global scope, SPEC §4) and always lands on /auth: 401, 403 and 404 from the auth
 * service are ignored, and any other failure is logged, never shown.
 */
export async function signOut(request: Request, context: AppLoadContext) {
  const env = readEnv(context.cloudflare.env);
  const viewer = await getViewer(request, context).catch(() => null);
  const id = await webSessionId(request, context);
  if (viewer) {
    try {
      const result = await authApi(request, context, viewer, "/logout?scope=global", { method: "POST" });
      if (!result.ok && ![401, 403, 404].includes(result.status)) console.error("sign-out: auth service answered", result.status);
    } catch (error) {
      console.error("sign-out failed:", error instanceof Error ? error.message : String(error));
    }
  }
  if (id) await context.cloudflare.env.SESSIONS.delete(WEB_SESSION_PREFIX + id);
  return redirect("/auth", { headers: { "Set-Cookie": await sessionCookie(env.SESSION_SECRET).serialize("", { maxAge: 0, expires: new Date(0) }) } });
}
