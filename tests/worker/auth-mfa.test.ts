import { AuthClient } from "@supabase/auth-js";
import { env } from "cloudflare:workers";
import { decodeJwt } from "jose";
import { expect, test, vi } from "vitest";
import { generateTotp, timeStep } from "~/auth/totp";
import { TEST_PASSWORD, apiSession, createUser, signIn, uniqueEmail } from "../factories/users";
import { ISO_TIMESTAMP, authApi, countRows, fetchApp, testClientIp } from "./app";

// MFA through the GoTrue-compatible API: enrol, challenge, verify (→ aal2), unenrol, with both raw
// requests and the real @supabase/auth-js client. A challenge must be verified from the address
// that asked for it, so each test uses one client address of its own.

// Each test signs in a few times, and every sign-in is a deliberately slow scrypt check.
vi.setConfig({ testTimeout: 20_000 });

type Session = { access_token: string; refresh_token: string; user: { id: string; factors?: { id: string; status: string; factor_type: string }[] } };
type EnrolResponse = { id: string; type: string; friendly_name: string; totp: { qr_code: string; secret: string; uri: string } };

/** auth-js against this Worker, as one client address (MFA challenges are bound to it). */
function mfaClient(ip = testClientIp()) {
  return new AuthClient({
    url: "http://localhost/auth/v1",
    headers: { apikey: "test-anon-key" },
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      request.headers.set("CF-Connecting-IP", ip);
      return fetchApp(request);
    },
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });
}

/** A signed-in user (aal1) at this test's address (a `label` gives another address). */
async function signedInUser(label = "") {
  const user = await createUser();
  const session = await apiSession(user);
  return { ...user, session: session as Session, token: session.access_token, ip: testClientIp(label) };
}

async function enrolTotp(token: string, ip: string, body: Record<string, unknown> = { factor_type: "totp", friendly_name: "Phone app" }) {
  const response = await authApi("/factors", { token, ip, json: body });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as EnrolResponse;
}

async function challenge(token: string, ip: string, factorId: string) {
  const response = await authApi(`/factors/${factorId}/challenge`, { token, ip, json: {} });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { id: string; type: string; expires_at: number };
}

/** The code an authenticator app shows (now, or at another moment for the next step's code). */
async function codeFor(secret: string, at = Date.now()) {
  return generateTotp(secret, at);
}

async function elevate(token: string, ip: string, factorId: string, secret: string) {
  const { id } = await challenge(token, ip, factorId);
  const response = await authApi(`/factors/${factorId}/verify`, { token, ip, json: { challenge_id: id, code: await codeFor(secret) } });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Session;
}

async function auditCount(userId: string, action: string) {
  return countRows("audit_log", "actor_id = ? AND action = ?", userId, action);
}

test("enrolling a TOTP factor returns GoTrue's shape: id, type, friendly_name, QR code SVG, 160-bit secret, otpauth URI", async () => {
  const { id: userId, email, token, ip } = await signedInUser();
  const factor = await enrolTotp(token, ip);
  expect(factor).toMatchObject({ type: "totp", friendly_name: "Phone app" });
  expect(factor.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
  const uri = new URL(factor.totp.uri);
  expect(uri.protocol).toBe("otpauth:");
  expect(uri.host).toBe("totp");
  expect(decodeURIComponent(uri.pathname)).toBe(`/ClarityAI Coaching:${email}`);
  expect(factor.totp.uri.startsWith(`otpauth://totp/ClarityAI%20Coaching:${email}?`)).toBe(true);
  expect(uri.searchParams.get("secret")).toBe(factor.totp.secret);
  expect(uri.searchParams.get("issuer")).toBe("ClarityAI Coaching");
  // Raw SVG as GoTrue sends it (auth-js prefixes the data: URI), safe to embed in a data URI as-is.
  expect(factor.totp.qr_code).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox="0 0 (\d+) \1"/);
  expect(factor.totp.qr_code).not.toMatch(/[#%]/);
  expect(factor.totp.qr_code.endsWith("</svg>")).toBe(true);

  const row = await env.DB.prepare("SELECT status, factor_type, friendly_name, secret FROM mfa_factors WHERE id = ?").bind(factor.id).first();
  expect(row).toEqual({ status: "unverified", factor_type: "totp", friendly_name: "Phone app", secret: factor.totp.secret });
  expect(await auditCount(userId, "factor_enrolled")).toBe(1);
  const detail = await env.DB.prepare("SELECT detail FROM audit_log WHERE actor_id = ? AND action = 'factor_enrolled'").bind(userId).first<string>("detail");
  expect(detail).not.toContain(email);
  expect(detail).not.toContain(factor.totp.secret);

  // A custom issuer replaces the default one.
  const custom = await enrolTotp(token, ip, { factor_type: "totp", friendly_name: "Other", issuer: "Acme Pty Ltd" });
  expect(new URL(custom.totp.uri).searchParams.get("issuer")).toBe("Acme Pty Ltd");
});

test("challenge and verify with the TOTP code: the factor becomes verified and the session rises to aal2", async () => {
  const { id: userId, token, ip, session } = await signedInUser();
  expect(decodeJwt(token)).toMatchObject({ aal: "aal1" });
  const factor = await enrolTotp(token, ip);
  const before = Math.floor(Date.now() / 1000);
  const issued = await challenge(token, ip, factor.id);
  expect(issued).toMatchObject({ type: "totp" });
  expect(issued.expires_at).toBeGreaterThanOrEqual(before + 299);
  expect(issued.expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 300);

  const response = await authApi(`/factors/${factor.id}/verify`, { token, ip, json: { challenge_id: issued.id, code: await codeFor(factor.totp.secret) } });
  expect(response.status).toBe(200);
  const elevated = (await response.json()) as Session & { token_type: string; expires_in: number };
  expect(elevated.token_type).toBe("bearer");
  expect(elevated.refresh_token).not.toBe(session.refresh_token);
  const claims = decodeJwt(elevated.access_token) as { aal: string; amr: { method: string }[]; session_id: string };
  expect(claims.aal).toBe("aal2");
  expect(claims.amr.map((a) => a.method)).toEqual(["password", "totp"]);
  expect(claims.session_id).toBe((decodeJwt(token) as { session_id: string }).session_id);
  expect(elevated.user.factors).toEqual([expect.objectContaining({ id: factor.id, status: "verified", factor_type: "totp" })]);
  expect(await env.DB.prepare("SELECT verified_at FROM mfa_challenges WHERE id = ?").bind(issued.id).first("verified_at")).toMatch(ISO_TIMESTAMP);
  expect(await auditCount(userId, "factor_verified")).toBe(1);

  // The old refresh token of the aal1 session no longer works; the new one does.
  const refreshed = await authApi("/token?grant_type=refresh_token", { ip, json: { refresh_token: elevated.refresh_token } });
  expect(refreshed.status).toBe(200);
  expect(decodeJwt(((await refreshed.json()) as Session).access_token)).toMatchObject({ aal: "aal2" });
});

test("a wrong code, a used challenge, a replayed code and another address are refused", async () => {
  const { token, ip } = await signedInUser();
  const factor = await enrolTotp(token, ip);
  const code = await codeFor(factor.totp.secret);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  const first = await challenge(token, ip, factor.id);
  const bad = await authApi(`/factors/${factor.id}/verify`, { token, ip, json: { challenge_id: first.id, code: wrong } });
  expect(bad.status).toBe(422);
  expect(await bad.json()).toEqual({ code: "mfa_verification_failed", message: "Invalid TOTP code entered" });
  expect(await env.DB.prepare("SELECT status FROM mfa_factors WHERE id = ?").bind(factor.id).first("status")).toBe("unverified");

  // A challenge answered from another address is refused (GoTrue binds it to the IP).
  const elsewhere = await authApi(`/factors/${factor.id}/verify`, { token, ip: testClientIp("elsewhere"), json: { challenge_id: first.id, code } });
  expect(elsewhere.status).toBe(422);
  expect(await elsewhere.json()).toEqual({ code: "mfa_ip_address_mismatch", message: "Challenge and verify IP addresses mismatch." });

  const ok = await authApi(`/factors/${factor.id}/verify`, { token, ip, json: { challenge_id: first.id, code } });
  expect(ok.status).toBe(200);
  const { access_token: aal2 } = (await ok.json()) as Session;

  // The same challenge cannot be answered twice.
  const again = await authApi(`/factors/${factor.id}/verify`, { token: aal2, ip, json: { challenge_id: first.id, code } });
  expect(again.status).toBe(422);
  expect(((await again.json()) as { code: string }).code).toBe("mfa_ip_address_mismatch");

  // Nor can the same code be used again on a fresh challenge while it is still inside its window.
  const second = await challenge(aal2, ip, factor.id);
  const replay = await authApi(`/factors/${factor.id}/verify`, { token: aal2, ip, json: { challenge_id: second.id, code } });
  expect(replay.status).toBe(422);
  expect(await replay.json()).toEqual({ code: "mfa_verification_failed", message: "Invalid TOTP code entered" });
  const step = timeStep(Date.now());
  expect(await env.DB.prepare("SELECT last_totp_step FROM mfa_factors WHERE id = ?").bind(factor.id).first<number>("last_totp_step")).toBeGreaterThanOrEqual(
    step - 1,
  );
});

test("an expired challenge (older than 5 minutes) is refused with mfa_challenge_expired and removed", async () => {
  const { token, ip } = await signedInUser();
  const factor = await enrolTotp(token, ip);
  const issued = await challenge(token, ip, factor.id);
  const sixMinutesAgo = new Date(Date.now() - 6 * 60_000).toISOString();
  await env.DB.prepare("UPDATE mfa_challenges SET created_at = ? WHERE id = ?").bind(sixMinutesAgo, issued.id).run();
  const response = await authApi(`/factors/${factor.id}/verify`, { token, ip, json: { challenge_id: issued.id, code: await codeFor(factor.totp.secret) } });
  expect(response.status).toBe(422);
  expect(await response.json()).toEqual({
    code: "mfa_challenge_expired",
    message: `MFA challenge ${issued.id} has expired, verify against another challenge or create a new challenge.`,
  });
  expect(await countRows("mfa_challenges", "id = ?", issued.id)).toBe(0);
  expect(await env.DB.prepare("SELECT status FROM mfa_factors WHERE id = ?").bind(factor.id).first("status")).toBe("unverified");
});

test("auth-js: sign up, confirm, enroll, challenge, verify, getAuthenticatorAssuranceLevel before and after; listFactors", async () => {
  // The whole path a new user takes: sign-up, the 6-digit code from the outbox, then password sign-in.
  const email = uniqueEmail("mfa");
  const client = mfaClient();
  const { error: signUpError } = await client.signUp({ email, password: TEST_PASSWORD });
  expect(signUpError).toBeNull();
  const mail = await env.DB.prepare("SELECT text_body FROM email_outbox WHERE to_address = ? ORDER BY created_at DESC").bind(email).first<string>("text_body");
  const confirmation = /\b(\d{6})\b/.exec(mail ?? "")?.[1];
  expect(confirmation).toBeDefined();
  const { error: confirmError } = await client.verifyOtp({ type: "signup", email, token: confirmation! });
  expect(confirmError).toBeNull();
  const { data: signedIn, error: signInError } = await client.signInWithPassword({ email, password: TEST_PASSWORD });
  expect(signInError).toBeNull();
  const token = signedIn.session!.access_token;

  const beforeAal = await client.mfa.getAuthenticatorAssuranceLevel(token);
  expect(beforeAal.error).toBeNull();
  expect(beforeAal.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1" });

  const { data: enrolled, error: enrolError } = await client.mfa.enroll({ factorType: "totp", friendlyName: "Authenticator" });
  expect(enrolError).toBeNull();
  expect(enrolled!.type).toBe("totp");
  expect(enrolled!.friendly_name).toBe("Authenticator");
  // auth-js turns GoTrue's raw SVG into the data URI apps put in an <img>.
  expect(enrolled!.totp.qr_code.startsWith("data:image/svg+xml;utf-8,<svg")).toBe(true);

  // An unverified factor does not yet raise the next level.
  const listed = await client.mfa.listFactors();
  expect(listed.error).toBeNull();
  expect(listed.data!.all.map((f) => f.id)).toEqual([enrolled!.id]);
  expect(listed.data!.totp).toEqual([]);

  const { data: issued, error: challengeError } = await client.mfa.challenge({ factorId: enrolled!.id });
  expect(challengeError).toBeNull();
  const { data: verified, error: verifyError } = await client.mfa.verify({
    factorId: enrolled!.id,
    challengeId: issued!.id,
    code: await codeFor(enrolled!.totp.secret),
  });
  expect(verifyError).toBeNull();
  expect(decodeJwt(verified!.access_token)).toMatchObject({ aal: "aal2" });

  const afterAal = await client.mfa.getAuthenticatorAssuranceLevel(verified!.access_token);
  expect(afterAal.data).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
  expect(afterAal.data!.currentAuthenticationMethods.map((m) => (typeof m === "string" ? m : m.method))).toEqual(["password", "totp"]);

  const after = await client.mfa.listFactors();
  expect(after.data!.totp.map((f) => f.id)).toEqual([enrolled!.id]);
  expect(after.data!.all[0]).toMatchObject({ status: "verified", factor_type: "totp", friendly_name: "Authenticator" });
});

test("sign-in with MFA: password gives aal1 with nextLevel aal2, then challengeAndVerify gives aal2", async () => {
  const { email, token, ip } = await signedInUser();
  const factor = await enrolTotp(token, ip);
  await elevate(token, ip, factor.id, factor.totp.secret);

  const client = mfaClient();
  const { data, error } = await client.signInWithPassword({ email, password: TEST_PASSWORD });
  expect(error).toBeNull();
  const aal1 = data.session!.access_token;
  expect(decodeJwt(aal1)).toMatchObject({ aal: "aal1" });
  const levels = await client.mfa.getAuthenticatorAssuranceLevel(aal1);
  expect(levels.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
  // The client finds the verified factor on the user, as the sign-in page does.
  const verifiedFactor = data.user!.factors!.find((f) => f.status === "verified")!;
  expect(verifiedFactor.id).toBe(factor.id);

  // The next step's code: the step used to verify enrolment is spent.
  const { data: stepped, error: stepError } = await client.mfa.challengeAndVerify({
    factorId: factor.id,
    code: await codeFor(factor.totp.secret, Date.now() + 30_000),
  });
  expect(stepError).toBeNull();
  const claims = decodeJwt(stepped!.access_token) as { aal: string; amr: { method: string }[] };
  expect(claims.aal).toBe("aal2");
  expect(claims.amr.map((a) => a.method)).toEqual(["password", "totp"]);
});

test("verifying a factor ends the user's other sessions still at aal1", async () => {
  const { email, token, ip } = await signedInUser();
  const other = await signIn(email);
  const factor = await enrolTotp(token, ip);
  await elevate(token, ip, factor.id, factor.totp.secret);
  const user = await authApi("/user", { token: other.access_token, ip });
  expect(user.status).toBe(403);
  expect(((await user.json()) as { code: string }).code).toBe("session_not_found");
});

test("unenrolling a verified factor is refused at aal1 (insufficient_aal) and allowed at aal2", async () => {
  const { id: userId, email, token, ip } = await signedInUser();
  const factor = await enrolTotp(token, ip);
  const { access_token: aal2 } = await elevate(token, ip, factor.id, factor.totp.secret);

  // A fresh password sign-in is aal1: it may not strip the verified factor.
  const client = mfaClient(ip);
  const { data } = await client.signInWithPassword({ email, password: TEST_PASSWORD });
  const refused = await client.mfa.unenroll({ factorId: factor.id });
  expect(refused.error).not.toBeNull();
  expect(refused.error!.status).toBe(422);
  expect(refused.error!.code).toBe("insufficient_aal");
  expect(refused.error!.message).toBe("AAL2 required to unenroll verified factor");
  expect(await countRows("mfa_factors", "id = ?", factor.id)).toBe(1);
  expect(data.session).not.toBeNull();

  // At aal2 (auth-js after challengeAndVerify) it goes, and the elevated session drops to aal1.
  const { error: verifyError } = await client.mfa.challengeAndVerify({ factorId: factor.id, code: await codeFor(factor.totp.secret, Date.now() + 30_000) });
  expect(verifyError).toBeNull();
  const removed = await client.mfa.unenroll({ factorId: factor.id });
  expect(removed.error).toBeNull();
  expect(removed.data).toEqual({ id: factor.id });
  expect(await countRows("mfa_factors", "id = ?", factor.id)).toBe(0);
  expect(await countRows("mfa_challenges", "factor_id = ?", factor.id)).toBe(0);
  expect(await auditCount(userId, "factor_unenrolled")).toBe(1);
  const sessionId = (decodeJwt(aal2) as { session_id: string }).session_id;
  const downgraded = await env.DB.prepare("SELECT aal, amr, factor_id FROM auth_sessions WHERE id = ?")
    .bind(sessionId)
    .first<{ aal: string; amr: string; factor_id: string | null }>();
  expect(downgraded!.aal).toBe("aal1");
  expect(downgraded!.factor_id).toBeNull();
  expect((JSON.parse(downgraded!.amr) as { method: string }[]).map((a) => a.method)).toEqual(["password"]);
  // The downgrade shows in the next token: after a refresh the session is aal1, with nothing above it.
  const { data: refreshed, error: refreshError } = await client.refreshSession();
  expect(refreshError).toBeNull();
  const levels = await client.mfa.getAuthenticatorAssuranceLevel(refreshed.session!.access_token);
  expect(levels.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1" });
  const listed = await client.mfa.listFactors();
  expect(listed.data!.all).toEqual([]);
});

test("an unverified factor can be unenrolled at aal1", async () => {
  const { token, ip } = await signedInUser();
  const factor = await enrolTotp(token, ip);
  const response = await authApi(`/factors/${factor.id}`, { method: "DELETE", token, ip });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ id: factor.id });
  expect(await countRows("mfa_factors", "id = ?", factor.id)).toBe(0);
});

test("a user cannot see, challenge, verify or unenroll another user's factor (404)", async () => {
  const owner = await signedInUser();
  const factor = await enrolTotp(owner.token, owner.ip);
  const stranger = await signedInUser("stranger");
  for (const [method, path, body] of [
    ["POST", `/factors/${factor.id}/challenge`, {}],
    ["POST", `/factors/${factor.id}/verify`, { challenge_id: crypto.randomUUID(), code: "123456" }],
    ["DELETE", `/factors/${factor.id}`, undefined],
  ] as const) {
    const response = await authApi(path, { method, token: stranger.token, ip: stranger.ip, json: body });
    expect(response.status, `${method} ${path}`).toBe(404);
    expect(await response.json()).toEqual({ code: "mfa_factor_not_found", message: "Factor not found" });
  }
  expect(await countRows("mfa_factors", "id = ?", factor.id)).toBe(1);
  expect(await countRows("mfa_challenges", "factor_id = ?", factor.id)).toBe(0);

  const unknown = await authApi(`/factors/${crypto.randomUUID()}/challenge`, { token: owner.token, ip: owner.ip, json: {} });
  expect(unknown.status).toBe(404);
  const notUuid = await authApi("/factors/not-a-uuid", { method: "DELETE", token: owner.token, ip: owner.ip });
  expect(notUuid.status).toBe(404);
  expect(await notUuid.json()).toEqual({ code: "validation_failed", message: "factor_id must be an UUID" });
});

test("every factor endpoint needs a valid bearer token", async () => {
  const ip = testClientIp();
  const id = crypto.randomUUID();
  for (const [method, path] of [
    ["POST", "/factors"],
    ["POST", `/factors/${id}/challenge`],
    ["POST", `/factors/${id}/verify`],
    ["DELETE", `/factors/${id}`],
  ] as const) {
    const anonymous = await authApi(path, { method, ip, json: method === "POST" ? { factor_type: "totp" } : undefined });
    expect(anonymous.status, `${method} ${path}`).toBe(401);
    expect(((await anonymous.json()) as { code: string }).code).toBe("no_authorization");
    const forged = await authApi(path, { method, ip, token: "not.a.jwt", json: method === "POST" ? { factor_type: "totp" } : undefined });
    expect(forged.status, `${method} ${path}`).toBe(403);
  }
});

test("bad enrolment input is 4xx with GoTrue's messages and writes nothing", async () => {
  const { id: userId, token, ip } = await signedInUser();
  const cases: [body: unknown, status: number, code: string, message?: string][] = [
    [{}, 400, "validation_failed", "factor_type needs to be totp, phone, or webauthn"],
    [{ factor_type: "sms" }, 400, "validation_failed", "factor_type needs to be totp, phone, or webauthn"],
    [{ factor_type: 1 }, 400, "validation_failed"],
    [{ factor_type: "totp", friendly_name: ["x"] }, 400, "validation_failed"],
    [{ factor_type: "totp", issuer: { a: 1 } }, 400, "validation_failed"],
    [{ factor_type: "webauthn" }, 422, "mfa_webauthn_enroll_not_enabled", "MFA enroll is disabled for WebAuthn"],
    [{ factor_type: "phone" }, 400, "validation_failed", "Phone number required to enroll Phone factor"],
    [{ factor_type: "phone", phone: "0412 345 678" }, 400, "validation_failed", "Invalid phone number format (E.164 required)"],
    [{ factor_type: "phone", phone: "+61 4abc" }, 400, "validation_failed", "Invalid phone number format (E.164 required)"],
    [{ factor_type: "totp", issuer: "x".repeat(3000) }, 400, "validation_failed"],
    ["{not json", 400, "bad_json"],
    ["[1,2]", 400, "bad_json"],
    ['"totp"', 400, "bad_json"],
  ];
  for (const [body, status, code, message] of cases) {
    const response = await authApi("/factors", { token, ip, json: body });
    expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status);
    const json = (await response.json()) as { code: string; message: string };
    expect(json.code).toBe(code);
    expect(json.message, JSON.stringify(body)).toEqual(message ?? expect.stringMatching(/\S/));
  }
  const oversized = await authApi("/factors", { token, ip, json: { factor_type: "totp", friendly_name: "x".repeat(70_000) } });
  expect(oversized.status).toBe(413);
  expect(await countRows("mfa_factors", "user_id = ?", userId)).toBe(0);
  expect(await auditCount(userId, "factor_enrolled")).toBe(0);
});

test("bad challenge and verify input is 4xx and writes nothing", async () => {
  const { token, ip } = await signedInUser();
  const factor = await enrolTotp(token, ip);

  const malformedChallenge = await authApi(`/factors/${factor.id}/challenge`, { token, ip, json: "{oops" });
  expect(malformedChallenge.status).toBe(400);
  expect(await countRows("mfa_challenges", "factor_id = ?", factor.id)).toBe(0);

  const issued = await challenge(token, ip, factor.id);
  const code = await codeFor(factor.totp.secret);
  const cases: [body: unknown, status: number, code: string, message?: string][] = [
    [{ challenge_id: issued.id }, 400, "validation_failed", "Code needs to be non-empty"],
    [{ challenge_id: issued.id, code: "" }, 400, "validation_failed", "Code needs to be non-empty"],
    [{ challenge_id: issued.id, code: 123456 }, 400, "validation_failed"],
    [{ challenge_id: 42, code }, 400, "validation_failed"],
    [{ challenge_id: "not-a-uuid", code }, 400, "bad_json"],
    [{ code }, 422, "mfa_factor_not_found", "MFA factor with the provided challenge ID not found"],
    [{ challenge_id: crypto.randomUUID(), code }, 422, "mfa_factor_not_found", "MFA factor with the provided challenge ID not found"],
    [{ challenge_id: issued.id, code: "12345" }, 422, "mfa_verification_failed", "Invalid TOTP code entered"],
    [{ challenge_id: issued.id, code: "abcdef" }, 422, "mfa_verification_failed", "Invalid TOTP code entered"],
    ["{not json", 400, "bad_json"],
    ["null", 400, "bad_json"],
  ];
  for (const [body, status, errorCode, message] of cases) {
    const response = await authApi(`/factors/${factor.id}/verify`, { token, ip, json: body });
    expect(response.status, JSON.stringify(body)).toBe(status);
    const json = (await response.json()) as { code: string; message: string };
    expect(json.code, JSON.stringify(body)).toBe(errorCode);
    expect(json.message, JSON.stringify(body)).toEqual(message ?? expect.stringMatching(/\S/));
  }
  const row = await env.DB.prepare("SELECT status, last_totp_step FROM mfa_factors WHERE id = ?").bind(factor.id).first();
  expect(row).toEqual({ status: "unverified", last_totp_step: null });
  expect(await env.DB.prepare("SELECT verified_at FROM mfa_challenges WHERE id = ?").bind(issued.id).first("verified_at")).toBeNull();
});

test("friendly names are unique per user, including the empty name, as in GoTrue", async () => {
  const { token, ip } = await signedInUser();
  await enrolTotp(token, ip, { factor_type: "totp", friendly_name: "Work phone" });
  const duplicate = await authApi("/factors", { token, ip, json: { factor_type: "totp", friendly_name: "Work phone" } });
  expect(duplicate.status).toBe(422);
  expect(await duplicate.json()).toEqual({
    code: "mfa_factor_name_conflict",
    message: 'A factor with the friendly name "Work phone" for this user already exists',
  });

  const unnamed = await enrolTotp(token, ip, { factor_type: "totp" });
  expect(unnamed.friendly_name).toBe("");
  const unnamedAgain = await authApi("/factors", { token, ip, json: { factor_type: "totp" } });
  expect(unnamedAgain.status).toBe(422);
  expect(((await unnamedAgain.json()) as { code: string }).code).toBe("mfa_factor_name_conflict");

  // Another user may use the same name.
  const other = await signedInUser("other");
  await enrolTotp(other.token, other.ip, { factor_type: "totp", friendly_name: "Work phone" });
});

test("at most 10 factors per user; abandoned enrolments older than 5 minutes are cleared first", async () => {
  const { id: userId, token, ip } = await signedInUser();
  for (let i = 0; i < 10; i++) await enrolTotp(token, ip, { factor_type: "totp", friendly_name: `Device ${i}` });
  const eleventh = await authApi("/factors", { token, ip, json: { factor_type: "totp", friendly_name: "Device 10" } });
  expect(eleventh.status).toBe(422);
  expect(await eleventh.json()).toEqual({ code: "too_many_enrolled_mfa_factors", message: "Maximum number of verified factors reached, unenroll to continue" });

  await env.DB.prepare("UPDATE mfa_factors SET created_at = ? WHERE user_id = ?")
    .bind(new Date(Date.now() - 10 * 60_000).toISOString(), userId)
    .run();
  await enrolTotp(token, ip, { factor_type: "totp", friendly_name: "Device 10" });
  expect(await countRows("mfa_factors", "user_id = ?", userId)).toBe(1);
});

test("with a verified factor, enrolling another needs aal2; verifying one removes other unverified TOTP factors", async () => {
  const { email, token, ip } = await signedInUser();
  const first = await enrolTotp(token, ip, { factor_type: "totp", friendly_name: "First" });
  const spare = await enrolTotp(token, ip, { factor_type: "totp", friendly_name: "Spare" });
  const { access_token: aal2 } = await elevate(token, ip, first.id, first.totp.secret);
  expect(await countRows("mfa_factors", "id = ?", spare.id)).toBe(0);

  const aal1 = (await signIn(email)).access_token;
  const refused = await authApi("/factors", { token: aal1, ip, json: { factor_type: "totp", friendly_name: "Second" } });
  expect(refused.status).toBe(403);
  expect(await refused.json()).toEqual({ code: "insufficient_aal", message: "AAL2 required to enroll a new factor" });
  await enrolTotp(aal2, ip, { factor_type: "totp", friendly_name: "Second" });
});

test("phone factors: enrol with an E.164 number, the code goes to the outbox as SMS, verify gives aal2", async () => {
  const { id: userId, token, ip } = await signedInUser();
  const enrol = await authApi("/factors", { token, ip, json: { factor_type: "phone", friendly_name: "Mobile", phone: "+61 412 345 678" } });
  expect(enrol.status).toBe(200);
  const factor = (await enrol.json()) as { id: string; type: string; friendly_name: string; phone: string; totp?: unknown };
  expect(factor).toEqual({ id: factor.id, type: "phone", friendly_name: "Mobile", phone: "+61 412 345 678" });
  expect(await env.DB.prepare("SELECT phone FROM mfa_factors WHERE id = ?").bind(factor.id).first("phone")).toBe("61412345678");

  const badChannel = await authApi(`/factors/${factor.id}/challenge`, { token, ip, json: { channel: "whatsapp" } });
  expect(badChannel.status).toBe(400);
  expect(await countRows("mfa_challenges", "factor_id = ?", factor.id)).toBe(0);

  const issued = await authApi(`/factors/${factor.id}/challenge`, { token, ip, json: { channel: "sms" } });
  expect(issued.status).toBe(200);
  const { id: challengeId, type } = (await issued.json()) as { id: string; type: string };
  expect(type).toBe("phone");
  const sms = await env.DB.prepare("SELECT to_address, text_body FROM email_outbox WHERE dedupe_key = ?")
    .bind(`mfa-sms:${challengeId}`)
    .first<{ to_address: string; text_body: string }>();
  expect(sms!.to_address).toBe("sms:61412345678");
  const code = /Your code is (\d{6})/.exec(sms!.text_body)![1]!;
  // The code itself is never stored.
  const stored = await env.DB.prepare("SELECT otp_code_hash FROM mfa_challenges WHERE id = ?").bind(challengeId).first<string>("otp_code_hash");
  expect(stored).not.toContain(code);

  // One SMS a minute per factor.
  const tooSoon = await authApi(`/factors/${factor.id}/challenge`, { token, ip, json: {} });
  expect(tooSoon.status).toBe(429);
  expect(((await tooSoon.json()) as { code: string }).code).toBe("over_sms_send_rate_limit");

  const wrong = await authApi(`/factors/${factor.id}/verify`, {
    token,
    ip,
    json: { challenge_id: challengeId, code: code === "000000" ? "111111" : "000000" },
  });
  expect(wrong.status).toBe(422);
  expect(await wrong.json()).toEqual({ code: "mfa_verification_failed", message: "Invalid MFA Phone code entered" });

  const ok = await authApi(`/factors/${factor.id}/verify`, { token, ip, json: { challenge_id: challengeId, code } });
  expect(ok.status).toBe(200);
  const elevated = (await ok.json()) as Session;
  const claims = decodeJwt(elevated.access_token) as { aal: string; amr: { method: string }[] };
  expect(claims.aal).toBe("aal2");
  expect(claims.amr.map((a) => a.method)).toEqual(["password", "phone"]);
  expect(await auditCount(userId, "factor_verified")).toBe(1);

  // A verified number cannot be enrolled twice.
  const twice = await authApi("/factors", { token: elevated.access_token, ip, json: { factor_type: "phone", friendly_name: "Again", phone: "+61412345678" } });
  expect(twice.status).toBe(422);
  expect(await twice.json()).toEqual({
    code: "mfa_verified_factor_exists",
    message: "A verified phone factor already exists, unenroll the existing factor to continue",
  });
});

test("an unfinished phone enrolment of the same number is replaced, not duplicated", async () => {
  const { id: userId, token, ip } = await signedInUser();
  const first = (await (await authApi("/factors", { token, ip, json: { factor_type: "phone", friendly_name: "Mobile", phone: "+61400000001" } })).json()) as {
    id: string;
  };
  const second = await authApi("/factors", { token, ip, json: { factor_type: "phone", friendly_name: "Mobile", phone: "+61400000001" } });
  expect(second.status).toBe(200);
  const { id } = (await second.json()) as { id: string };
  expect(id).not.toBe(first.id);
  expect(await countRows("mfa_factors", "user_id = ?", userId)).toBe(1);
});

test("verification is rate limited per address and per factor", async () => {
  const { token, ip } = await signedInUser();
  const factor = await enrolTotp(token, ip);
  const issued = await challenge(token, ip, factor.id);
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const response = await authApi(`/factors/${factor.id}/verify`, { token, ip, json: { challenge_id: issued.id, code: "000000" } });
    statuses.push(response.status);
  }
  // Ten tries per factor per 5 minutes, whatever the address.
  expect(statuses.slice(0, 10).every((s) => s === 422 || s === 200)).toBe(true);
  expect(statuses.slice(10)).toEqual([429, 429]);
  const fromElsewhere = await authApi(`/factors/${factor.id}/verify`, {
    token,
    ip: testClientIp("elsewhere"),
    json: { challenge_id: issued.id, code: "000000" },
  });
  expect(fromElsewhere.status).toBe(429);
  expect(((await fromElsewhere.json()) as { code: string }).code).toBe("over_request_rate_limit");
});

test("only the account's own sessions can use up its factor's verification budget: strangers can't lock the owner out", async () => {
  const { token, ip } = await signedInUser();
  const factor = await enrolTotp(token, ip);
  const other = await signedInUser("other-account");
  const body = { challenge_id: crypto.randomUUID(), code: "000000" };
  for (let i = 0; i < 12; i++) {
    // Without a session, and with another account's session, the factor is out of reach: nothing is counted against it.
    expect((await authApi(`/factors/${factor.id}/verify`, { ip: testClientIp(`stranger-${i}`), json: body })).status).toBe(401);
    expect((await authApi(`/factors/${factor.id}/verify`, { token: other.token, ip: testClientIp(`other-${i}`), json: body })).status).toBe(404);
  }
  await elevate(token, ip, factor.id, factor.totp.secret);
});
