import { createClient } from "@supabase/supabase-js";
import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { outboxTo } from "../factories/emails";
import { apiSession, createUser, uniqueEmail } from "../factories/users";
import { authApi, countRows, fetchApp, ISO_TIMESTAMP, JWT, testClientIp } from "./app";

// POST /auth/v1/invite as GoTrue answers it (admins and the service-role key only), and redeeming
// an invitation through the auth API: POST /verify and GET /verify with type "invite", raw and
// through @supabase/supabase-js (auth.admin.inviteUserByEmail, then verifyOtp). Every test uses
// addresses of its own.

const SERVICE_KEY = "test-service-role-key-0123456789abcdef0123456789";
// A secret, so not among the bindings wrangler types: added the way the Turnstile tests add theirs.
const BINDINGS = { ...env, AUTH_SERVICE_ROLE_KEY: SERVICE_KEY } as Env;
const SITE = "http://localhost:8787";
// Tests that choose a password hash it (scrypt, ~160 ms); give them room on a busy machine.
const SLOW_TEST_MS = 20_000;

type Json = Record<string, unknown>;

function inviteRequest(body: unknown, { token = SERVICE_KEY, redirectTo }: { token?: string | null; redirectTo?: string } = {}) {
  const query = redirectTo ? `?${new URLSearchParams({ redirect_to: redirectTo })}` : "";
  return authApi(`/invite${query}`, { json: body, bindings: BINDINGS, ...(token ? { token } : {}) });
}

async function errorOf(response: Response) {
  return { status: response.status, ...((await response.json()) as { code: string; message: string }) };
}

/** The token in the newest invitation to `email`: the accept page's `token`, or GoTrue's verify link's. */
async function invitationToken(email: string) {
  const [message] = await outboxTo(email, { subject: "You're invited to ClarityAI Coaching" });
  expect(message, `an invitation to ${email}`).toBeDefined();
  const link = new URL(/(https?:\/\/\S+(?:\/auth\/invite|\/auth\/v1\/verify)\?\S+)/.exec(message!.text_body)![1]!);
  return { link, token: link.searchParams.get("token")! };
}

test("POST /invite with the service-role key creates the user, answers GoTrue's user object and emails the invitation", async () => {
  const email = uniqueEmail("api-invitee");
  const response = await inviteRequest({ email, data: { first_name: "Lena", last_name: "Okafor" } }, { redirectTo: `${SITE}/coach` });
  expect(response.status).toBe(200);
  const user = (await response.json()) as Json;
  expect(user).toMatchObject({
    aud: "authenticated",
    role: "authenticated",
    email,
    phone: "",
    user_metadata: { first_name: "Lena", last_name: "Okafor" },
    app_metadata: { provider: "email", providers: ["email"], roles: ["client"] },
    is_anonymous: false,
  });
  expect(user.invited_at).toMatch(ISO_TIMESTAMP);
  expect(user.confirmation_sent_at).toMatch(ISO_TIMESTAMP);
  expect(user.email_confirmed_at).toBeUndefined();
  expect(user.identities).toEqual([expect.objectContaining({ provider: "email", user_id: user.id, email })]);

  const { link } = await invitationToken(email);
  expect(`${link.origin}${link.pathname}`).toBe(`${SITE}/auth/invite`);
  expect(link.searchParams.get("redirectTo")).toBe("/coach");
  // The service-role key is no user: the audit entry names nobody as the actor.
  const audit = await env.DB.prepare("SELECT actor_id, detail FROM audit_log WHERE action = 'user_invited' AND target_id = ?")
    .bind(user.id)
    .first<{ actor_id: string | null; detail: string }>();
  expect(audit).toEqual({ actor_id: null, detail: JSON.stringify({ via: "api" }) });
});

test("POST /invite is for admins only: no token, a client's or a coach's token, or a wrong key are refused and nothing is written", async () => {
  const email = uniqueEmail("api-refused");
  const client = await apiSession(await createUser({ roles: ["client"] }));
  const coach = await apiSession(await createUser({ roles: ["coach"] }));
  expect(await errorOf(await inviteRequest({ email }, { token: null }))).toMatchObject({ status: 401, code: "no_authorization" });
  expect(await errorOf(await inviteRequest({ email }, { token: client.access_token }))).toMatchObject({
    status: 403,
    code: "not_admin",
    message: "User not allowed",
  });
  expect(await errorOf(await inviteRequest({ email }, { token: coach.access_token }))).toMatchObject({ status: 403, code: "not_admin" });
  expect(await errorOf(await inviteRequest({ email }, { token: `${SERVICE_KEY}x` }))).toMatchObject({ status: 403, code: "bad_jwt" });
  // Without a configured key, nothing is the service-role key.
  const unkeyed = await authApi("/invite", { json: { email }, token: SERVICE_KEY });
  expect(unkeyed.status).toBe(403);
  expect(await countRows("users", "email = ?", email)).toBe(0);
  expect(await outboxTo(email)).toHaveLength(0);

  // An admin's own access token may invite; the audit entry names the admin.
  const adminUser = await createUser({ roles: ["admin"] });
  const admin = await apiSession(adminUser);
  const invited = await inviteRequest({ email }, { token: admin.access_token });
  expect(invited.status).toBe(200);
  const { id } = (await invited.json()) as { id: string };
  expect(await countRows("audit_log", "action = 'user_invited' AND target_id = ? AND actor_id = ?", id, adminUser.id)).toBe(1);
});

test("POST /invite refuses bad input with GoTrue's codes and writes nothing", async () => {
  const email = uniqueEmail("api-bad");
  const cases: [unknown, number, string, string?][] = [
    [{}, 400, "validation_failed", "An email address is required"],
    [{ email: "not-an-email" }, 400, "validation_failed", "Unable to validate email address: invalid format"],
    [{ email: 42 }, 400, "validation_failed"],
    [{ email, data: "names" }, 400, "validation_failed"],
    [{ email, data: { blob: "x".repeat(9_000) } }, 400, "validation_failed", "User metadata is too large"],
    ["{not json", 400, "bad_json"],
  ];
  for (const [body, status, code, message] of cases) {
    expect(await errorOf(await inviteRequest(body)), JSON.stringify(body).slice(0, 60)).toMatchObject({ status, code, ...(message ? { message } : {}) });
  }
  expect(await countRows("users", "email = ?", email)).toBe(0);
});

test("POST /invite: a confirmed account's address is 422 email_exists; an unconfirmed one is invited again", async () => {
  const member = await createUser({ email: uniqueEmail("api-member") });
  expect(await errorOf(await inviteRequest({ email: member.email }))).toEqual({
    status: 422,
    code: "email_exists",
    message: "A user with this email address has already been registered",
  });
  expect(await outboxTo(member.email)).toHaveLength(0);

  const email = uniqueEmail("api-twice");
  const first = (await (await inviteRequest({ email })).json()) as { id: string };
  const second = await inviteRequest({ email: email.toUpperCase(), data: { first_name: "Ignored" } });
  expect(second.status).toBe(200);
  const again = (await second.json()) as Json;
  expect(again.id).toBe(first.id);
  // GoTrue keeps the waiting account's details: only a new link is sent.
  expect(again.user_metadata).toEqual({});
  expect(await outboxTo(email)).toHaveLength(2);
});

test("POST /invite: past 5 invitations to one address in an hour, GoTrue's email rate limit", async () => {
  const email = uniqueEmail("api-limit");
  for (let i = 0; i < 5; i++) expect((await inviteRequest({ email })).status).toBe(200);
  const refused = await inviteRequest({ email });
  expect(await errorOf(refused)).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });
  expect(await outboxTo(email)).toHaveLength(5);
});

test("POST /verify with type invite and the link's token_hash signs the invitee in once; the link lasts a week, not an hour", async () => {
  const email = uniqueEmail("api-verify");
  const { id } = (await (await inviteRequest({ email })).json()) as { id: string };
  const { token } = await invitationToken(email);
  // Two hours later an invitation still works (other emailed codes last an hour).
  const twoHoursAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
  await env.DB.prepare("UPDATE one_time_tokens SET created_at = ? WHERE user_id = ?").bind(twoHoursAgo, id).run();

  const verified = await authApi("/verify", { json: { type: "invite", token_hash: token } });
  expect(verified.status).toBe(200);
  const session = (await verified.json()) as { access_token: string; refresh_token: string; user: Json };
  expect(session.access_token).toMatch(JWT);
  expect(session.user).toMatchObject({ id, email });
  expect(session.user.email_confirmed_at).toMatch(ISO_TIMESTAMP);

  expect(await errorOf(await authApi("/verify", { json: { type: "invite", token_hash: token } }))).toMatchObject({ status: 403, code: "otp_expired" });
});

test("an invitation past its week is refused by /verify as expired", async () => {
  const email = uniqueEmail("api-expired");
  const { id } = (await (await inviteRequest({ email })).json()) as { id: string };
  const { token } = await invitationToken(email);
  await env.DB.prepare("UPDATE one_time_tokens SET created_at = ? WHERE user_id = ?")
    .bind(new Date(Date.now() - 8 * 24 * 3600_000).toISOString(), id)
    .run();
  expect(await errorOf(await authApi("/verify", { json: { type: "invite", token_hash: token } }))).toMatchObject({ status: 403, code: "otp_expired" });
  expect(await env.DB.prepare("SELECT email_confirmed_at FROM users WHERE id = ?").bind(id).first("email_confirmed_at")).toBeNull();
});

test("an invitation is redeemed by its link only: guessed codes neither redeem it nor burn it", async () => {
  const email = uniqueEmail("api-guess");
  const { id } = (await (await inviteRequest({ email })).json()) as { id: string };
  for (let i = 0; i < 6; i++) {
    const guess = await authApi("/verify", { json: { type: "invite", email, token: String(100000 + i) }, ip: testClientIp(`guess-${i}`) });
    expect(guess.status).toBe(403);
  }
  expect(await countRows("one_time_tokens", "user_id = ? AND token_type = 'invite'", id)).toBe(1);
  const { token } = await invitationToken(email);
  expect((await authApi("/verify", { json: { type: "invite", token_hash: token } })).status).toBe(200);
});

test("an app's own redirect_to gets GoTrue's verify link, which signs the invitee in and hands the session over in the fragment", async () => {
  const email = uniqueEmail("api-app");
  const appUrl = "http://localhost:3000/welcome";
  expect((await inviteRequest({ email }, { redirectTo: appUrl })).status).toBe(200);
  const { link } = await invitationToken(email);
  expect(link.pathname).toBe("/auth/v1/verify");
  expect(link.searchParams.get("type")).toBe("invite");
  expect(link.searchParams.get("redirect_to")).toBe(appUrl);

  const followed = await fetchApp(`${link.pathname}${link.search}`);
  expect(followed.status).toBe(303);
  const location = new URL(followed.headers.get("Location")!);
  expect(`${location.origin}${location.pathname}`).toBe(appUrl);
  const fragment = new URLSearchParams(location.hash.slice(1));
  expect(fragment.get("type")).toBe("invite");
  expect(fragment.get("access_token")).toMatch(JWT);
  // Used once: following it again hands over an error instead.
  const again = new URL((await fetchApp(`${link.pathname}${link.search}`)).headers.get("Location")!);
  expect(new URLSearchParams(again.hash.slice(1)).get("error_code")).toBe("otp_expired");
});

test(
  "supabase-js: auth.admin.inviteUserByEmail, then verifyOtp({ type: 'invite', token_hash }) and updateUser set the password",
  async () => {
    const fetchVia = (input: RequestInfo | URL, init?: RequestInit) => fetchApp(new Request(input, init), { bindings: BINDINGS });
    const options = { global: { fetch: fetchVia }, auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };
    const admin = createClient("http://localhost", SERVICE_KEY, options);
    const email = uniqueEmail("sbjs-invite");

    const invited = await admin.auth.admin.inviteUserByEmail(email, { data: { first_name: "Noah" }, redirectTo: `${SITE}/coach` });
    expect(invited.error).toBeNull();
    expect(invited.data.user).toMatchObject({ email, user_metadata: { first_name: "Noah" } });
    expect(invited.data.user?.invited_at).toMatch(ISO_TIMESTAMP);

    const existing = await admin.auth.admin.inviteUserByEmail((await createUser()).email);
    expect(existing.error).toMatchObject({ status: 422, code: "email_exists" });

    const client = createClient("http://localhost", "test-anon-key", options);
    const { token } = await invitationToken(email);
    const verified = await client.auth.verifyOtp({ type: "invite", token_hash: token });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({ id: invited.data.user!.id, email });
    expect(verified.data.session?.access_token).toMatch(JWT);

    const updated = await client.auth.updateUser({ password: "Harbour-Lights-Sunrise-7" });
    expect(updated.error).toBeNull();
    const fresh = createClient("http://localhost", "test-anon-key", options);
    const signedIn = await fresh.auth.signInWithPassword({ email, password: "Harbour-Lights-Sunrise-7" });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user?.id).toBe(invited.data.user!.id);
  },
  SLOW_TEST_MS,
);
