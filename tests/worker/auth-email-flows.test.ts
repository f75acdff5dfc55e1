import { env } from "cloudflare:workers";
import { decodeJwt } from "jose";
import { expect, test, vi } from "vitest";
import { allowConsoleErrors } from "../console-errors";
import { codeIn, createOutboxEmail, emailedCode, latestEmail, linkIn, outboxTo, waitForEmails } from "../factories/emails";
import { TEST_PASSWORD, authClient, createUser, signIn, uniqueEmail } from "../factories/users";
import { ISO_TIMESTAMP, authApi, countRows, fetchApp, testClientIp } from "./app";
import { deliverJobs, holdJobs } from "./queue";

// The one-time-code flows of the auth API (POST /otp, /verify, /resend, /recover, GET /verify,
// GET /reauthenticate, PUT /user) through raw requests and the real @supabase/auth-js client,
// reading codes from the email outbox as a user reads their inbox; and the queue jobs that deliver
// those emails and the onboarding welcome. Every test uses its own client address and its own
// addresses, because rate limits and storage are shared by the tests of this file.

const SITE = "http://localhost:8787";
// Tests that hash several passwords (scrypt, ~160 ms each) get more than the default 5 s on a busy machine.
const SLOW_TEST_MS = 20_000;

type Json = Record<string, unknown>;
type Session = { access_token: string; refresh_token: string; expires_at: number; user: { id: string; email: string } };

async function errorOf(response: Response) {
  return { status: response.status, ...((await response.json()) as { code: string; message: string }) };
}

/** A user signed up through POST /signup and confirmed with the emailed code. */
async function signedUpAndConfirmed(ip = testClientIp()) {
  const email = uniqueEmail("flow");
  const signup = await authApi("/signup", { ip, json: { email, password: TEST_PASSWORD, data: { first_name: "Mia", last_name: "Tran" } } });
  expect(signup.status).toBe(200);
  const code = await emailedCode(email, { subject: "Confirm your ClarityAI Coaching account" });
  const verified = await authApi("/verify", { ip, json: { type: "signup", email, token: code } });
  expect(verified.status).toBe(200);
  const session = (await verified.json()) as Session;
  return { email, session, ip };
}

function rowOf<T = Json>(sql: string, ...binds: unknown[]) {
  return env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
}

// ── POST /otp ────────────────────────────────────────────────────────────────────────────────

test("POST /otp rejects bad input with GoTrue's (and SPEC §5's) messages and writes nothing", async () => {
  const email = uniqueEmail("otp-bad");
  const cases: [unknown, number, string, string?][] = [
    [{}, 400, "validation_failed", "You must provide either an email or phone number."],
    [{ email: "", phone: "" }, 400, "validation_failed", "You must provide either an email or phone number."],
    [{ email, phone: "+61412345678" }, 400, "validation_failed", "Only an email address or phone number should be provided"],
    [{ email, channel: "sms" }, 400, "validation_failed", "Channel should only be specified with Phone OTP"],
    [{ email: "not-an-email" }, 400, "validation_failed", "Unable to validate email address: invalid format"],
    [{ phone: "12" }, 400, "validation_failed", "Invalid phone number format (E.164 required)"],
    [{ phone: "+61412345678", channel: "pigeon" }, 400, "validation_failed"],
    [{ email: 42 }, 400, "validation_failed"],
    [{ email, create_user: "no" }, 400, "validation_failed", "Could not read create_user: expected a boolean"],
    [{ email, data: "names" }, 400, "validation_failed"],
    [{ email, code_challenge: "x".repeat(43) }, 400, "validation_failed", "PKCE flow requires code_challenge_method and code_challenge"],
    [{ email, code_challenge: "short", code_challenge_method: "s256" }, 400, "validation_failed", "code challenge has to be between 43 and 128 characters"],
    [{ email, code_challenge: "x".repeat(43), code_challenge_method: "md5" }, 400, "validation_failed"],
    ["{not json", 400, "bad_json"],
    ["[1]", 400, "bad_json"],
    [{ email, data: { blob: "x".repeat(70_000) } }, 413, "request_entity_too_large"],
  ];
  for (const [body, status, code, message] of cases) {
    const error = await errorOf(await authApi("/otp", { json: body }));
    expect(error, JSON.stringify(body).slice(0, 80)).toMatchObject({ status, code, ...(message ? { message } : {}) });
  }
  expect(await countRows("users", "email = ?", email)).toBe(0);
  expect(await countRows("email_outbox", "to_address = ?", email)).toBe(0);
});

test("auth-js signInWithOtp emails a code to a known user, and verifyOtp with it signs them in once", async () => {
  const user = await createUser({ email: uniqueEmail("otp-known") });
  const auth = authClient();

  const sent = await auth.signInWithOtp({ email: user.email, options: { shouldCreateUser: false } });
  expect(sent.error).toBeNull();
  const message = await latestEmail(user.email, { subject: "Your ClarityAI Coaching sign-in code" });
  expect(message.text_body).toMatch(/Your sign-in code is \d{6}/);
  expect(message.text_body).toContain("— ClarityAI Coaching"); // queueEmail's footer names the sender
  expect(linkIn(message.text_body).searchParams.get("type")).toBe("magiclink");
  const code = codeIn(message.text_body);

  const wrong = await auth.verifyOtp({ email: user.email, token: code === "000000" ? "111111" : "000000", type: "email" });
  expect(wrong.error).toMatchObject({ status: 403, code: "otp_expired", message: "Token has expired or is invalid" });

  const { data, error } = await auth.verifyOtp({ email: user.email, token: code, type: "email" });
  expect(error).toBeNull();
  expect(data.session?.user.id).toBe(user.id);
  expect(data.user?.email).toBe(user.email);
  const claims = decodeJwt(data.session!.access_token);
  expect(claims).toMatchObject({ sub: user.id, aal: "aal1", amr: [{ method: "magiclink" }] });
  expect((await auth.getUser()).data.user?.id).toBe(user.id);
  expect(await countRows("audit_log", "actor_id = ? AND action = 'user_recovery_requested'", user.id)).toBe(1);

  const again = await authClient().verifyOtp({ email: user.email, token: code, type: "email" });
  expect(again.error).toMatchObject({ status: 403, code: "otp_expired" });
});

test("a first OTP sign-in creates a passwordless account (create_user defaults to true) and the code confirms it", async () => {
  const email = uniqueEmail("otp-new");
  const auth = authClient();
  const sent = await auth.signInWithOtp({ email, options: { data: { first_name: "Noah", last_name: "Kelly" } } });
  expect(sent.error).toBeNull();
  const message = await latestEmail(email, { subject: "Confirm your ClarityAI Coaching account" });
  const created = await rowOf<{ id: string; password_hash: string | null; email_confirmed_at: string | null; user_metadata: string }>(
    "SELECT * FROM users WHERE email = ?",
    email,
  );
  expect(created).toMatchObject({ password_hash: null, email_confirmed_at: null });
  expect(JSON.parse(created!.user_metadata)).toEqual({ first_name: "Noah", last_name: "Kelly" });
  expect(await rowOf("SELECT first_name, last_name FROM profiles WHERE user_id = ?", created!.id)).toEqual({ first_name: "Noah", last_name: "Kelly" });

  const { data, error } = await auth.verifyOtp({ email, token: codeIn(message.text_body), type: "email" });
  expect(error).toBeNull();
  expect(data.user).toMatchObject({ email, user_metadata: { first_name: "Noah", last_name: "Kelly" } });
  expect(data.user?.email_confirmed_at).toMatch(ISO_TIMESTAMP);
  expect(data.user?.identities?.[0]?.identity_data).toMatchObject({ email, email_verified: true });
  expect(decodeJwt(data.session!.access_token).amr).toEqual([expect.objectContaining({ method: "email/signup" })]);
});

test("OTP to a phone: the code goes to the outbox as an SMS and verifies with type sms (default channel sms)", async () => {
  const phone = `+614${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  const auth = authClient();
  const sent = await auth.signInWithOtp({ phone });
  expect(sent.error).toBeNull();
  const sms = await latestEmail(`sms:${phone}`);
  expect(sms.text_body).toMatch(/Your ClarityAI Coaching code is \d{6}/);
  const { data, error } = await auth.verifyOtp({ phone, token: codeIn(sms.text_body), type: "sms" });
  expect(error).toBeNull();
  expect(data.user).toMatchObject({ phone: phone.slice(1) });
  expect(data.user?.phone_confirmed_at).toMatch(ISO_TIMESTAMP);

  // The same code, or an email-type verification of a phone code, is refused.
  const reused = await authApi("/verify", { json: { type: "sms", phone, token: codeIn(sms.text_body) } });
  expect(await errorOf(reused)).toMatchObject({ status: 403, code: "otp_expired" });
  const whatsapp = await authApi("/otp", { json: { phone, channel: "whatsapp" } });
  expect(whatsapp.status).toBe(400);
});

test("no account enumeration: unknown and known addresses get the same answers from /otp, /recover and /resend", { timeout: SLOW_TEST_MS }, async () => {
  const known = await createUser({ email: uniqueEmail("enum-known") });
  const unknown = uniqueEmail("enum-unknown");
  const ip = testClientIp();
  const { flush } = holdJobs();
  const answers = async (email: string) => {
    const otp = await authApi("/otp", { ip, json: { email, create_user: false } });
    const recover = await authApi("/recover", { ip, json: { email } });
    const resend = await authApi("/resend", { ip, json: { email, type: "signup" } });
    return Promise.all([otp, recover, resend].map(async (r) => ({ status: r.status, body: await r.text(), type: r.headers.get("Content-Type") })));
  };
  const forKnown = await answers(known.email);
  const forUnknown = await answers(unknown);
  expect(forUnknown).toEqual(forKnown);
  expect(forKnown).toEqual(Array(3).fill({ status: 200, body: "{}", type: "application/json" }));
  await flush(); // the queue job looks the address up and sends
  // Only the real account was written to: no user and no email for the unknown address.
  expect(await countRows("users", "email = ?", unknown)).toBe(0);
  expect(await countRows("email_outbox", "to_address = ?", unknown)).toBe(0);
  expect(await countRows("email_outbox", "to_address = ?", known.email)).toBe(2); // sign-in code and recovery

  // The per-address message limits count unknown addresses too, so a 429 tells nothing either: one
  // source gets three messages to an address an hour.
  const limitedUnknown = uniqueEmail("limit-unknown");
  const limitedKnown = (await createUser({ email: uniqueEmail("limit-known") })).email;
  for (const email of [limitedUnknown, limitedKnown]) {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await authApi("/recover", { json: { email } })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  }
  const limited = await authApi("/otp", { json: { email: limitedKnown } });
  expect(await errorOf(limited)).toEqual({ status: 429, code: "over_email_send_rate_limit", message: "email rate limit exceeded" });
});

// ── POST /verify ─────────────────────────────────────────────────────────────────────────────

test("POST /verify rejects bad input with GoTrue's messages", async () => {
  const email = uniqueEmail("verify-bad");
  const cases: [unknown, number, string, string?][] = [
    [{ token: "123456", email }, 400, "validation_failed", "Verify requires a verification type"],
    [{ type: "email", email }, 400, "validation_failed", "Verify requires either a token or a token hash"],
    [{ type: "email", token: "123456", token_hash: "abc" }, 400, "validation_failed", "Verify requires either a token or a token hash"],
    [{ type: "password", token: "123456", email }, 400, "validation_failed", "Unsupported verification type"],
    [{ type: "email", token: "123456" }, 400, "validation_failed", "Only an email address or phone number should be provided on verify"],
    [
      { type: "email", token: "123456", email, phone: "+61412345678" },
      400,
      "validation_failed",
      "Only an email address or phone number should be provided on verify",
    ],
    [{ type: "email", token: "123456", email: "nope" }, 422, "validation_failed", "Invalid email format"],
    [{ type: "magiclink", token_hash: "abc", email }, 400, "validation_failed", "Only the token_hash and type should be provided"],
    [{ type: "sms", token_hash: "abc" }, 400, "validation_failed", "Invalid email verification type"],
    [{ type: "email", token: 123456, email }, 400, "validation_failed"],
    [{ type: "signup", token: "123456", email }, 403, "otp_expired", "Token has expired or is invalid"],
    [{ type: "sms", token: "123456", email }, 403, "otp_expired", "Token has expired or is invalid"],
    [{ type: "magiclink", token_hash: "0".repeat(64) }, 403, "otp_expired", "Email link is invalid or has expired"],
    ["{", 400, "bad_json"],
  ];
  for (const [body, status, code, message] of cases) {
    const error = await errorOf(await authApi("/verify", { json: body }));
    expect(error, JSON.stringify(body)).toMatchObject({ status, code, ...(message ? { message } : {}) });
  }
  expect(await countRows("auth_sessions s JOIN users u ON u.id = s.user_id", "u.email = ?", email)).toBe(0);
});

test("a link's token hash verifies through auth-js verifyOtp({ token_hash }) once", async () => {
  const user = await createUser({ email: uniqueEmail("hash") });
  const auth = authClient();
  await auth.signInWithOtp({ email: user.email });
  const tokenHash = linkIn((await latestEmail(user.email, { subject: "Your ClarityAI Coaching sign-in code" })).text_body).searchParams.get("token")!;
  const { data, error } = await auth.verifyOtp({ token_hash: tokenHash, type: "magiclink" });
  expect(error).toBeNull();
  expect(data.session?.user.id).toBe(user.id);
  const again = await authClient().verifyOtp({ token_hash: tokenHash, type: "magiclink" });
  expect(again.error).toMatchObject({ status: 403, code: "otp_expired", message: "Email link is invalid or has expired" });
});

test("codes are bound to their address and expire after an hour", async () => {
  const alice = await createUser({ email: uniqueEmail("alice") });
  const bob = await createUser({ email: uniqueEmail("bob") });
  const ip = testClientIp();
  await authApi("/otp", { ip, json: { email: alice.email } });
  const code = await emailedCode(alice.email);
  const crossed = await authApi("/verify", { ip, json: { type: "email", email: bob.email, token: code } });
  expect(crossed.status).toBe(403);

  await env.DB.prepare("UPDATE one_time_tokens SET created_at = ? WHERE user_id = ?")
    .bind(new Date(Date.now() - 3601_000).toISOString(), alice.id)
    .run();
  const expired = await authApi("/verify", { ip, json: { type: "email", email: alice.email, token: code } });
  expect(await errorOf(expired)).toMatchObject({ status: 403, code: "otp_expired", message: "Token has expired or is invalid" });
});

test("guessing codes is capped per source: the eleventh wrong code from one source is refused", async () => {
  const user = await createUser({ email: uniqueEmail("guess") });
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    const response = await authApi("/verify", { json: { type: "email", email: user.email, token: String(100000 + i) } });
    statuses.push(response.status);
  }
  expect(statuses.slice(0, 10).every((s) => s === 403)).toBe(true);
  expect(statuses[10]).toBe(429);
});

// ── GET /verify (email links) ────────────────────────────────────────────────────────────────

test("GET /verify: a magic link redirects to redirect_to with the session in the fragment, as GoTrue does", async () => {
  const user = await createUser({ email: uniqueEmail("link") });
  await authClient().signInWithOtp({ email: user.email, options: { emailRedirectTo: `${SITE}/profile?tab=details` } });
  const link = linkIn((await latestEmail(user.email, { subject: "Your ClarityAI Coaching sign-in code" })).text_body);
  expect(link.searchParams.get("redirect_to")).toBe(`${SITE}/profile?tab=details`);

  const response = await fetchApp(link);
  expect(response.status).toBe(303);
  const location = new URL(response.headers.get("Location")!);
  expect(`${location.origin}${location.pathname}${location.search}`).toBe(`${SITE}/profile?tab=details`);
  const fragment = new URLSearchParams(location.hash.slice(1));
  expect([...fragment.keys()]).toEqual(["access_token", "expires_at", "expires_in", "refresh_token", "sb", "token_type", "type"]);
  expect(fragment.get("token_type")).toBe("bearer");
  expect(fragment.get("type")).toBe("magiclink");
  expect(Number(fragment.get("expires_at"))).toBeGreaterThan(Date.now() / 1000);
  const me = await authApi("/user", { token: fragment.get("access_token")! });
  expect(((await me.json()) as { id: string }).id).toBe(user.id);

  // The same link again: back to the site with the error in the fragment, no session.
  const reused = await fetchApp(link);
  expect(reused.status).toBe(303);
  const failed = new URL(reused.headers.get("Location")!);
  expect(failed.pathname).toBe("/profile");
  expect(Object.fromEntries(new URLSearchParams(failed.hash.slice(1)))).toEqual({
    error: "access_denied",
    error_code: "otp_expired",
    error_description: "Email link is invalid or has expired",
    sb: "",
  });
});

test("GET /verify only redirects to this site: other origins fall back to the site URL, relative paths resolve on it", async () => {
  const check = async (redirectTo: string) => {
    const response = await fetchApp(`/auth/v1/verify?type=magiclink&token=${"0".repeat(64)}&redirect_to=${encodeURIComponent(redirectTo)}`);
    expect(response.status).toBe(303);
    const location = response.headers.get("Location")!;
    return location.slice(0, location.indexOf("#"));
  };
  expect(await check("https://evil.example/steal")).toBe(`${SITE}/`);
  expect(await check("//evil.example/steal")).toBe(`${SITE}/`);
  expect(await check("https://localhost.evil.example/")).toBe(`${SITE}/`);
  expect(await check("javascript:alert(1)")).toBe(`${SITE}/`);
  expect(await check("/learning")).toBe(`${SITE}/learning`);
  expect(await check(`${SITE}/auth?next=%2Fprofile`)).toBe(`${SITE}/auth?next=%2Fprofile`);
  expect(await check("http://localhost/auth")).toBe("http://localhost/auth");

  const missing = await fetchApp("/auth/v1/verify?type=magiclink");
  expect(missing.status).toBe(400);
  expect(await missing.json()).toMatchObject({ error_code: "validation_failed", msg: "Verify requires a token or a token hash" });
  const noType = await fetchApp("/auth/v1/verify?token=abc");
  expect(noType.status).toBe(400);
});

test("GET /verify confirms a sign-up from its confirmation link", { timeout: SLOW_TEST_MS }, async () => {
  const email = uniqueEmail("confirm-link");
  await authApi("/signup", { json: { email, password: TEST_PASSWORD } });
  const link = linkIn((await latestEmail(email, { subject: "Confirm your ClarityAI Coaching account" })).text_body);
  expect(link.searchParams.get("type")).toBe("signup");
  const response = await fetchApp(link);
  expect(response.status).toBe(303);
  const fragment = new URLSearchParams(new URL(response.headers.get("Location")!).hash.slice(1));
  expect(fragment.get("type")).toBe("signup");
  expect(await rowOf("SELECT email_confirmed_at IS NOT NULL AS confirmed FROM users WHERE email = ?", email)).toEqual({ confirmed: 1 });
  await signIn(email);
});

test("PKCE: the magic link redirects with ?code=, which auth-js exchanges for a session with its verifier", async () => {
  const user = await createUser({ email: uniqueEmail("pkce") });
  const auth = authClient({ flowType: "pkce" });
  expect((await auth.signInWithOtp({ email: user.email, options: { emailRedirectTo: `${SITE}/auth/callback` } })).error).toBeNull();
  const link = linkIn((await latestEmail(user.email, { subject: "Your ClarityAI Coaching sign-in code" })).text_body);
  const flow = await rowOf<{ code_challenge_method: string; authentication_method: string }>("SELECT * FROM flow_states WHERE user_id = ?", user.id);
  expect(flow).toMatchObject({ code_challenge_method: "s256", authentication_method: "magiclink" });
  expect(link.searchParams.get("token"), "pkce_ and a random 256-bit token").toMatch(/^pkce_[\w-]{43}$/);

  const response = await fetchApp(link);
  expect(response.status).toBe(303);
  const location = new URL(response.headers.get("Location")!);
  expect(location.pathname).toBe("/auth/callback");
  expect(location.hash).toBe("");
  const code = location.searchParams.get("code")!;
  expect(code).toMatch(/^[0-9a-f-]{36}$/);

  const { data, error } = await auth.exchangeCodeForSession(code);
  expect(error).toBeNull();
  expect(data.session?.user.id).toBe(user.id);
  expect(decodeJwt(data.session!.access_token).amr).toEqual([expect.objectContaining({ method: "magiclink" })]);

  // A link whose flow state is gone fails with the error in both the query and the fragment.
  await authClient({ flowType: "pkce" }).signInWithOtp({ email: user.email });
  const [second] = await waitForEmails(user.email, { subject: "Your ClarityAI Coaching sign-in code", count: 2 });
  await env.DB.prepare("DELETE FROM flow_states WHERE user_id = ?").bind(user.id).run();
  const orphan = linkIn(second!.text_body);
  const failed = new URL((await fetchApp(orphan)).headers.get("Location")!);
  expect(failed.searchParams.get("error_code")).toBe("flow_state_not_found");
  expect(new URLSearchParams(failed.hash.slice(1)).get("error")).toBe("invalid_request");
});

// ── POST /resend ─────────────────────────────────────────────────────────────────────────────

test("POST /resend validates its fields (SPEC §5) and resends a sign-up confirmation that replaces the old code", async () => {
  const email = uniqueEmail("resend");
  const cases: [unknown, string][] = [
    [{}, "You must provide either an email or phone number and a type"],
    [{ email }, "You must provide either an email or phone number and a type"],
    [{ type: "signup" }, "You must provide either an email or phone number and a type"],
    [{ email, type: "magiclink" }, "Missing one of these types: signup, email_change, sms, phone_change"],
    [{ phone: "+61412345678", type: "signup" }, "Type provided requires an email address"],
    [{ email, type: "sms" }, "Type provided requires a phone number"],
    [{ email, phone: "+61412345678", type: "email_change" }, "Only an email address or phone number should be provided."],
    [{ email: "bad", type: "signup" }, "Unable to validate email address: invalid format"],
    [{ email, type: 7 }, "Could not read type: expected a string"],
  ];
  for (const [body, message] of cases) {
    expect(await errorOf(await authApi("/resend", { json: body })), JSON.stringify(body)).toEqual({ status: 400, code: "validation_failed", message });
  }

  const auth = authClient();
  await auth.signUp({ email, password: TEST_PASSWORD });
  const firstCode = await emailedCode(email, { subject: "Confirm your ClarityAI Coaching account" });
  const resent = await auth.resend({ email, type: "signup" });
  expect(resent.error).toBeNull();
  const [second] = await waitForEmails(email, { subject: "Confirm your ClarityAI Coaching account", count: 2 });
  const secondCode = codeIn(second!.text_body);
  expect(secondCode, "a resend issues a new code").not.toBe(firstCode);
  expect((await auth.verifyOtp({ email, token: firstCode, type: "signup" })).error).toMatchObject({ code: "otp_expired" });
  const { data, error } = await auth.verifyOtp({ email, token: secondCode, type: "signup" });
  expect(error).toBeNull();
  expect(data.user?.email_confirmed_at).toMatch(ISO_TIMESTAMP);

  // Confirmed now: a further resend answers the same and sends nothing.
  const { flush } = holdJobs();
  expect((await auth.resend({ email, type: "signup" })).error).toBeNull();
  await flush();
  expect(await outboxTo(email, { subject: "Confirm your ClarityAI Coaching account" })).toHaveLength(2);
});

// ── POST /recover, PUT /user password ────────────────────────────────────────────────────────

test(
  "recovery with auth-js: resetPasswordForEmail → verifyOtp type recovery → updateUser password; other sessions end",
  { timeout: SLOW_TEST_MS },
  async () => {
    const user = await createUser({ email: uniqueEmail("recover") });
    const elsewhere = await signIn(user.email); // e.g. a laptop left signed in
    const auth = authClient();
    expect(await errorOf(await authApi("/recover", { json: {} }))).toEqual({
      status: 400,
      code: "validation_failed",
      message: "Password recovery requires an email",
    });

    const requested = await auth.resetPasswordForEmail(user.email, { redirectTo: `${SITE}/auth/reset` });
    expect(requested).toEqual({ data: {}, error: null });
    const message = await latestEmail(user.email, { subject: "Reset your ClarityAI Coaching password" });
    expect(linkIn(message.text_body).searchParams.get("redirect_to")).toBe(`${SITE}/auth/reset`);
    expect(await countRows("audit_log", "actor_id = ? AND action = 'user_recovery_requested'", user.id)).toBe(1);

    const events: string[] = [];
    auth.onAuthStateChange((event) => void events.push(event));
    const verified = await auth.verifyOtp({ email: user.email, token: codeIn(message.text_body), type: "recovery" });
    expect(verified.error).toBeNull();
    expect(events).toContain("PASSWORD_RECOVERY");

    const weak = await auth.updateUser({ password: "password123" });
    expect(weak.error).toMatchObject({ status: 422, code: "weak_password" });
    const same = await auth.updateUser({ password: TEST_PASSWORD });
    expect(same.error).toMatchObject({ status: 422, code: "same_password", message: "New password should be different from the old password." });

    const newPassword = "Fresh-Kettle-Morning-93";
    const updated = await auth.updateUser({ password: newPassword });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.id).toBe(user.id);
    expect(await countRows("audit_log", "actor_id = ? AND action = 'user_updated_password'", user.id)).toBe(1);
    expect(await outboxTo(user.email, { subject: "Your ClarityAI Coaching password was changed" })).toHaveLength(1);

    // The new password works, the old one does not, the laptop's session is over, this one lives on.
    await signIn(user.email, newPassword);
    expect((await authApi("/token?grant_type=password", { json: { email: user.email, password: TEST_PASSWORD } })).status).toBe(400);
    expect((await authApi("/token?grant_type=refresh_token", { json: { refresh_token: elsewhere.refresh_token } })).status).toBe(400);
    expect((await auth.getUser()).data.user?.id).toBe(user.id);
  },
);

// ── GET /reauthenticate and the nonce ────────────────────────────────────────────────────────

test("reauthenticate emails a code that updateUser takes as the nonce; an old session must use one", { timeout: SLOW_TEST_MS }, async () => {
  const user = await createUser({ email: uniqueEmail("reauth") });
  const auth = authClient();
  await auth.signInWithPassword({ email: user.email, password: TEST_PASSWORD });
  const session = (await auth.getSession()).data.session!;

  expect(await errorOf(await authApi("/reauthenticate"))).toMatchObject({ status: 401, code: "no_authorization" });
  expect(await auth.reauthenticate()).toEqual({ data: { user: null, session: null }, error: null });
  const message = await latestEmail(user.email, { subject: "Confirm it's you" });
  const nonce = codeIn(message.text_body);
  expect(await rowOf("SELECT reauthentication_sent_at IS NOT NULL AS sent FROM users WHERE id = ?", user.id)).toEqual({ sent: 1 });

  // A session signed in more than a day ago needs the code to change the password.
  await env.DB.prepare("UPDATE auth_sessions SET created_at = ? WHERE id = ?")
    .bind(new Date(Date.now() - 25 * 3600_000).toISOString(), decodeJwt(session.access_token).session_id)
    .run();
  const needed = await auth.updateUser({ password: "Another-Strong-Pass-61" });
  expect(needed.error).toMatchObject({ status: 400, code: "reauthentication_needed", message: "Password update requires reauthentication" });
  const wrong = await auth.updateUser({ password: "Another-Strong-Pass-61", nonce: nonce === "000000" ? "111111" : "000000" });
  expect(wrong.error).toMatchObject({ status: 422, code: "reauthentication_not_valid", message: "Nonce has expired or is invalid" });
  const done = await auth.updateUser({ password: "Another-Strong-Pass-61", nonce });
  expect(done.error).toBeNull();
  await signIn(user.email, "Another-Strong-Pass-61");
  // The code worked once.
  const replay = await auth.updateUser({ password: "Yet-Another-Pass-74", nonce });
  expect(replay.error).toMatchObject({ code: "reauthentication_not_valid" });
});

test("reauthenticate refuses an unconfirmed email", async () => {
  const email = uniqueEmail("reauth-unconfirmed");
  const user = await createUser({ email });
  const { access_token } = await signIn(email);
  await env.DB.prepare("UPDATE users SET email_confirmed_at = NULL WHERE id = ?").bind(user.id).run();
  expect(await errorOf(await authApi("/reauthenticate", { token: access_token }))).toEqual({
    status: 422,
    code: "email_not_confirmed",
    message: "Please verify your email first.",
  });
});

// ── PUT /user ────────────────────────────────────────────────────────────────────────────────

test("PUT /user merges data into user_metadata and keeps the profile's names in step; bad input writes nothing", { timeout: SLOW_TEST_MS }, async () => {
  const { email, session, ip } = await signedUpAndConfirmed();
  const token = session.access_token;
  const put = (body: unknown) => authApi("/user", { method: "PUT", ip, token, json: body });

  const cases: [unknown, number, string][] = [
    [{ data: "x" }, 400, "validation_failed"],
    [{ email: 5 }, 400, "validation_failed"],
    [{ email: "nope" }, 400, "validation_failed"],
    [{ phone: "abc" }, 400, "validation_failed"],
    [{ password: "short", data: { first_name: "Never" } }, 422, "weak_password"],
    [{ app_metadata: { roles: ["admin"] }, data: { first_name: "Never" } }, 403, "not_admin"],
    [{ data: { first_name: "Never", blob: "x".repeat(9000) } }, 400, "validation_failed"],
    ["{oops", 400, "bad_json"],
    [{ data: { blob: "x".repeat(70_000) } }, 413, "request_entity_too_large"],
  ];
  for (const [body, status, code] of cases) {
    expect(await errorOf(await put(body)), JSON.stringify(body).slice(0, 60)).toMatchObject({ status, code });
  }
  expect(await rowOf("SELECT user_metadata FROM users WHERE email = ?", email)).toEqual({
    user_metadata: JSON.stringify({ first_name: "Mia", last_name: "Tran" }),
  });
  expect(await errorOf(await authApi("/user", { method: "PUT", json: { data: {} } }))).toMatchObject({ status: 401 });

  const response = await put({ data: { first_name: "Mya", last_name: null, business: "Tran Plumbing" } });
  expect(response.status).toBe(200);
  const user = (await response.json()) as { id: string; email: string; user_metadata: Json; identities: unknown[] };
  expect(user).toMatchObject({ email, user_metadata: { first_name: "Mya", business: "Tran Plumbing" } });
  expect(user.user_metadata).not.toHaveProperty("last_name");
  expect(user.identities).toHaveLength(1);
  expect(await rowOf("SELECT first_name, last_name FROM profiles WHERE user_id = ?", user.id)).toEqual({ first_name: "Mya", last_name: null });
  expect(await countRows("audit_log", "actor_id = ? AND action = 'user_modified'", user.id)).toBe(1);
});

test("changing email: codes go to the new and the current address, and the change completes once both are confirmed", { timeout: SLOW_TEST_MS }, async () => {
  const user = await createUser({ email: uniqueEmail("old") });
  const taken = await createUser({ email: uniqueEmail("taken") });
  const newEmail = uniqueEmail("new");
  const auth = authClient();
  await auth.signInWithPassword({ email: user.email, password: TEST_PASSWORD });

  const clash = await auth.updateUser({ email: taken.email });
  expect(clash.error).toMatchObject({ status: 422, code: "email_exists", message: "A user with this email address has already been registered" });

  const requested = await auth.updateUser({ email: newEmail.toUpperCase() }, { emailRedirectTo: `${SITE}/profile` });
  expect(requested.error).toBeNull();
  expect(requested.data.user).toMatchObject({ email: user.email, new_email: newEmail });
  const toNew = await latestEmail(newEmail, { subject: "Confirm your new email address" });
  const toCurrent = await latestEmail(user.email, { subject: "Confirm the change of your email address" });
  expect(toCurrent.text_body).toContain(newEmail);
  expect(linkIn(toNew.text_body).searchParams.get("type")).toBe("email_change");

  // The new address alone is not enough…
  const first = await auth.verifyOtp({ email: newEmail, token: codeIn(toNew.text_body), type: "email_change" });
  expect(first).toEqual({ data: { user: null, session: null }, error: null });
  expect(await rowOf("SELECT email FROM users WHERE id = ?", user.id)).toEqual({ email: user.email });

  // …the current address approves it, and the account moves over.
  const second = await authApi("/verify", { json: { type: "email_change", email: user.email, token: codeIn(toCurrent.text_body) } });
  expect(second.status).toBe(200);
  const session = (await second.json()) as Session & { user: { email: string; new_email?: string; identities: { email: string; identity_data: Json }[] } };
  expect(session.user.email).toBe(newEmail);
  expect(session.user.new_email).toBeUndefined();
  expect(session.user.identities[0]).toMatchObject({ email: newEmail, identity_data: { email: newEmail, email_verified: true } });
  expect(await outboxTo(user.email, { subject: "Your ClarityAI Coaching email address was changed" })).toHaveLength(1);
  await signIn(newEmail);
});

test("an email-change confirmation link: the first of the two redirects with GoTrue's message", { timeout: SLOW_TEST_MS }, async () => {
  const user = await createUser({ email: uniqueEmail("old-link") });
  const newEmail = uniqueEmail("new-link");
  const { access_token } = await signIn(user.email);
  expect((await authApi("/user", { method: "PUT", token: access_token, json: { email: newEmail } })).status).toBe(200);
  const link = linkIn((await latestEmail(newEmail, { subject: "Confirm your new email address" })).text_body);
  const response = await fetchApp(link);
  expect(response.status).toBe(303);
  expect(new URLSearchParams(new URL(response.headers.get("Location")!).hash.slice(1)).get("message")).toBe(
    "Confirmation link accepted. Please proceed to confirm link sent to the other email",
  );
  const currentLink = linkIn((await latestEmail(user.email, { subject: "Confirm the change of your email address" })).text_body);
  const done = await fetchApp(currentLink);
  expect(new URLSearchParams(new URL(done.headers.get("Location")!).hash.slice(1)).get("type")).toBe("email_change");
  expect(await rowOf("SELECT email FROM users WHERE id = ?", user.id)).toEqual({ email: newEmail });
});

test("resend type email_change sends both codes again", { timeout: SLOW_TEST_MS }, async () => {
  // The resend's queue job runs here, not on the background consumer (which a busy machine can hold up).
  const { flush } = holdJobs();
  const user = await createUser({ email: uniqueEmail("old-resend") });
  const newEmail = uniqueEmail("new-resend");
  const { access_token } = await signIn(user.email);
  const change = await authApi("/user", { method: "PUT", token: access_token, json: { email: newEmail } });
  expect(change.status, await change.clone().text()).toBe(200);
  expect(await outboxTo(newEmail, { subject: "Confirm your new email address" })).toHaveLength(1);
  const resent = await authApi("/resend", { json: { email: user.email, type: "email_change" } });
  expect(resent.status, await resent.clone().text()).toBe(200);
  await flush();
  expect(await outboxTo(newEmail, { subject: "Confirm your new email address" })).toHaveLength(2);
  expect(await outboxTo(user.email, { subject: "Confirm the change of your email address" })).toHaveLength(2);
});

test("changing phone: a code to the new number, verified with type phone_change", { timeout: SLOW_TEST_MS }, async () => {
  const user = await createUser({ email: uniqueEmail("phone-change") });
  const phone = `+614${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
  const auth = authClient();
  await auth.signInWithPassword({ email: user.email, password: TEST_PASSWORD });
  const requested = await auth.updateUser({ phone });
  expect(requested.error).toBeNull();
  expect(requested.data.user).toMatchObject({ new_phone: phone.slice(1) });
  const code = await emailedCode(`sms:${phone}`);
  const { data, error } = await auth.verifyOtp({ phone, token: code, type: "phone_change" });
  expect(error).toBeNull();
  expect(data.user).toMatchObject({ phone: phone.slice(1), email: user.email });
  expect(data.user?.phone_confirmed_at).toMatch(ISO_TIMESTAMP);
  expect(data.user?.identities?.map((i) => i.provider).sort()).toEqual(["email", "phone"]);
});

test("with a verified MFA factor, changing password or email needs an aal2 session; metadata does not", { timeout: SLOW_TEST_MS }, async () => {
  const user = await createUser({ email: uniqueEmail("mfa") });
  const { access_token } = await signIn(user.email);
  await env.DB.prepare("INSERT INTO mfa_factors (id, user_id, friendly_name, factor_type, status, secret) VALUES (?, ?, 'Phone app', 'totp', 'verified', 'X')")
    .bind(crypto.randomUUID(), user.id)
    .run();
  const put = (body: unknown) => authApi("/user", { method: "PUT", token: access_token, json: body });
  for (const body of [{ password: "Brand-New-Password-88" }, { email: uniqueEmail("mfa-new") }, { phone: "+61400000001" }]) {
    expect(await errorOf(await put(body))).toEqual({
      status: 401,
      code: "insufficient_aal",
      message: "AAL2 session is required to update email or password when MFA is enabled.",
    });
  }
  expect((await put({ data: { plan: "pro" } })).status).toBe(200);
  await signIn(user.email); // the password is unchanged

  await env.DB.prepare("UPDATE auth_sessions SET aal = 'aal2' WHERE id = ?").bind(decodeJwt(access_token).session_id).run();
  expect((await put({ password: "Brand-New-Password-88" })).status).toBe(200);
  await signIn(user.email, "Brand-New-Password-88");
});

// ── Queue jobs: email.send and user.onboarding ───────────────────────────────────────────────

test("email.send without a provider key marks the row stored, once, however often it is delivered", async () => {
  const id = await createOutboxEmail();
  const fetchSpy = vi.spyOn(globalThis, "fetch");
  expect((await deliverJobs([{ type: "email.send", version: 1, outboxId: id }])).explicitAcks).toHaveLength(1);
  expect((await deliverJobs([{ type: "email.send", version: 1, outboxId: id }])).explicitAcks).toHaveLength(1);
  expect(await rowOf("SELECT status, provider, sent_at FROM email_outbox WHERE id = ?", id)).toEqual({ status: "stored", provider: "outbox", sent_at: null });
  expect(fetchSpy).not.toHaveBeenCalled();
  // A row deleted since (its account was deleted) is simply acknowledged.
  expect((await deliverJobs([{ type: "email.send", version: 1, outboxId: crypto.randomUUID() }])).explicitAcks).toHaveLength(1);
});

test("email.send with a provider key sends once (idempotency key = outbox id), and a provider failure is retried", async () => {
  const errors = allowConsoleErrors();
  const withKey = { ...env, EMAIL_API_KEY: "re_test_key" } as Env;
  const id = await createOutboxEmail({ to: "someone@example.com.au" });
  const provider = vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(new Response("unavailable", { status: 503 }));

  const failed = await deliverJobs([{ type: "email.send", version: 1, outboxId: id }], { bindings: withKey });
  expect(failed.retryMessages).toHaveLength(1);
  expect(errors).toEqual([expect.stringContaining("Email provider answered 503")]);
  expect(await rowOf("SELECT status FROM email_outbox WHERE id = ?", id)).toEqual({ status: "pending" });

  provider.mockResolvedValue(new Response(JSON.stringify({ id: "re_1" }), { status: 200 }));
  expect((await deliverJobs([{ type: "email.send", version: 1, outboxId: id }], { bindings: withKey })).explicitAcks).toHaveLength(1);
  expect((await deliverJobs([{ type: "email.send", version: 1, outboxId: id }], { bindings: withKey })).explicitAcks).toHaveLength(1);
  expect(provider).toHaveBeenCalledTimes(2); // the failure and the one success
  const [url, init] = provider.mock.calls[1]!;
  expect(url).toBe("https://api.resend.com/emails");
  expect(new Headers(init?.headers).get("idempotency-key")).toBe(`outbox-${id}`);
  expect(JSON.parse(String(init?.body))).toEqual({
    from: "ClarityAI Coaching <hello@clarityai.com.au>",
    to: ["someone@example.com.au"],
    subject: "Hello",
    text: "Body",
  });
  const row = await rowOf<{ status: string; provider: string; sent_at: string }>("SELECT status, provider, sent_at FROM email_outbox WHERE id = ?", id);
  expect(row).toMatchObject({ status: "sent", provider: "resend" });
  expect(row?.sent_at).toMatch(ISO_TIMESTAMP);
});

test("email.send never hands a text message to the email provider", async () => {
  const id = await createOutboxEmail({ to: "sms:+61412345678" });
  const provider = vi.spyOn(globalThis, "fetch");
  await deliverJobs([{ type: "email.send", version: 1, outboxId: id }], { bindings: { ...env, EMAIL_API_KEY: "re_test_key" } as Env });
  expect(provider).not.toHaveBeenCalled();
  expect(await rowOf("SELECT status FROM email_outbox WHERE id = ?", id)).toEqual({ status: "stored" });
});

test("user.onboarding queues one warm welcome per user, even when the job runs twice", async () => {
  const user = await createUser({ email: uniqueEmail("welcome") });
  const job = { type: "user.onboarding", version: 1, userId: user.id, email: user.email, firstName: "Test", lastName: "User" };
  expect((await deliverJobs([job])).explicitAcks).toHaveLength(1);
  expect((await deliverJobs([job])).explicitAcks).toHaveLength(1);
  const rows = await outboxTo(user.email, { subject: "Welcome to ClarityAI Coaching" });
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ dedupe_key: `onboarding:${user.id}`, status: "stored" });
  const text = rows[0]!.text_body;
  expect(text).toMatch(/^Hi Test,/);
  expect(text).toContain("Book your free 20-minute discovery call");
  expect(text).toContain(`${SITE}/booking`);
  expect(text).toContain("Complete your profile");
  expect(text).toContain(`${SITE}/profile`);
  expect(text).toContain("Explore ClarityAI");
  expect(text).toContain(`${SITE}/services/clarityai`);
  expect(text).toContain("ClarityAI Coaching · ABN");

  // An account deleted before the job runs gets nothing.
  const gone = { ...job, userId: crypto.randomUUID(), email: uniqueEmail("gone") };
  expect((await deliverJobs([gone])).explicitAcks).toHaveLength(1);
  expect(await outboxTo(gone.email)).toEqual([]);
});

test("auth.message is safe to retry: a redelivered job sends nothing twice, and a provider failure resends the recorded code", async () => {
  const errors = allowConsoleErrors();
  const user = await createUser({ email: uniqueEmail("job-retry") });
  const job = {
    type: "auth.message",
    version: 1,
    requestId: crypto.randomUUID(),
    flow: "recovery",
    channel: "email",
    address: user.email,
    redirectTo: `${SITE}/auth`,
  };
  expect((await deliverJobs([job])).explicitAcks).toHaveLength(1);
  expect((await deliverJobs([job])).explicitAcks).toHaveLength(1);
  const [sent, ...more] = await outboxTo(user.email, { subject: "Reset your ClarityAI Coaching password" });
  expect(more).toEqual([]);
  expect(sent).toMatchObject({ dedupe_key: `auth-message:${job.requestId}:recovery`, status: "stored" });

  // With a provider that fails once: the retry delivers the email recorded the first time, whose code works.
  const withKey = { ...env, EMAIL_API_KEY: "re_test_key" } as Env;
  const provider = vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(new Response("unavailable", { status: 503 }));
  const failing = { ...job, requestId: crypto.randomUUID() };
  expect((await deliverJobs([failing], { bindings: withKey })).retryMessages).toHaveLength(1);
  expect(errors).toEqual([expect.stringContaining("Email provider answered 503")]);
  provider.mockResolvedValue(new Response(JSON.stringify({ id: "re_2" }), { status: 200 }));
  expect((await deliverJobs([failing], { bindings: withKey })).explicitAcks).toHaveLength(1);
  const rows = await outboxTo(user.email, { subject: "Reset your ClarityAI Coaching password" });
  expect(rows).toHaveLength(2);
  expect(rows[0]).toMatchObject({ dedupe_key: `auth-message:${failing.requestId}:recovery`, status: "sent" });
  const verified = await authApi("/verify", { json: { type: "recovery", email: user.email, token: codeIn(rows[0]!.text_body) } });
  expect(verified.status).toBe(200);

  // Nothing for an address without an account, and a malformed job is dropped.
  const nobody = uniqueEmail("job-nobody");
  expect((await deliverJobs([{ ...job, requestId: crypto.randomUUID(), address: nobody }])).explicitAcks).toHaveLength(1);
  expect(await outboxTo(nobody)).toEqual([]);
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  expect((await deliverJobs([{ ...job, requestId: "not-a-uuid" }])).explicitAcks).toHaveLength(1);
  expect(warn).toHaveBeenCalledWith("jobs: dropped invalid message", expect.anything());
});
