import { AuthClient, type SupportedStorage } from "@supabase/auth-js";
import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import { beforeEach, expect, test, vi } from "vitest";
import { createAuthContext } from "~/auth/context.server";
import { createAppContext } from "~/create-context.server";
import { createFlowState, s256Challenge } from "~/auth/flow-state.server";
import { TEST_PASSWORD, createUser, signIn, uniqueEmail } from "../factories/users";
import { ISO_TIMESTAMP, JWT, authApi, countRows, fetchApp, testClientIp } from "./app";

// The external-provider parts of the auth API: the id_token grant, /authorize and /callback against
// an OpenID Connect provider, the PKCE grant, web3 and SSO (both off), and identity unlinking.
// The provider is a fake one that each test makes for itself (fakeProvider: its JWKS and token
// endpoints answered by a stub of the global fetch, as the Worker runs in this isolate, signing
// with one RS256 key pair made when this file loads), and the Worker is pointed at it through
// AUTH_OIDC_* in the env passed to its fetch handler. Requests without that env see the default
// configuration, where no provider is enabled. Every test uses its own client address
// (testClientIp) and email addresses: rate limits and storage are shared by the tests of this file.

const IDP = "https://idp.example.test";
const CLIENT_ID = "clarity-web";
const CLIENT_SECRET = "idp-client-secret";
const SITE = "http://localhost:8787";
const CALLBACK = `${SITE}/auth/v1/callback`;
const KID = "idp-key-1";

const OIDC_ENV = {
  ...env,
  AUTH_OIDC_ISSUER: IDP,
  AUTH_OIDC_CLIENT_ID: CLIENT_ID,
  AUTH_OIDC_CLIENT_SECRET: CLIENT_SECRET,
  AUTH_OIDC_JWKS_URL: `${IDP}/.well-known/jwks.json`,
  AUTH_OIDC_AUTHORIZATION_URL: `${IDP}/authorize`,
  AUTH_OIDC_TOKEN_URL: `${IDP}/token`,
} as Env;

// The API's JSON answers, read loosely in assertions.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
type Session = { access_token: string; refresh_token: string; expires_at: number; user: Json };

// ── The fake provider ──────────────────────────────────────────────────────────────────────────

function confirmedUser(name: string) {
  return createUser({ email: uniqueEmail(name) });
}

beforeEach(() => {
  // No network in tests: a request to any outside address fails loudly unless a test's fake
  // provider answers it. Restored after every test by the console guard's vi.restoreAllMocks().
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    throw new Error(`unexpected network request: ${new Request(input, init).url}`);
  });
});

/**
 * The provider's keys, made once when this file loads and never changed: like a real provider's,
 * they outlive any one sign-in (the Worker keeps a JWKS for the isolate's lifetime).
 */
const PROVIDER_KEYS: Readonly<{ pair: { privateKey: CryptoKey; publicKey: CryptoKey }; jwk: JWK; strangerKey: CryptoKey }> = await (async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: "RS256", use: "sig" };
  // A second key pair stands in for anyone else signing with the provider's kid.
  const strangerKey = (await generateKeyPair("RS256")).privateKey;
  return Object.freeze({ pair, jwk, strangerKey });
})();

/**
 * The OpenID Connect provider of one test: its JWKS and token endpoints answered by the stub of
 * the global fetch (the Worker runs in this isolate), the codes it has issued and the token
 * requests it received.
 */
async function fakeProvider() {
  const { pair, jwk, strangerKey } = PROVIDER_KEYS;
  /** Authorization codes issued: who signed in, and the request's nonce and challenge. */
  const issuedCodes = new Map<string, { claims: Json; nonce: string; codeChallenge: string; redirectUri: string }>();
  const tokenRequests: { authorization: string | null; form: URLSearchParams }[] = [];

  /** An ID token as the provider signs it; `undefined` in `claims` removes a default claim. */
  async function token(claims: Json = {}, { key = pair.privateKey, kid = KID, alg = "RS256" } = {}) {
    const now = Math.floor(Date.now() / 1000);
    const payload = Object.fromEntries(
      Object.entries({ iss: IDP, aud: CLIENT_ID, sub: `idp-${crypto.randomUUID()}`, email_verified: true, iat: now, exp: now + 300, ...claims }).filter(
        ([, value]) => value !== undefined,
      ),
    );
    return new SignJWT(payload).setProtectedHeader({ alg, kid }).sign(key);
  }

  /** The user signing in at the provider: it redirects back to our /callback with a code for them. */
  function login(authorizationUrl: string, claims: Json) {
    const url = new URL(authorizationUrl);
    expect(url.origin + url.pathname).toBe(`${IDP}/authorize`);
    const code = `idp-code-${crypto.randomUUID()}`;
    issuedCodes.set(code, {
      claims,
      nonce: url.searchParams.get("nonce")!,
      codeChallenge: url.searchParams.get("code_challenge")!,
      redirectUri: url.searchParams.get("redirect_uri")!,
    });
    return `${url.searchParams.get("redirect_uri")}?${new URLSearchParams({ code, state: url.searchParams.get("state")! })}`;
  }

  async function tokenEndpoint(request: Request) {
    const form = new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer()));
    tokenRequests.push({ authorization: request.headers.get("Authorization"), form });
    const issued = issuedCodes.get(form.get("code") ?? "");
    issuedCodes.delete(form.get("code") ?? "");
    const valid =
      issued !== undefined &&
      form.get("redirect_uri") === issued.redirectUri &&
      (await s256Challenge(form.get("code_verifier") ?? "")) === issued.codeChallenge;
    return valid
      ? Response.json({
          access_token: `idp-access-${crypto.randomUUID()}`,
          token_type: "Bearer",
          expires_in: 3600,
          id_token: await token({ ...issued.claims, nonce: issued.nonce }),
          refresh_token: "idp-refresh",
        })
      : Response.json({ error: "invalid_grant" }, { status: 400 });
  }

  const endpoints: Record<string, (request: Request) => Promise<Response>> = {
    [`GET ${IDP}/.well-known/jwks.json`]: async () => Response.json({ keys: [jwk] }),
    [`POST ${IDP}/token`]: tokenEndpoint,
  };
  const notFound = async () => new Response("not found", { status: 404 });
  const unexpected = async (request: Request): Promise<Response> => {
    throw new Error(`unexpected network request: ${request.method} ${request.url}`);
  };
  vi.mocked(globalThis.fetch).mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    return (endpoints[`${request.method} ${url.origin}${url.pathname}`] ?? (url.origin === IDP ? notFound : unexpected))(request);
  });
  return { token, login, tokenRequests, strangerKey };
}

function memoryStorage(): SupportedStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value), removeItem: (key) => void items.delete(key) };
}

/** auth-js against this Worker, as one client address. */
function client({ ip = testClientIp(), bindings = OIDC_ENV, flowType = "implicit" as "implicit" | "pkce", storage = memoryStorage() } = {}) {
  const auth = new AuthClient({
    url: "http://localhost/auth/v1",
    headers: { apikey: "test-anon-key" },
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      request.headers.set("CF-Connecting-IP", ip);
      return fetchApp(request, { bindings });
    },
    storage,
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
    flowType,
  });
  return Object.assign(auth, { store: storage });
}

async function errorOf(response: Response) {
  return { status: response.status, ...((await response.json()) as Json) };
}

function rowOf<T = Json>(sql: string, ...binds: unknown[]) {
  return env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
}

// ── POST /token?grant_type=id_token ──────────────────────────────────────────────────────────

test("an id_token from the provider creates a confirmed account with its identity; the next sign-in reuses it", async () => {
  const idp = await fakeProvider();
  const email = uniqueEmail("oidc-new");
  const sub = `idp-${crypto.randomUUID()}`;
  const ip = testClientIp();
  const first = await authApi("/token?grant_type=id_token", {
    json: { provider: "oidc", id_token: await idp.token({ sub, email, given_name: "Ava", family_name: "Lim", name: "Ava Lim" }) },
    bindings: OIDC_ENV,
    ip,
  });
  expect(first.status).toBe(200);
  const session = (await first.json()) as Session;
  expect(session).toMatchObject({ token_type: "bearer", expires_in: 3600, user: { email, app_metadata: { provider: "oidc", providers: ["oidc"] } } });
  expect(session.user.email_confirmed_at).toMatch(ISO_TIMESTAMP);
  expect(session.user.identities).toEqual([
    expect.objectContaining({
      provider: "oidc",
      id: sub,
      email,
      identity_data: expect.objectContaining({ sub, iss: IDP, email, email_verified: true, name: "Ava Lim" }),
    }),
  ]);
  expect(session.user.user_metadata).toMatchObject({ name: "Ava Lim", email_verified: true });
  expect(decodeJwt(session.access_token)).toMatchObject({ sub: session.user.id, aal: "aal1", amr: [expect.objectContaining({ method: "oauth" })] });
  expect(await rowOf("SELECT first_name, last_name FROM profiles WHERE user_id = ?", session.user.id)).toEqual({ first_name: "Ava", last_name: "Lim" });
  expect(await countRows("audit_log", "actor_id = ? AND action = 'user_signedup'", session.user.id)).toBe(1);
  expect((await authApi("/user", { token: session.access_token, bindings: OIDC_ENV })).status).toBe(200);

  const second = await authApi("/token?grant_type=id_token", {
    json: { provider: "oidc", id_token: await idp.token({ sub, email, name: "Ava Lim-Ng" }) },
    bindings: OIDC_ENV,
    ip,
  });
  expect(second.status).toBe(200);
  const again = (await second.json()) as Session;
  expect(again.user.id).toBe(session.user.id);
  expect(again.user.user_metadata).toMatchObject({ name: "Ava Lim-Ng" });
  expect(await countRows("users", "email = ?", email)).toBe(1);
  expect(await countRows("identities", "user_id = ?", session.user.id)).toBe(1);
});

test("a provider-verified email joins the existing account with that address (automatic linking)", async () => {
  const idp = await fakeProvider();
  const user = await confirmedUser("oidc-link");
  const response = await authApi("/token?grant_type=id_token", {
    json: { provider: "oidc", id_token: await idp.token({ email: user.email.toUpperCase() }) },
    bindings: OIDC_ENV,
  });
  expect(response.status).toBe(200);
  const session = (await response.json()) as Session;
  expect(session.user.id).toBe(user.id);
  expect(session.user.identities.map((identity: Json) => identity.provider).sort()).toEqual(["email", "oidc"]);
  expect(session.user.app_metadata.providers.sort()).toEqual(["email", "oidc"]);
  // The password still works: linking added a way in, it took none away.
  expect((await signIn(user.email)).user.id).toBe(user.id);
});

test("a verified identity takes over an unconfirmed sign-up of the same address: its password and identities go", async () => {
  const idp = await fakeProvider();
  const email = uniqueEmail("oidc-squat");
  // Someone signs up with an address that is not theirs and never confirms it…
  expect((await authApi("/signup", { json: { email, password: TEST_PASSWORD }, bindings: OIDC_ENV })).status).toBe(200);
  const squatted = await rowOf<{ id: string }>("SELECT id FROM users WHERE email = ?", email);
  // …then the address's owner signs in with the provider, which has verified it.
  const response = await authApi("/token?grant_type=id_token", { json: { provider: "oidc", id_token: await idp.token({ email }) }, bindings: OIDC_ENV });
  expect(response.status).toBe(200);
  const session = (await response.json()) as Session;
  expect(session.user.id).toBe(squatted!.id);
  expect(session.user.email_confirmed_at).toMatch(ISO_TIMESTAMP);
  expect(session.user.identities.map((identity: Json) => identity.provider)).toEqual(["oidc"]);
  expect(await rowOf("SELECT password_hash FROM users WHERE id = ?", squatted!.id)).toEqual({ password_hash: null });
  const password = await authApi("/token?grant_type=password", { json: { email, password: TEST_PASSWORD }, bindings: OIDC_ENV });
  expect(await errorOf(password)).toMatchObject({ status: 400, code: "invalid_credentials" });
});

test("an unverified provider email creates an unconfirmed account and sends a confirmation, as GoTrue", async () => {
  const idp = await fakeProvider();
  const email = uniqueEmail("oidc-unverified");
  const sub = `idp-${crypto.randomUUID()}`;
  const response = await authApi("/token?grant_type=id_token", {
    json: { provider: "oidc", id_token: await idp.token({ sub, email, email_verified: false }) },
    bindings: OIDC_ENV,
  });
  expect(await errorOf(response)).toMatchObject({
    status: 422,
    code: "provider_email_needs_verification",
    message: "Unverified email with oidc. A confirmation email has been sent to your oidc email",
  });
  expect(await rowOf("SELECT email_confirmed_at FROM users WHERE email = ?", email)).toEqual({ email_confirmed_at: null });
  expect(await countRows("email_outbox", "to_address = ? AND subject = 'Confirm your ClarityAI Coaching account'", email)).toBe(1);

  // Without any email the account could never be confirmed: nothing is written.
  const anonymousSub = `idp-${crypto.randomUUID()}`;
  const noEmail = await authApi("/token?grant_type=id_token", {
    json: { provider: "oidc", id_token: await idp.token({ sub: anonymousSub, email_verified: false }) },
    bindings: OIDC_ENV,
  });
  expect(await errorOf(noEmail)).toMatchObject({ status: 422, message: "Unverified email with oidc. Verify the email with oidc in order to sign in" });
  expect(await countRows("identities", "provider = 'oidc' AND provider_id = ?", anonymousSub)).toBe(0);
});

test("tokens with a bad signature, audience, issuer, expiry, algorithm or nonce are refused and write nothing", async () => {
  const idp = await fakeProvider();
  const email = uniqueEmail("oidc-bad");
  const nonce = "raw-nonce-from-the-app";
  const hashedNonce = [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(nonce)))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
  const now = Math.floor(Date.now() / 1000);
  const hmacToken = await new SignJWT({ iss: IDP, aud: CLIENT_ID, sub: "x", email, iat: now, exp: now + 300 })
    .setProtectedHeader({ alg: "HS256", kid: KID })
    .sign(new TextEncoder().encode("guessable-secret-guessable-secret"));
  const unsigned = `${btoa(JSON.stringify({ alg: "none", kid: KID })).replace(/=+$/, "")}.${btoa(JSON.stringify({ iss: IDP, aud: CLIENT_ID, sub: "x", email, exp: now + 300 })).replace(/=+$/, "")}.`;
  const cases: [Json, number, string, string][] = [
    [{ id_token: await idp.token({ email }, { key: idp.strangerKey }) }, 400, "invalid_request", "Bad ID token"],
    [{ id_token: await idp.token({ email, aud: "someone-else" }) }, 400, "invalid_request", "Unacceptable audience in id_token: [someone-else]"],
    [{ id_token: await idp.token({ email, iss: "https://evil.example" }) }, 400, "invalid_request", "Bad ID token"],
    [{ id_token: await idp.token({ email, iat: now - 900, exp: now - 600 }) }, 400, "invalid_request", "Bad ID token"],
    [{ id_token: await idp.token({ email, exp: undefined }) }, 400, "invalid_request", "Bad ID token"],
    [{ id_token: hmacToken }, 400, "invalid_request", "Bad ID token"],
    [{ id_token: unsigned }, 400, "invalid_request", "Bad ID token"],
    [{ id_token: "not.a.jwt" }, 400, "invalid_request", "Bad ID token"],
    [{ id_token: await idp.token({ email, sub: undefined }) }, 400, "invalid_request", "Missing sub claim in id_token"],
    [
      { id_token: await idp.token({ email, at_hash: "AAAAAAAAAAAAAAAAAAAAAA" }), access_token: "provider-access-token" },
      400,
      "invalid_request",
      "Bad ID token",
    ],
    [{ id_token: await idp.token({ email, nonce: hashedNonce }), nonce: "another-nonce" }, 400, "invalid_nonce", "Nonces mismatch"],
    [{ id_token: await idp.token({ email, nonce: nonce }), nonce }, 400, "invalid_nonce", "Nonces mismatch"],
    [
      { id_token: await idp.token({ email, nonce: hashedNonce }) },
      400,
      "invalid_request",
      "Passed nonce and nonce in id_token should either both exist or not.",
    ],
    [{ id_token: await idp.token({ email }), nonce }, 400, "invalid_request", "Passed nonce and nonce in id_token should either both exist or not."],
  ];
  for (const [body, status, code, message] of cases) {
    const error = await errorOf(await authApi("/token?grant_type=id_token", { json: { provider: "oidc", ...body }, bindings: OIDC_ENV }));
    expect(error, message).toMatchObject({ status, code, message, error: code.replace("_", " "), error_description: message });
  }
  expect(await countRows("users", "email = ?", email)).toBe(0);

  // The right nonce (its SHA-256 is in the token, as the app passed it to the provider) is accepted.
  const ok = await authApi("/token?grant_type=id_token", {
    json: { provider: "oidc", id_token: await idp.token({ email, nonce: hashedNonce }), nonce },
    bindings: OIDC_ENV,
  });
  expect(ok.status).toBe(200);
});

test("the id_token grant validates its input and answers GoTrue's errors for providers that are not enabled", async () => {
  const idp = await fakeProvider();
  const token = await idp.token({ email: uniqueEmail("oidc-off") });
  const configured: [Json, number, string, string][] = [
    [{ provider: "oidc" }, 400, "invalid_request", "id_token required"],
    [{ id_token: token }, 400, "invalid_request", "provider or client_id and issuer required"],
    [{ provider: 42, id_token: token }, 400, "validation_failed", "Could not read provider: expected a string"],
    [{ provider: "oidc", id_token: token, link_identity: "yes" }, 400, "validation_failed", "Could not read link_identity: expected a boolean"],
    [{ provider: "oidc", id_token: token, link_identity: true }, 400, "invalid_request", "Linking requires a valid user access token in Authorization"],
    [{ provider: "google", id_token: token }, 400, "provider_disabled", 'Provider (issuer "https://accounts.google.com") is not enabled'],
    [{ provider: "acme", id_token: token }, 400, "validation_failed", 'Custom OIDC provider "acme" not allowed'],
    [{ provider: "custom:acme", id_token: token }, 400, "validation_failed", "Custom OAuth providers are disabled"],
  ];
  for (const [body, status, code, message] of configured) {
    expect(await errorOf(await authApi("/token?grant_type=id_token", { json: body, bindings: OIDC_ENV })), message).toMatchObject({ status, code, message });
  }
  // Without AUTH_OIDC_* nothing is enabled, the deployment's own provider name included.
  const unconfigured: [Json, number, string, string][] = [
    [{ provider: "oidc", id_token: token }, 400, "provider_disabled", 'Provider (issuer "") is not enabled'],
    [{ provider: "apple", id_token: token }, 400, "provider_disabled", 'Provider (issuer "https://appleid.apple.com") is not enabled'],
    [{ provider: "acme", id_token: token }, 400, "validation_failed", 'Custom OIDC provider "acme" not allowed'],
    [{ client_id: CLIENT_ID, issuer: IDP, id_token: token }, 400, "validation_failed", 'Custom OIDC provider "" not allowed'],
  ];
  for (const [body, status, code, message] of unconfigured) {
    expect(await errorOf(await authApi("/token?grant_type=id_token", { json: body, bindings: env })), message).toMatchObject({ status, code, message });
  }
  // The configured provider may also be named by its issuer.
  expect((await authApi("/token?grant_type=id_token", { json: { client_id: CLIENT_ID, issuer: IDP, id_token: token }, bindings: OIDC_ENV })).status).toBe(200);
});

test("auth-js signInWithIdToken signs in, and reports a refused token as an AuthApiError", async () => {
  const idp = await fakeProvider();
  const auth = client();
  const email = uniqueEmail("oidc-js");
  const { data, error } = await auth.signInWithIdToken({ provider: "oidc", token: await idp.token({ email }) });
  expect(error).toBeNull();
  expect(data.user?.email).toBe(email);
  expect(data.session?.access_token).toMatch(JWT);
  expect((await auth.getUser()).data.user?.identities?.[0]?.provider).toBe("oidc");

  const refused = await client().signInWithIdToken({ provider: "oidc", token: await idp.token({ email, aud: "other-app" }) });
  expect(refused.error).toMatchObject({ name: "AuthApiError", status: 400, message: "Unacceptable audience in id_token: [other-app]" });
  const disabled = await client({ bindings: env }).signInWithIdToken({ provider: "google", token: await idp.token({ email }) });
  expect(disabled.error).toMatchObject({ status: 400, code: "provider_disabled" });
});

test("with link_identity and a Bearer token the id_token is linked to the signed-in user; an identity linked elsewhere is refused", async () => {
  const idp = await fakeProvider();
  const user = await confirmedUser("oidc-linker");
  const session = await sessionFor(user.id);
  const sub = `idp-${crypto.randomUUID()}`;
  const linked = await authApi("/token?grant_type=id_token", {
    json: { provider: "oidc", id_token: await idp.token({ sub, email: uniqueEmail("other-address") }), link_identity: true },
    bindings: OIDC_ENV,
    token: session.access_token,
  });
  expect(linked.status).toBe(200);
  const body = (await linked.json()) as Session;
  expect(body.user.id).toBe(user.id);
  expect(body.user.email).toBe(user.email);
  expect(body.user.identities.map((identity: Json) => identity.provider).sort()).toEqual(["email", "oidc"]);

  const twice = await authApi("/token?grant_type=id_token", {
    json: { provider: "oidc", id_token: await idp.token({ sub }), link_identity: true },
    bindings: OIDC_ENV,
    token: session.access_token,
  });
  expect(await errorOf(twice)).toMatchObject({ status: 422, code: "identity_already_exists", message: "Identity is already linked" });
  const other = await sessionFor((await confirmedUser("oidc-other")).id);
  const elsewhere = await authApi("/token?grant_type=id_token", {
    json: { provider: "oidc", id_token: await idp.token({ sub }), link_identity: true },
    bindings: OIDC_ENV,
    token: other.access_token,
  });
  expect(await errorOf(elsewhere)).toMatchObject({ status: 422, code: "identity_already_exists", message: "Identity is already linked to another user" });
});

// ── POST /token?grant_type=pkce ──────────────────────────────────────────────────────────────────

/** A PKCE flow state for a user, made with the helper the email flows and /authorize use. */
async function seededFlow(
  userId: string | null,
  { verifier = `verifier-${crypto.randomUUID()}-${crypto.randomUUID()}`, method = "s256", authenticationMethod = "magiclink" } = {},
) {
  const ctx = await createAuthContext(
    new Request("http://localhost/auth/v1/otp"),
    createAppContext(env, { request: new Request("http://localhost/auth/v1/otp"), executionContext: createExecutionContext() }),
  );
  const challenge = method === "plain" ? verifier : await s256Challenge(verifier);
  const { id, authCode } = await createFlowState(ctx, {
    userId,
    codeChallenge: challenge,
    codeChallengeMethod: method,
    providerType: "email",
    authenticationMethod,
    redirectTo: `${SITE}/auth`,
  });
  return { id, authCode, verifier };
}

/** A session for a user without spending a password hash on it: a seeded PKCE flow, traded at once. */
async function sessionFor(userId: string) {
  const flow = await seededFlow(userId);
  const response = await authApi("/token?grant_type=pkce", { json: { auth_code: flow.authCode, code_verifier: flow.verifier }, bindings: env });
  expect(response.status).toBe(200);
  return (await response.json()) as Session;
}

test("the PKCE grant trades an auth code with its verifier for a session, once", async () => {
  const user = await confirmedUser("pkce");
  const flow = await seededFlow(user.id);
  const ip = testClientIp();
  expect(await rowOf("SELECT code_challenge_method, user_id FROM flow_states WHERE id = ?", flow.id)).toEqual({
    code_challenge_method: "s256",
    user_id: user.id,
  });

  const wrong = await authApi("/token?grant_type=pkce", { json: { auth_code: flow.authCode, code_verifier: `${flow.verifier}x` }, ip, bindings: env });
  expect(await errorOf(wrong)).toMatchObject({
    status: 400,
    code: "bad_code_verifier",
    message: "code challenge does not match previously saved code verifier",
  });

  const response = await authApi("/token?grant_type=pkce", { json: { auth_code: flow.authCode, code_verifier: flow.verifier }, ip, bindings: env });
  expect(response.status).toBe(200);
  const session = (await response.json()) as Session;
  expect(session.user.id).toBe(user.id);
  expect(decodeJwt(session.access_token).amr).toEqual([expect.objectContaining({ method: "magiclink" })]);
  expect(await countRows("flow_states", "id = ?", flow.id)).toBe(0);

  const reused = await authApi("/token?grant_type=pkce", { json: { auth_code: flow.authCode, code_verifier: flow.verifier }, ip, bindings: env });
  expect(await errorOf(reused)).toMatchObject({ status: 404, code: "flow_state_not_found", message: "invalid flow state, no valid flow state found" });
});

test("the PKCE grant refuses missing fields, unknown or unfinished flows and expired ones; plain and S256 both work", async () => {
  const user = await confirmedUser("pkce-rules");
  const missing = "invalid request: both auth code and code verifier should be non-empty";
  for (const body of [{}, { auth_code: "x" }, { code_verifier: "y" }, { auth_code: "", code_verifier: "" }]) {
    expect(await errorOf(await authApi("/token?grant_type=pkce", { json: body, bindings: env }))).toMatchObject({
      status: 400,
      code: "validation_failed",
      message: missing,
    });
  }
  expect(await errorOf(await authApi("/token?grant_type=pkce", { json: { auth_code: 7, code_verifier: "y" }, bindings: env }))).toMatchObject({
    status: 400,
    code: "validation_failed",
  });
  expect(await errorOf(await authApi("/token?grant_type=pkce", { json: { auth_code: crypto.randomUUID(), code_verifier: "y" }, bindings: env }))).toMatchObject(
    { status: 404, code: "flow_state_not_found" },
  );

  // A flow whose user is not known yet (sign-in still at the provider) has nothing to trade.
  const pending = await seededFlow(null);
  expect(
    await errorOf(await authApi("/token?grant_type=pkce", { json: { auth_code: pending.authCode, code_verifier: pending.verifier }, bindings: env })),
  ).toMatchObject({
    status: 404,
    code: "flow_state_not_found",
  });

  const stale = await seededFlow(user.id);
  await env.DB.prepare("UPDATE flow_states SET auth_code_issued_at = ? WHERE id = ?")
    .bind(new Date(Date.now() - 6 * 60_000).toISOString(), stale.id)
    .run();
  expect(
    await errorOf(await authApi("/token?grant_type=pkce", { json: { auth_code: stale.authCode, code_verifier: stale.verifier }, bindings: env })),
  ).toMatchObject({
    status: 422,
    code: "flow_state_expired",
    message: "invalid flow state, flow state has expired",
  });

  const plain = await seededFlow(user.id, { method: "plain" });
  expect((await authApi("/token?grant_type=pkce", { json: { auth_code: plain.authCode, code_verifier: plain.verifier }, bindings: env })).status).toBe(200);
  const upper = await seededFlow(user.id, { method: "S256" });
  expect(await rowOf("SELECT code_challenge_method FROM flow_states WHERE id = ?", upper.id)).toEqual({ code_challenge_method: "s256" });
  expect((await authApi("/token?grant_type=pkce", { json: { auth_code: upper.authCode, code_verifier: upper.verifier }, bindings: env })).status).toBe(200);

  const ctx = await createAuthContext(
    new Request("http://localhost/auth/v1/otp"),
    createAppContext(env, { request: new Request("http://localhost/auth/v1/otp"), executionContext: createExecutionContext() }),
  );
  await expect(
    createFlowState(ctx, { userId: user.id, codeChallenge: "short", codeChallengeMethod: "s256", providerType: "email", authenticationMethod: "otp" }),
  ).rejects.toMatchObject({
    status: 400,
    message: "code challenge has to be between 43 and 128 characters",
  });
  await expect(
    createFlowState(ctx, { userId: user.id, codeChallenge: "x".repeat(43), codeChallengeMethod: "md5", providerType: "email", authenticationMethod: "otp" }),
  ).rejects.toMatchObject({
    status: 400,
    code: "validation_failed",
  });
});

test("auth-js exchangeCodeForSession sends the verifier it stored and signs the user in", async () => {
  const user = await confirmedUser("pkce-js");
  const flow = await seededFlow(user.id);
  const auth = client({ bindings: env, flowType: "pkce" });
  await auth.initialize(); // (its start-up tidies storage, so seed after it)
  // Where (and how: JSON) auth-js keeps the verifier between starting a flow and exchanging its code.
  await auth.store.setItem("supabase.auth.token-code-verifier", JSON.stringify(flow.verifier));
  const { data, error } = await auth.exchangeCodeForSession(flow.authCode);
  expect(error).toBeNull();
  expect(data.user?.id).toBe(user.id);
  expect(data.session?.refresh_token).toMatch(/^\S{12,}$/);
  expect(auth.store.items.has("supabase.auth.token-code-verifier")).toBe(false);

  const again = client({ bindings: env, flowType: "pkce" });
  await again.initialize();
  await again.store.setItem("supabase.auth.token-code-verifier", JSON.stringify(flow.verifier));
  const reused = await again.exchangeCodeForSession(flow.authCode);
  expect(reused.error).toMatchObject({ status: 404, code: "flow_state_not_found" });
});

// ── GET /authorize and GET /callback ──────────────────────────────────────────────────────────────

test("GET /authorize redirects to the provider with our client, callback, scopes, state, nonce and PKCE", async () => {
  const response = await authApi(
    `/authorize?provider=oidc&scopes=${encodeURIComponent("offline_access calendar")}&redirect_to=${encodeURIComponent(`${SITE}/profile`)}&prompt=select_account&client_id=evil`,
    { bindings: OIDC_ENV },
  );
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("Location")!);
  expect(location.origin + location.pathname).toBe(`${IDP}/authorize`);
  expect(Object.fromEntries(location.searchParams)).toMatchObject({
    response_type: "code",
    client_id: CLIENT_ID,
    redirect_uri: CALLBACK,
    scope: "openid email profile offline_access calendar",
    code_challenge_method: "S256",
    prompt: "select_account",
  });
  expect(location.searchParams.get("state")).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(location.searchParams.get("nonce")).toMatch(/^[\w-]{43}$/);
  expect(location.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
  expect(location.searchParams.has("redirect_to")).toBe(false);
});

test("GET /authorize without a configured provider answers GoTrue's unsupported-provider errors", async () => {
  const cases: [string, string][] = [
    ["oidc", "Unsupported provider: provider is not enabled"],
    ["github", "Unsupported provider: provider is not enabled"],
    ["acme", "Unsupported provider: Provider acme could not be found"],
  ];
  for (const [provider, message] of cases) {
    expect(await errorOf(await authApi(`/authorize?provider=${provider}`, { bindings: env }))).toMatchObject({
      status: 400,
      code: "validation_failed",
      message,
    });
  }
  expect(await errorOf(await authApi("/authorize?provider=acme", { bindings: OIDC_ENV }))).toMatchObject({
    status: 400,
    message: "Unsupported provider: Provider acme could not be found",
  });
  const halfPkce = await authApi(`/authorize?provider=oidc&code_challenge=${"x".repeat(43)}`, { bindings: OIDC_ENV });
  expect(await errorOf(halfPkce)).toMatchObject({
    status: 400,
    code: "validation_failed",
    message: "PKCE flow requires code_challenge_method and code_challenge",
  });
});

test("the implicit code flow: /authorize, the provider, /callback, and the session in the redirect's fragment", async () => {
  const idp = await fakeProvider();
  const email = uniqueEmail("oauth-implicit");
  const start = await authApi(`/authorize?provider=oidc&redirect_to=${encodeURIComponent(`${SITE}/learning?tab=1`)}`, { bindings: OIDC_ENV });
  const back = await authApi(idp.login(start.headers.get("Location")!, { sub: `idp-${crypto.randomUUID()}`, email }), { bindings: OIDC_ENV });
  expect(back.status).toBe(302);
  const landing = new URL(back.headers.get("Location")!);
  expect(landing.origin + landing.pathname + landing.search).toBe(`${SITE}/learning?tab=1`);
  const fragment = new URLSearchParams(landing.hash.slice(1));
  expect(fragment.get("token_type")).toBe("bearer");
  expect(fragment.get("provider_token")).toMatch(/^idp-access-/);
  expect(fragment.has("sb")).toBe(true);
  const user = await authApi("/user", { token: fragment.get("access_token")!, bindings: OIDC_ENV });
  expect(await user.json()).toMatchObject({ email, app_metadata: { provider: "oidc" } });

  // We authenticated to the provider's token endpoint as a confidential client, with PKCE.
  const exchange = idp.tokenRequests.at(-1)!;
  expect(exchange.authorization).toBe(`Basic ${btoa(`${CLIENT_ID}:${CLIENT_SECRET}`)}`);
  expect(Object.fromEntries(exchange.form)).toMatchObject({ grant_type: "authorization_code", redirect_uri: CALLBACK });
  expect(exchange.form.get("code_verifier")).toMatch(/^[\w-]{43}$/);
});

test("auth-js signInWithOAuth with PKCE: the callback redirects with ?code= and exchangeCodeForSession finishes, once", async () => {
  const idp = await fakeProvider();
  const email = uniqueEmail("oauth-pkce");
  const auth = client({ flowType: "pkce" });
  const { data, error } = await auth.signInWithOAuth({ provider: "oidc" as never, options: { redirectTo: `${SITE}/auth/done`, skipBrowserRedirect: true } });
  expect(error).toBeNull();
  const start = await authApi(data.url!, { bindings: OIDC_ENV });
  const callback = idp.login(start.headers.get("Location")!, { sub: `idp-${crypto.randomUUID()}`, email });
  const back = await authApi(callback, { bindings: OIDC_ENV });
  const landing = new URL(back.headers.get("Location")!);
  expect(landing.origin + landing.pathname).toBe(`${SITE}/auth/done`);
  expect(landing.hash).toBe("");
  const code = landing.searchParams.get("code")!;
  expect(code).toMatch(/^[0-9a-f-]{36}$/);
  // The provider's redirect cannot be replayed into a second sign-in…
  expect(await errorOf(await authApi(callback, { bindings: OIDC_ENV }))).toMatchObject({
    status: 400,
    code: "flow_state_already_used",
    message: "State has already been used",
  });

  const exchanged = await auth.exchangeCodeForSession(code);
  expect(exchanged.error).toBeNull();
  expect(exchanged.data.user?.email).toBe(email);
  expect(exchanged.data.session?.access_token).toMatch(JWT);

  // …nor, once the code is spent, the flow it belonged to.
  expect(await errorOf(await authApi(callback, { bindings: OIDC_ENV }))).toMatchObject({
    status: 400,
    code: "bad_oauth_state",
    message: "OAuth state not found or expired",
  });
  expect(await errorOf(await authApi("/token?grant_type=pkce", { json: { auth_code: code, code_verifier: "x".repeat(43) }, bindings: env }))).toMatchObject({
    status: 404,
    code: "flow_state_not_found",
  });
});

test("/callback refuses a missing or forged state as JSON, and sends other failures back to the app as GoTrue does", async () => {
  const idp = await fakeProvider();
  expect(await errorOf(await authApi("/callback?code=abc", { bindings: OIDC_ENV }))).toMatchObject({
    status: 400,
    code: "bad_oauth_callback",
    message: "OAuth state parameter missing",
  });
  expect(await errorOf(await authApi("/callback?code=abc&state=forged.state.value", { bindings: OIDC_ENV }))).toMatchObject({
    status: 400,
    code: "bad_oauth_state",
    message: "OAuth state parameter is invalid",
  });
  const start = new URL(
    (await authApi(`/authorize?provider=oidc&redirect_to=${encodeURIComponent(`${SITE}/auth`)}`, { bindings: OIDC_ENV })).headers.get("Location")!,
  );
  const state = start.searchParams.get("state")!;
  const [header, payload, signature] = state.split(".");
  const tampered = `${header}.${btoa(JSON.stringify({ ...decodeJwt(state), rdr: "https://evil.example/" }))
    .replace(/=+$/, "")
    .replace(/\+/g, "-")
    .replace(/\//g, "_")}.${signature}`;
  expect(await errorOf(await authApi(`/callback?code=abc&state=${tampered}`, { bindings: OIDC_ENV }))).toMatchObject({ status: 400, code: "bad_oauth_state" });
  void payload;

  const denied = await authApi(`/callback?state=${state}&error=access_denied&error_description=${encodeURIComponent("The user cancelled")}`, {
    bindings: OIDC_ENV,
  });
  expect(denied.status).toBe(302);
  const deniedAt = new URL(denied.headers.get("Location")!);
  expect(deniedAt.origin + deniedAt.pathname).toBe(`${SITE}/auth`);
  expect(Object.fromEntries(deniedAt.searchParams)).toEqual({ error: "access_denied", error_description: "The user cancelled" });
  expect(Object.fromEntries(new URLSearchParams(deniedAt.hash.slice(1)))).toEqual({ error: "access_denied", error_description: "The user cancelled", sb: "" });

  const noCode = new URL((await authApi(`/callback?state=${state}`, { bindings: OIDC_ENV })).headers.get("Location")!);
  expect(Object.fromEntries(noCode.searchParams)).toEqual({
    error: "invalid_request",
    error_code: "bad_oauth_callback",
    error_description: "OAuth callback with missing authorization code missing",
  });
  const badCode = new URL((await authApi(`/callback?state=${state}&code=never-issued`, { bindings: OIDC_ENV })).headers.get("Location")!);
  expect(badCode.searchParams.get("error")).toBe("server_error");
  expect(badCode.searchParams.get("error_description")).toBe("Unable to exchange external code: neve");
  // The provider was asked, and refused the code it never issued.
  expect(idp.tokenRequests.map((exchange) => exchange.form.get("code"))).toEqual(["never-issued"]);
});

test("a redirect_to off the site falls back to the site URL, so the auth API is no open redirect", async () => {
  const idp = await fakeProvider();
  const start = await authApi(`/authorize?provider=oidc&redirect_to=${encodeURIComponent("https://evil.example/steal")}`, { bindings: OIDC_ENV });
  const back = await authApi(idp.login(start.headers.get("Location")!, { email: uniqueEmail("oauth-redirect") }), { bindings: OIDC_ENV });
  expect(back.headers.get("Location")!.startsWith(`${SITE}#`)).toBe(true);
});

test("auth-js linkIdentity gets the provider URL; finishing there links the identity, and unlinkIdentity removes it", async () => {
  const idp = await fakeProvider();
  const user = await confirmedUser("link-js");
  const auth = client();
  expect((await auth.signInWithPassword({ email: user.email, password: user.password })).error).toBeNull();

  const { data, error } = await auth.linkIdentity({ provider: "oidc" as never, options: { redirectTo: `${SITE}/profile?tab=security` } });
  expect(error).toBeNull();
  expect(data.url!.startsWith(`${IDP}/authorize?`)).toBe(true);
  const back = await authApi(idp.login(data.url!, { sub: `idp-${crypto.randomUUID()}`, email: uniqueEmail("link-js-idp") }), { bindings: OIDC_ENV });
  expect(new URL(back.headers.get("Location")!).pathname).toBe("/profile");

  const identities = (await auth.getUserIdentities()).data?.identities ?? [];
  expect(identities.map((identity) => identity.provider).sort()).toEqual(["email", "oidc"]);
  const oidc = identities.find((identity) => identity.provider === "oidc")!;

  const unlinked = await auth.unlinkIdentity(oidc);
  expect(unlinked.error).toBeNull();
  expect(await countRows("identities", "user_id = ?", user.id)).toBe(1);
  expect(await countRows("audit_log", "actor_id = ? AND action = 'identity_unlinked'", user.id)).toBe(1);

  const last = (await auth.getUserIdentities()).data!.identities[0]!;
  const refused = await auth.unlinkIdentity(last);
  expect(refused.error).toMatchObject({ status: 422, code: "single_identity_not_deletable", message: "User must have at least 1 identity after unlinking" });

  const disabled = client({ bindings: env });
  await disabled.signInWithPassword({ email: user.email, password: user.password });
  expect((await disabled.linkIdentity({ provider: "oidc" as never })).error).toMatchObject({
    status: 400,
    message: "Unsupported provider: provider is not enabled",
  });
});

test("DELETE /user/identities/{id}: authentication, id format, ownership and the last identity", async () => {
  const idp = await fakeProvider();
  const user = await confirmedUser("unlink");
  const session = await sessionFor(user.id);
  expect(await errorOf(await authApi(`/user/identities/${crypto.randomUUID()}`, { method: "DELETE", bindings: OIDC_ENV }))).toMatchObject({
    status: 401,
    code: "no_authorization",
  });
  expect(await errorOf(await authApi("/user/identities/not-a-uuid", { method: "DELETE", token: session.access_token, bindings: OIDC_ENV }))).toMatchObject({
    status: 404,
    code: "validation_failed",
    message: "identity_id must be an UUID",
  });
  const emailIdentity = await rowOf<{ id: string }>("SELECT id FROM identities WHERE user_id = ?", user.id);
  expect(
    await errorOf(await authApi(`/user/identities/${emailIdentity!.id}`, { method: "DELETE", token: session.access_token, bindings: OIDC_ENV })),
  ).toMatchObject({
    status: 422,
    code: "single_identity_not_deletable",
  });

  // With a second identity: someone else's identity is not found, and never deleted.
  await authApi("/token?grant_type=id_token", {
    json: { provider: "oidc", id_token: await idp.token({ email: uniqueEmail("unlink-2nd") }), link_identity: true },
    bindings: OIDC_ENV,
    token: session.access_token,
  });
  const stranger = await confirmedUser("unlink-stranger");
  const strangersIdentity = await rowOf<{ id: string }>("SELECT id FROM identities WHERE user_id = ?", stranger.id);
  expect(
    await errorOf(await authApi(`/user/identities/${strangersIdentity!.id}`, { method: "DELETE", token: session.access_token, bindings: OIDC_ENV })),
  ).toMatchObject({
    status: 422,
    code: "identity_not_found",
    message: "Identity doesn't exist",
  });
  expect(await countRows("identities", "id = ?", strangersIdentity!.id)).toBe(1);

  const removed = await authApi(`/user/identities/${emailIdentity!.id.toUpperCase()}`, { method: "DELETE", token: session.access_token, bindings: OIDC_ENV });
  expect(removed.status).toBe(200);
  expect(await removed.json()).toEqual({});
});

test("unlinking the identity that gave the user their email moves them to the best remaining one", async () => {
  const idp = await fakeProvider();
  const user = await confirmedUser("unlink-email");
  const session = await sessionFor(user.id);
  const providerEmail = uniqueEmail("unlink-email-idp");
  await authApi("/token?grant_type=id_token", {
    json: { provider: "oidc", id_token: await idp.token({ email: providerEmail }), link_identity: true },
    bindings: OIDC_ENV,
    token: session.access_token,
  });
  const emailIdentity = await rowOf<{ id: string }>("SELECT id FROM identities WHERE user_id = ? AND provider = 'email'", user.id);
  expect((await authApi(`/user/identities/${emailIdentity!.id}`, { method: "DELETE", token: session.access_token, bindings: OIDC_ENV })).status).toBe(200);
  const after = await rowOf<{ email: string; email_confirmed_at: string | null }>("SELECT email, email_confirmed_at FROM users WHERE id = ?", user.id);
  expect(after?.email).toBe(providerEmail);
  expect(after?.email_confirmed_at).toMatch(ISO_TIMESTAMP);
});

test("GET /user/identities/authorize needs a session, returns {url} for skip_http_redirect, and is off without a provider", async () => {
  const user = await confirmedUser("link-raw");
  const session = await sessionFor(user.id);
  expect(await errorOf(await authApi("/user/identities/authorize?provider=oidc", { bindings: OIDC_ENV }))).toMatchObject({
    status: 401,
    code: "no_authorization",
  });
  const asJson = await authApi("/user/identities/authorize?provider=oidc&skip_http_redirect=true", { token: session.access_token, bindings: OIDC_ENV });
  expect(asJson.status).toBe(200);
  const { url } = (await asJson.json()) as { url: string };
  expect(new URL(url).searchParams.has("skip_http_redirect")).toBe(false);
  const redirected = await authApi("/user/identities/authorize?provider=oidc", { token: session.access_token, bindings: OIDC_ENV });
  expect(redirected.status).toBe(302);
  expect(await errorOf(await authApi("/user/identities/authorize?provider=oidc", { token: session.access_token, bindings: env }))).toMatchObject({
    status: 400,
    message: "Unsupported provider: provider is not enabled",
  });
});

// ── web3 and SSO ─────────────────────────────────────────────────────────────────────────────────

test("web3 sign-in is rejected: no chain is enabled (GoTrue's web3_provider_disabled); malformed bodies are 400", async () => {
  const message = "example.com wants you to sign in with your Ethereum account:\n0x0000000000000000000000000000000000000000";
  for (const chain of ["ethereum", "solana", "bitcoin"]) {
    expect(await errorOf(await authApi("/token?grant_type=web3", { json: { chain, message, signature: "0xabc" }, bindings: OIDC_ENV }))).toMatchObject({
      status: 422,
      code: "web3_provider_disabled",
      message: "Web3 provider is disabled",
    });
  }
  expect(await errorOf(await authApi("/token?grant_type=web3", { json: { chain: "ethereum" }, bindings: OIDC_ENV }))).toMatchObject({
    status: 400,
    code: "validation_failed",
  });
  expect(await errorOf(await authApi("/token?grant_type=web3", { json: { chain: 1, message, signature: "x" }, bindings: OIDC_ENV }))).toMatchObject({
    status: 400,
    code: "validation_failed",
  });
});

test("SSO answers GoTrue's SAML-disabled error, to raw requests and to auth-js signInWithSSO", async () => {
  expect(await errorOf(await authApi("/sso", { json: { domain: "example.com.au" }, bindings: OIDC_ENV }))).toMatchObject({
    status: 404,
    code: "saml_provider_disabled",
    message: "SAML 2.0 is disabled",
  });
  const { data, error } = await client().signInWithSSO({ domain: "example.com.au", options: { skipBrowserRedirect: true } });
  expect(data).toBeNull();
  expect(error).toMatchObject({ name: "AuthApiError", status: 404, code: "saml_provider_disabled", message: "SAML 2.0 is disabled" });
});
