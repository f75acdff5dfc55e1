import { AuthClient } from "@supabase/auth-js";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { hashPassword } from "~/auth/password.server";
import type { Role } from "~/db/schema";
import { fetchApp } from "./app";
import { testClientIp } from "./client-ip";
import { formPost } from "./factories";

export const TEST_PASSWORD = "Correct-Horse-Battery-42";
/** A timestamp as D1 and the auth API write them: ISO 8601 in UTC. */
export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|\+00:00)$/;
/** A compact JWS (header.payload.signature). */
export const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;
/**
 * TEST_PASSWORD hashed once with the app's hashPassword (scrypt ln=15, r=8, p=3): a constant, so
 * each test's users are made without spending ~160 ms hashing the same password again.
 */
export const TEST_PASSWORD_HASH = "$scrypt$ln=15,r=8,p=3$pgCTS4vjDx3Lyg-h9tmMtA$zhQnC_tnRdc5PVl1DDVoL0iA9oBbdq-J-m5YJinPRsk";

/** A Supabase auth client talking to this Worker's /auth/v1 in-process. */
export function authClient() {
  return new AuthClient({
    url: "http://localhost/auth/v1",
    headers: { apikey: "test-anon-key" },
    fetch: (input: RequestInfo | URL, init?: RequestInit) => fetchApp(new Request(input, init)),
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });
}

export function uniqueEmail(name = "user") {
  return `${name}.${crypto.randomUUID().slice(0, 8)}@example.com.au`;
}

/** A confirmed user straight into D1 (scrypt hash, email identity, optional roles). */
export async function createConfirmedUser({
  email = uniqueEmail(),
  password = TEST_PASSWORD,
  roles = [] as Role[],
  passwordHash,
  createdAt,
}: { email?: string; password?: string; roles?: Role[]; passwordHash?: string; createdAt?: string } = {}) {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const created = createdAt ?? now;
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO users (id, email, password_hash, email_confirmed_at, user_metadata, app_metadata, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    ).bind(
      id,
      email,
      passwordHash ?? (password === TEST_PASSWORD ? TEST_PASSWORD_HASH : await hashPassword(password)),
      now,
      JSON.stringify({ first_name: "Test", last_name: "User" }),
      JSON.stringify({ provider: "email", providers: ["email"] }),
      created,
      now,
    ),
    env.DB.prepare("INSERT INTO identities (id, user_id, provider, provider_id, identity_data, email) VALUES (?, ?, 'email', ?, ?, ?)").bind(
      crypto.randomUUID(),
      id,
      id,
      JSON.stringify({ sub: id, email, email_verified: true }),
      email,
    ),
    env.DB.prepare("INSERT INTO profiles (user_id, first_name, last_name) VALUES (?, 'Test', 'User')").bind(id),
    ...roles.map((role) => env.DB.prepare("INSERT INTO user_roles (user_id, role) VALUES (?, ?)").bind(id, role)),
  ]);
  return { id, email, password };
}

/** POSTs JSON to the auth API the way auth-js does (2024-01-01 error format). */
export function authPost(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetchApp(
    new Request(`http://localhost/auth/v1${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01", "CF-Connecting-IP": testClientIp(), ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}

export async function signIn(email: string, password = TEST_PASSWORD) {
  const response = await authPost("/token?grant_type=password", { email, password });
  expect(response.status, `sign-in of ${email}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as { access_token: string; refresh_token: string; expires_at: number; user: { id: string } };
}

export async function countRows(table: string, where: string, ...binds: unknown[]) {
  return (
    (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`)
      .bind(...binds)
      .first<number>("n")) ?? 0
  );
}

/** Signs a user in through the website's /auth form, as a browser does; returns the `__Host-session=…` pair to send back. */
export async function signInOnWeb(user: { email: string; password?: string }, ip = testClientIp()) {
  const response = await fetchApp(
    formPost("/auth", { intent: "sign-in", email: user.email, password: user.password ?? TEST_PASSWORD, redirectTo: "/profile" }, { "CF-Connecting-IP": ip }),
  );
  expect(response.status, `sign-in of ${user.email}`).toBe(302);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__Host-session="));
  expect(cookie, "session cookie").toMatch(/^__Host-session=[^;]+;/);
  return cookie!.split(";")[0]!;
}

/** A raw JSON request to /auth/v1 the way auth-js sends it, from one client address. A string body is sent as it is. */
export function apiRequest(
  method: string,
  path: string,
  { body, token, ip = testClientIp(), headers = {} }: { body?: unknown; token?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  return fetchApp(
    new Request(`http://localhost/auth/v1${path}`, {
      method,
      headers: {
        "Content-Type": "application/json",
        "X-Supabase-Api-Version": "2024-01-01",
        "CF-Connecting-IP": ip,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      redirect: "manual",
    }),
  );
}

/**
 * The wait the sign-in page asks for after a refusal for too many attempts, in minutes ("a minute",
 * "N minutes", "an hour"), and the bounds it must lie in: the minutes left, rounded up, in the limit's
 * fixed window (the rate limits count in windows aligned to the clock) before and after the request.
 */
export function expectWaitWithinWindow(text: string, windowMs: number, requestedBetween: { before: number; after: number }) {
  const wait = /Please wait (a minute|(\d+) minutes|an hour), then try again/.exec(text);
  expect(wait, /Too many attempts[^<]*/.exec(text)?.[0] ?? "no rate-limit message on the page").not.toBeNull();
  const minutes = wait![1] === "a minute" ? 1 : wait![1] === "an hour" ? 60 : Number(wait![2]);
  const minutesLeft = (at: number) => Math.ceil((windowMs - (at % windowMs)) / 60_000);
  expect(minutes).toBeGreaterThanOrEqual(minutesLeft(requestedBetween.after));
  expect(minutes).toBeLessThanOrEqual(minutesLeft(requestedBetween.before));
  expect(text).not.toContain("a few minutes");
}
