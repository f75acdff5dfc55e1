import { AuthClient } from "@supabase/auth-js";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { createAuthContext } from "~/auth/context.server";
import { hashPassword } from "~/auth/password.server";
import { issueSession, type SessionResponse } from "~/auth/token-sessions.server";
import { findUserById } from "~/auth/users.server";
import { createWebSession } from "~/auth/web-sessions.server";
import { createAppContext } from "~/create-context.server";
import type { Role } from "~/db/schema";
import { appRequest, authApi, cookiePair, fetchApp, testClientIp } from "../worker/app";

// Users of every role, and their sessions. A user is written straight into D1, confirmed, with a
// password hashed once for the whole run; a session is started by the auth domain's own functions,
// as a successful sign-in starts it, without checking a password again. The auth tests sign in
// through the real endpoints instead (signIn, signInOnWeb), which hash and check for real.

export const TEST_PASSWORD = "Correct-Horse-Battery-42";
/**
 * TEST_PASSWORD hashed once with the app's hashPassword (scrypt ln=15, r=8, p=3): a constant, so
 * each test's users are made without spending ~160 ms hashing the same password again.
 */
export const TEST_PASSWORD_HASH = "$scrypt$ln=15,r=8,p=3$pgCTS4vjDx3Lyg-h9tmMtA$zhQnC_tnRdc5PVl1DDVoL0iA9oBbdq-J-m5YJinPRsk";

/** An address no other test uses: `name.<8 random hex>@example.com.au`. */
export function uniqueEmail(name = "user") {
  return `${name}.${crypto.randomUUID().slice(0, 8)}@example.com.au`;
}

export type TestUser = { id: string; email: string; password: string };
export type SignedInUser = TestUser & { cookie: string };

export type UserOptions = {
  email?: string;
  /** TEST_PASSWORD (already hashed) unless given; another password is hashed for real. */
  password?: string;
  /** A stored hash as it is (a bcrypt hash imported from Supabase, an outdated scrypt one…). */
  passwordHash?: string;
  roles?: Role[];
  firstName?: string;
  lastName?: string;
  createdAt?: string;
};

/** A confirmed user with an email identity, a profile and the given roles, straight into D1. */
export async function createUser({
  email = uniqueEmail(),
  password = TEST_PASSWORD,
  passwordHash,
  roles = [],
  firstName = "Test",
  lastName = "User",
  createdAt,
}: UserOptions = {}): Promise<TestUser> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO users (id, email, password_hash, email_confirmed_at, user_metadata, app_metadata, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    ).bind(
      id,
      email,
      passwordHash ?? (password === TEST_PASSWORD ? TEST_PASSWORD_HASH : await hashPassword(password)),
      now,
      JSON.stringify({ first_name: firstName, last_name: lastName }),
      JSON.stringify({ provider: "email", providers: ["email"] }),
      createdAt ?? now,
      now,
    ),
    env.DB.prepare("INSERT INTO identities (id, user_id, provider, provider_id, identity_data, email) VALUES (?, ?, 'email', ?, ?, ?)").bind(
      crypto.randomUUID(),
      id,
      id,
      JSON.stringify({ sub: id, email, email_verified: true }),
      email,
    ),
    env.DB.prepare("INSERT INTO profiles (user_id, first_name, last_name) VALUES (?, ?, ?)").bind(id, firstName, lastName),
    ...roles.map((role) => env.DB.prepare("INSERT INTO user_roles (user_id, role) VALUES (?, ?)").bind(id, role)),
  ]);
  return { id, email, password };
}

/**
 * Starts an auth session for the user as a password sign-in from `ip` does (audited, the
 * onboarding email of a new account queued), without checking the password.
 */
async function startSession(userId: string, path: string, ip: string, bindings: Env) {
  const request = appRequest(path, { ip });
  const ctx = createExecutionContext();
  const context = createAppContext(bindings, { request, executionContext: ctx });
  const user = await findUserById(context.db, userId);
  expect(user, `user ${userId}`).toBeDefined();
  const session = await issueSession(await createAuthContext(request, context), user!, "password");
  return { context, session, settled: () => waitOnExecutionContext(ctx) };
}

/** The website's session cookie for the user (`__Host-session=…`), as the sign-in form would set it. */
export async function webSession(user: { id: string }, { ip = testClientIp(), bindings = env }: { ip?: string; bindings?: Env } = {}) {
  const { context, session, settled } = await startSession(user.id, "/auth", ip, bindings);
  const setCookie = await createWebSession(context, session);
  await settled();
  return setCookie.split(";")[0]!;
}

/** The auth API's session for the user (access and refresh tokens), as a password grant answers it. */
export async function apiSession(
  user: { id: string },
  { ip = testClientIp(), bindings = env }: { ip?: string; bindings?: Env } = {},
): Promise<SessionResponse> {
  const { session, settled } = await startSession(user.id, "/auth/v1/token?grant_type=password", ip, bindings);
  await settled();
  return session;
}

/** A user (see createUser) signed in on the website: `cookie` is the session cookie a browser sends back. */
export async function createSignedInUser(options: UserOptions & { ip?: string } = {}): Promise<SignedInUser> {
  const user = await createUser(options);
  return { ...user, cookie: await webSession(user, { ip: options.ip }) };
}

/** Signs in through the auth API's password grant (a real password check); answers the session. */
export async function signIn(email: string, password = TEST_PASSWORD) {
  const response = await authApi("/token?grant_type=password", { json: { email, password } });
  expect(response.status, `sign-in of ${email}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as { access_token: string; refresh_token: string; expires_at: number; user: { id: string } };
}

/** Signs in through the website's /auth form, as a browser does (a real password check); answers the `__Host-session=…` pair. */
export async function signInOnWeb(user: { email: string; password?: string }, ip = testClientIp()) {
  const response = await fetchApp("/auth", {
    form: { intent: "sign-in", email: user.email, password: user.password ?? TEST_PASSWORD, redirectTo: "/profile" },
    ip,
  });
  expect(response.status, `sign-in of ${user.email}`).toBe(302);
  const cookie = cookiePair(response, "__Host-session");
  expect(cookie, "session cookie").toMatch(/^__Host-session=[^;]+$/);
  return cookie!;
}

/** A Supabase auth client (auth-js) talking to this Worker's /auth/v1 in-process, from this test's address unless told. */
export function authClient({ ip, flowType, bindings = env }: { ip?: string; flowType?: "implicit" | "pkce"; bindings?: Env } = {}) {
  return new AuthClient({
    url: "http://localhost/auth/v1",
    headers: { apikey: "test-anon-key" },
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (ip) request.headers.set("CF-Connecting-IP", ip);
      return fetchApp(request, { bindings });
    },
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    ...(flowType ? { flowType } : {}),
  });
}
