import { env } from "cloudflare:workers";
import bcrypt from "bcryptjs";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { expect, test } from "vitest";
import { TEST_PASSWORD, authClient, createUser, signIn, uniqueEmail } from "../factories/users";
import { ISO_TIMESTAMP, JWT, authApi, countRows, fetchApp } from "./app";

test("sign-up needs an email or phone and a password (SPEC §5), and rejects weak passwords", async () => {
  const email = uniqueEmail("signup");
  for (const body of [{}, { email }, { password: TEST_PASSWORD }, { phone: "", password: "" }]) {
    const response = await authApi("/signup", { json: body });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: "validation_failed", message: "You must provide either an email or phone number and a password" });
  }
  const short = await authApi("/signup", { json: { email, password: "short" } });
  expect(short.status).toBe(422);
  expect(await short.json()).toMatchObject({ code: "weak_password", weak_password: { reasons: ["length"] } });
  const common = await authApi("/signup", { json: { email, password: "password123" } });
  expect(await common.json()).toMatchObject({ code: "weak_password", weak_password: { reasons: ["pwned"] } });
  const long = await authApi("/signup", { json: { email, password: "x".repeat(73) } });
  expect(long.status).toBe(422);
  expect(await countRows("users", "email = ?", email)).toBe(0);
});

test("malformed, oversized and wrongly typed bodies are 4xx with GoTrue's codes and write nothing", async () => {
  const email = uniqueEmail("bad");
  const malformed = await authApi("/signup", { json: "{not json" });
  expect(malformed.status).toBe(400);
  expect(((await malformed.json()) as { code: string }).code).toBe("bad_json");
  const array = await authApi("/signup", { json: "[1,2]" });
  expect(array.status).toBe(400);
  const oversized = await authApi("/signup", { json: { email, password: TEST_PASSWORD, data: { blob: "x".repeat(70_000) } } });
  expect(oversized.status).toBe(413);
  const wrongType = await authApi("/signup", { json: { email: 42, password: TEST_PASSWORD } });
  expect(wrongType.status).toBe(400);
  const badEmail = await authApi("/signup", { json: { email: "not-an-email", password: TEST_PASSWORD } });
  expect(badEmail.status).toBe(400);
  expect(await countRows("users", "email = ?", email)).toBe(0);
});

test("errors use the legacy shape without the API version header, and echo the header when sent", async () => {
  const legacy = await fetchApp(
    new Request("http://localhost/auth/v1/token?grant_type=password", { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } }),
  );
  expect(await legacy.json()).toEqual({ code: 400, error_code: "validation_failed", msg: "You must provide either an email or phone number and a password" });
  expect(legacy.headers.get("X-Supabase-Api-Version")).toBeNull();
  const modern = await authApi("/token?grant_type=password", { json: {} });
  expect(modern.headers.get("X-Supabase-Api-Version")).toBe("2024-01-01");
  expect(modern.headers.get("Access-Control-Expose-Headers")).toContain("X-Supabase-Api-Version");
  const unknownGrant = await authApi("/token?grant_type=magic", { json: {} });
  expect(unknownGrant.status).toBe(400);
});

test("CORS preflight is answered for Supabase clients on other origins", async () => {
  const response = await fetchApp(
    new Request("http://localhost/auth/v1/token?grant_type=password", {
      method: "OPTIONS",
      headers: { Origin: "https://app.example", "Access-Control-Request-Method": "POST" },
    }),
  );
  expect(response.status).toBe(204);
  expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
  expect(response.headers.get("Access-Control-Allow-Headers")).toContain("x-supabase-api-version");
});

test("a new sign-up waits for email confirmation; a repeat sign-up reveals nothing and tells the owner", async () => {
  const email = uniqueEmail("fresh");
  const first = await authApi("/signup", { json: { email, password: TEST_PASSWORD, data: { first_name: "Ava", last_name: "Ng" } } });
  expect(first.status).toBe(200);
  const user = (await first.json()) as Record<string, unknown>;
  expect(user).toMatchObject({ email, aud: "authenticated", user_metadata: { first_name: "Ava", last_name: "Ng" } });
  expect(user.access_token).toBeUndefined();
  expect(user.confirmation_sent_at).toMatch(ISO_TIMESTAMP);
  expect(await countRows("email_outbox", "to_address = ? AND subject LIKE 'Confirm%'", email)).toBe(1);

  const second = await authApi("/signup", { json: { email, password: "Another-Password-77" } });
  expect(second.status).toBe(200);
  const repeat = (await second.json()) as Record<string, unknown>;
  expect(Object.keys(repeat).sort()).toEqual(expect.arrayContaining(["id", "email", "confirmation_sent_at", "identities"]));
  expect(repeat.id).not.toBe(user.id);
  expect(await countRows("users", "email = ?", email)).toBe(1);
  expect(await countRows("email_outbox", "to_address = ? AND subject LIKE 'Someone tried%'", email)).toBe(1);

  const unconfirmed = await authApi("/token?grant_type=password", { json: { email, password: TEST_PASSWORD } });
  expect(await unconfirmed.json()).toEqual({ code: "email_not_confirmed", message: "Email not confirmed" });
});

test("wrong passwords and unknown accounts get the same answer, and both are audited", async () => {
  const { email, id } = await createUser();
  const wrong = await authApi("/token?grant_type=password", { json: { email, password: "Wrong-Password-99" } });
  const unknown = await authApi("/token?grant_type=password", { json: { email: uniqueEmail("ghost"), password: "Wrong-Password-99" } });
  expect(wrong.status).toBe(400);
  expect(unknown.status).toBe(400);
  expect(await wrong.json()).toEqual(await unknown.json());
  expect(await countRows("audit_log", "action = 'login_failed' AND actor_id = ?", id)).toBe(1);
});

test("sign-in returns a GoTrue session with an ES256 access token carrying the GoTrue claims and roles", async () => {
  const { email, id } = await createUser({ roles: ["client"] });
  const session = await signIn(email);
  expect(session).toMatchObject({ token_type: "bearer", expires_in: 3600, user: { id, email, app_metadata: { roles: ["client"], provider: "email" } } });
  expect(session.refresh_token.length).toBeGreaterThanOrEqual(22);
  const header = decodeProtectedHeader(session.access_token);
  expect(header).toMatchObject({ alg: "ES256", typ: "JWT" });
  expect(header.kid).toMatch(/^[\w-]+$/);
  const claims = decodeJwt(session.access_token);
  expect(claims).toMatchObject({
    sub: id,
    aud: "authenticated",
    iss: "http://localhost:8787/auth/v1",
    role: "authenticated",
    email,
    aal: "aal1",
    is_anonymous: false,
  });
  expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
  expect((claims.amr as { method: string }[])[0]!.method).toBe("password");
  expect(session.expires_at).toBe(claims.exp);
});

test("auth-js signs in, reads the user and verifies the token's claims through the JWKS", async () => {
  const { email, id } = await createUser();
  const client = authClient();
  const { data, error } = await client.signInWithPassword({ email, password: TEST_PASSWORD });
  expect(error).toBeNull();
  expect(data.user?.id).toBe(id);
  const user = await client.getUser(data.session!.access_token);
  expect(user.data.user?.email).toBe(email);
  const jwks = (await (await fetchApp("/auth/v1/.well-known/jwks.json")).json()) as { keys: { kid: string; alg: string; d?: string }[] };
  expect(jwks.keys[0]).toMatchObject({ alg: "ES256", kty: "EC", crv: "P-256" });
  expect(jwks.keys[0]!.d).toBeUndefined();
  const claims = await client.getClaims(data.session!.access_token);
  expect(claims.error).toBeNull();
  expect(claims.data?.claims.sub).toBe(id);
});

test("a tampered or foreign token is refused", async () => {
  const { email } = await createUser();
  const { access_token } = await signIn(email);
  const [h, p] = access_token.split(".");
  const forged = `${h}.${p}.${"A".repeat(86)}`;
  const response = await fetchApp("/auth/v1/user", { token: forged });
  expect(response.status).toBe(403);
  const none = await fetchApp("/auth/v1/user");
  expect(none.status).toBe(401);
});

test("refresh tokens rotate on every use, and a reused token outside the reuse window revokes the session", async () => {
  const { email } = await createUser();
  const first = await signIn(email);
  const second = (await (await authApi("/token?grant_type=refresh_token", { json: { refresh_token: first.refresh_token } })).json()) as typeof first;
  expect(second.refresh_token).not.toBe(first.refresh_token);
  const third = (await (await authApi("/token?grant_type=refresh_token", { json: { refresh_token: second.refresh_token } })).json()) as typeof first;
  expect(third.access_token).toMatch(JWT);

  // Within the reuse window a retried token still works (the client lost the response).
  const retry = await authApi("/token?grant_type=refresh_token", { json: { refresh_token: second.refresh_token } });
  expect(retry.status).toBe(200);

  // Much later, presenting the first token again is a leak: the whole session ends.
  await env.DB.prepare("UPDATE refresh_tokens SET revoked_at = ? WHERE revoked_at IS NOT NULL")
    .bind(new Date(Date.now() - 60_000).toISOString())
    .run();
  const reuse = await authApi("/token?grant_type=refresh_token", { json: { refresh_token: first.refresh_token } });
  expect(reuse.status).toBe(400);
  expect(await reuse.json()).toEqual({ code: "refresh_token_already_used", message: "Invalid Refresh Token: Already Used" });
  const latest = (await retry.json()) as typeof first;
  expect((await authApi("/token?grant_type=refresh_token", { json: { refresh_token: latest.refresh_token } })).status).toBe(400);
  const user = await fetchApp("/auth/v1/user", { token: latest.access_token });
  expect(user.status).toBe(403);
});

test("auth-js refreshes a session and each sign-out scope ends the right sessions", async () => {
  const { email } = await createUser();
  const client = authClient();
  const a = (await client.signInWithPassword({ email, password: TEST_PASSWORD })).data.session!;
  const refreshed = await client.refreshSession({ refresh_token: a.refresh_token });
  expect(refreshed.error).toBeNull();
  const b = await signIn(email);
  const c = await signIn(email);
  const live = async (token: string) => (await fetchApp("/auth/v1/user", { token })).status === 200;

  expect((await client.admin.signOut(b.access_token, "others")).error).toBeNull();
  expect(await live(b.access_token)).toBe(true);
  expect(await live(c.access_token)).toBe(false);
  expect(await live(refreshed.data.session!.access_token)).toBe(false);

  const d = await signIn(email);
  expect((await client.admin.signOut(b.access_token, "local")).error).toBeNull();
  expect(await live(b.access_token)).toBe(false);
  expect(await live(d.access_token)).toBe(true);

  const e = await signIn(email);
  const logout = await fetchApp("/auth/v1/logout", { method: "POST", token: e.access_token });
  expect(logout.status).toBe(204);
  expect(await live(d.access_token)).toBe(false);
  expect(await live(e.access_token)).toBe(false);
});

test("a bcrypt hash imported from Supabase verifies and is rehashed with scrypt on sign-in", async () => {
  const passwordHash = bcrypt.hashSync(TEST_PASSWORD, 4);
  const { email, id } = await createUser({ passwordHash });
  await signIn(email);
  const stored = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?").bind(id).first<string>("password_hash");
  expect(stored).toMatch(/^\$scrypt\$ln=15,r=8,p=3\$/);
  await signIn(email);
});

test("the onboarding email is enqueued once for a sign-in within 5 minutes of sign-up, never for older accounts", async () => {
  const fresh = await createUser();
  await signIn(fresh.email);
  await signIn(fresh.email);
  expect(await env.DB.prepare("SELECT onboarding_enqueued_at FROM users WHERE id = ?").bind(fresh.id).first("onboarding_enqueued_at")).toMatch(ISO_TIMESTAMP);

  const old = await createUser({ createdAt: new Date(Date.now() - 10 * 60_000).toISOString() });
  await signIn(old.email);
  expect(await env.DB.prepare("SELECT onboarding_enqueued_at FROM users WHERE id = ?").bind(old.id).first("onboarding_enqueued_at")).toBeNull();
});

test("wrong passwords are rate limited per account and source (tests/security/lockout.test.ts has the rest)", async () => {
  const { email } = await createUser();
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await authApi("/token?grant_type=password", { json: { email, password: "Wrong-Password-99" } })).status);
  expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
});

test("unknown auth paths answer GoTrue's 404", async () => {
  const response = await authApi("/nope", { json: {} });
  expect(response.status).toBe(404);
});
