import { env } from "cloudflare:workers";
import { decodeJwt, importJWK, SignJWT, type JWK } from "jose";
import { expect, test } from "vitest";
import { generateTotp } from "~/auth/totp";
import { TEST_PASSWORD, authClient, createUser, signIn } from "../factories/users";
import { authApi, testClientIp } from "../worker/app";

// Findings of the penetration test on sessions: parallel refreshes of one refresh token forked the
// session into many tokens and then revoked it (two browser tabs refreshing together signed the
// user out), and an access token without an expiry was accepted for ever.

type Session = { access_token: string; refresh_token: string; expires_at: number; user: { id: string } };

async function sessionRevoked(accessToken: string) {
  const { session_id } = decodeJwt(accessToken) as { session_id: string };
  return (await env.DB.prepare("SELECT revoked_at FROM auth_sessions WHERE id = ?").bind(session_id).first<string | null>("revoked_at")) !== null;
}

/** Moves every revocation of this session's refresh tokens back in time, past the reuse window. */
async function ageRevocations(accessToken: string, seconds: number) {
  const { session_id } = decodeJwt(accessToken) as { session_id: string };
  await env.DB.prepare("UPDATE refresh_tokens SET revoked_at = ? WHERE session_id = ? AND revoked_at IS NOT NULL")
    .bind(new Date(Date.now() - seconds * 1000).toISOString(), session_id)
    .run();
}

test("20 parallel refreshes of one token all succeed with the same new token, and the session lives on", async () => {
  const { email } = await createUser();
  const session = await signIn(email);

  const responses = await Promise.all(
    Array.from({ length: 20 }, () => authApi("/token?grant_type=refresh_token", { json: { refresh_token: session.refresh_token } })),
  );

  expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
  const bodies = (await Promise.all(responses.map((r) => r.json()))) as Session[];
  const distinct = new Set(bodies.map((b) => b.refresh_token));
  expect(distinct.size).toBe(1);
  const [child] = [...distinct];
  expect(child).not.toBe(session.refresh_token);
  expect(await sessionRevoked(session.access_token)).toBe(false);
  const { session_id } = decodeJwt(session.access_token) as { session_id: string };
  expect(await env.DB.prepare("SELECT count(*) AS n FROM refresh_tokens WHERE session_id = ? AND revoked_at IS NULL").bind(session_id).first("n")).toBe(1);
  for (const body of bodies) expect((await authApi("/user", { token: body.access_token })).status).toBe(200);

  // The shared token is the live one: it refreshes normally.
  const next = await authApi("/token?grant_type=refresh_token", { json: { refresh_token: child! } });
  expect(next.status).toBe(200);
  expect(((await next.json()) as Session).refresh_token).not.toBe(child);
});

test("two tabs refreshing the same token together never sign the user out", async () => {
  const { email } = await createUser();
  for (let round = 0; round < 5; round++) {
    const ip = testClientIp(`round-${round}`);
    const session = await signIn(email);
    const [a, b] = await Promise.all([
      authApi("/token?grant_type=refresh_token", { json: { refresh_token: session.refresh_token }, ip }),
      authApi("/token?grant_type=refresh_token", { json: { refresh_token: session.refresh_token }, ip }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [tabA, tabB] = (await Promise.all([a.json(), b.json()])) as Session[];
    expect(tabA!.refresh_token).toBe(tabB!.refresh_token);
    expect(await sessionRevoked(session.access_token)).toBe(false);

    // Long after (the reuse window is long past), each tab refreshes again with what it was given.
    await ageRevocations(session.access_token, 3600);
    const later = await authApi("/token?grant_type=refresh_token", { json: { refresh_token: tabB!.refresh_token }, ip });
    expect(later.status).toBe(200);
    expect(await sessionRevoked(session.access_token)).toBe(false);
    expect((await authApi("/user", { token: ((await later.json()) as Session).access_token })).status).toBe(200);
  }
});

test("a tab that refreshes late, within the reuse window, is given the session's current token, not a stale one", async () => {
  const { email } = await createUser();
  const session = await signIn(email);
  // Tab A refreshes twice in quick succession; tab B still holds the first token.
  const first = (await (await authApi("/token?grant_type=refresh_token", { json: { refresh_token: session.refresh_token } })).json()) as Session;
  const second = (await (await authApi("/token?grant_type=refresh_token", { json: { refresh_token: first.refresh_token } })).json()) as Session;

  const tabB = await authApi("/token?grant_type=refresh_token", { json: { refresh_token: session.refresh_token } });
  expect(tabB.status).toBe(200);
  const b = (await tabB.json()) as Session;
  expect(b.refresh_token).toBe(second.refresh_token);

  // An hour later tab B's token still works: it was never a spent one.
  await ageRevocations(session.access_token, 3600);
  const later = await authApi("/token?grant_type=refresh_token", { json: { refresh_token: b.refresh_token } });
  expect(later.status).toBe(200);
  expect(await sessionRevoked(session.access_token)).toBe(false);
});

test("reusing a refresh token after the reuse window still revokes the whole session", async () => {
  const { email } = await createUser();
  const session = await signIn(email);
  const rotated = (await (await authApi("/token?grant_type=refresh_token", { json: { refresh_token: session.refresh_token } })).json()) as Session;

  await ageRevocations(session.access_token, 11);
  const reuse = await authApi("/token?grant_type=refresh_token", { json: { refresh_token: session.refresh_token } });
  expect(reuse.status).toBe(400);
  expect(await reuse.json()).toEqual({ code: "refresh_token_already_used", message: "Invalid Refresh Token: Already Used" });
  expect(await sessionRevoked(session.access_token)).toBe(true);
  expect((await authApi("/token?grant_type=refresh_token", { json: { refresh_token: rotated.refresh_token } })).status).toBe(400);
  expect((await authApi("/user", { token: rotated.access_token })).status).toBe(403);
});

test("auth-js clients in two tabs refresh the same session together and both stay signed in", async () => {
  const { email } = await createUser();
  const tab1 = authClient();
  const signedIn = await tab1.signInWithPassword({ email, password: TEST_PASSWORD });
  expect(signedIn.error).toBeNull();
  const tab2 = authClient();
  const refreshToken = signedIn.data.session!.refresh_token;

  const [one, two] = await Promise.all([tab1.refreshSession({ refresh_token: refreshToken }), tab2.refreshSession({ refresh_token: refreshToken })]);

  expect(one.error).toBeNull();
  expect(two.error).toBeNull();
  expect(one.data.session!.refresh_token).toBe(two.data.session!.refresh_token);
  expect((await tab2.getUser(two.data.session!.access_token)).error).toBeNull();
  expect((await tab1.refreshSession({ refresh_token: one.data.session!.refresh_token })).error).toBeNull();
});

test("a validly signed access token without an expiry is refused", async () => {
  const { email } = await createUser();
  const session = await signIn(email);
  const row = await env.DB.prepare("SELECT private_jwk FROM signing_keys ORDER BY created_at, kid LIMIT 1").first<string>("private_jwk");
  const jwk = JSON.parse(row!) as JWK & { kid: string };
  const key = await importJWK({ ...jwk, alg: "ES256" }, "ES256");
  const { exp: _exp, ...claims } = decodeJwt(session.access_token);

  const sign = (payload: Record<string, unknown>) => new SignJWT(payload).setProtectedHeader({ alg: "ES256", kid: jwk.kid, typ: "JWT" }).sign(key);
  // The same claims re-signed with the real key are accepted: only the missing expiry differs.
  expect((await authApi("/user", { token: await sign({ ...claims, exp: Math.floor(Date.now() / 1000) + 600 }) })).status).toBe(200);

  const response = await authApi("/user", { token: await sign(claims) });
  expect(response.status).toBe(403);
  expect(await response.json()).toMatchObject({ code: "bad_jwt" });
});

test("MFA replaces the refresh token: the old one, used at once, is refused without ending the session; used later, it does", async () => {
  const { email } = await createUser();
  const session = await signIn(email);
  const factor = (await (await authApi("/factors", { json: { factor_type: "totp", friendly_name: "Phone" }, token: session.access_token })).json()) as {
    id: string;
    totp: { secret: string };
  };
  const { id: challengeId } = (await (await authApi(`/factors/${factor.id}/challenge`, { json: {}, token: session.access_token })).json()) as { id: string };
  const verified = await authApi(`/factors/${factor.id}/verify`, {
    json: {
      challenge_id: challengeId,
      code: await generateTotp(factor.totp.secret, Date.now()),
    },
    token: session.access_token,
  });
  expect(verified.status).toBe(200);
  const elevated = (await verified.json()) as Session;

  // A tab still holding the aal1 token refreshes straight after: it gets no aal2 token, and no fork.
  const stale = await authApi("/token?grant_type=refresh_token", { json: { refresh_token: session.refresh_token } });
  expect(stale.status).toBe(400);
  expect(await stale.json()).toMatchObject({ code: "refresh_token_already_used" });
  expect(await sessionRevoked(session.access_token)).toBe(false);
  const { session_id } = decodeJwt(session.access_token) as { session_id: string };
  expect(await env.DB.prepare("SELECT count(*) AS n FROM refresh_tokens WHERE session_id = ? AND revoked_at IS NULL").bind(session_id).first("n")).toBe(1);

  // The elevated token refreshes as usual, and concurrent refreshes of it agree.
  const pair = await Promise.all([
    authApi("/token?grant_type=refresh_token", { json: { refresh_token: elevated.refresh_token } }),
    authApi("/token?grant_type=refresh_token", { json: { refresh_token: elevated.refresh_token } }),
  ]);
  expect(pair.map((r) => r.status)).toEqual([200, 200]);
  const [x, y] = (await Promise.all(pair.map((r) => r.json()))) as Session[];
  expect(x!.refresh_token).toBe(y!.refresh_token);
  expect(decodeJwt(x!.access_token)).toMatchObject({ aal: "aal2" });

  // Presented long after, the aal1 token is a leaked one: the session ends.
  await ageRevocations(session.access_token, 60);
  expect((await authApi("/token?grant_type=refresh_token", { json: { refresh_token: session.refresh_token } })).status).toBe(400);
  expect(await sessionRevoked(session.access_token)).toBe(true);
});
