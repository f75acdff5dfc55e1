import { env } from "cloudflare:workers";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { beforeEach, expect, test, vi } from "vitest";
import { s256Challenge } from "~/auth/flow-state.server";
import { createUser, uniqueEmail, webSession } from "../factories/users";
import { cookiePair, fetchApp, pageText, testClientIp, titleOf } from "./app";

// The sign-in page for signed-in users a page's role turned away (SPEC §6), its create-account
// view, and sign-in with a configured OpenID Connect provider, as a browser without JavaScript
// drives them. The provider is a fake one: its JWKS and token endpoints are answered by a stub of
// the global fetch (the Worker runs in this isolate), and the "user at the provider" is this test.

const SLOW_TEST_MS = 30_000;

// ── Roles ─────────────────────────────────────────────────────────────────────────────────────

test("a client on /coach goes to /auth with the reason, and is told why with the next steps", { timeout: SLOW_TEST_MS }, async () => {
  const client = await createUser({ email: uniqueEmail("denied-client"), roles: ["client"] });
  const cookie = await webSession(client);

  const refused = await fetchApp("/coach", { cookie });
  expect(refused.status).toBe(302);
  expect(refused.headers.get("Location")).toBe("/auth?redirectTo=%2Fcoach&denied=coach");

  const page = await fetchApp("/auth?redirectTo=%2Fcoach&denied=coach", { cookie });
  expect(page.status).toBe(200);
  const html = await pageText(page);
  expect(html).toMatch(/<h1[^>]*>The Coach Portal is for coaches<\/h1>/);
  expect(titleOf(html)).toBe("The Coach Portal is for coaches | ClarityAI Coaching");
  expect(html).toContain(`You're signed in as ${client.email}, which isn't a coach account.`);
  expect(html).toMatch(/<a[^>]*href="\/become-coach"[^>]*>Apply to become a coach<\/a>/);
  expect(html).toContain('name="intent" value="switch-account"');
  expect(html).toContain('name="redirectTo" value="/coach"');
  expect(html).toMatch(/<button[^>]*>Sign in with another account<\/button>/);
  expect(html).toMatch(/<a[^>]*href="\/profile"[^>]*>Go to your profile<\/a>/);
  // Not the sign-in form: they are signed in.
  expect(html).not.toContain('name="intent" value="sign-in"');

  // The route table decides, whatever the path's spelling.
  const upper = await fetchApp("/auth?redirectTo=%2FCOACH&denied=coach", { cookie });
  expect(await pageText(upper)).toContain("The Coach Portal is for coaches");
});

test("'Sign in with another account' ends this browser's session only, then shows the sign-in form for the same page", { timeout: SLOW_TEST_MS }, async () => {
  const client = await createUser({ email: uniqueEmail("switch"), roles: ["client"] });
  const cookie = await webSession(client);
  const otherDevice = await webSession(client);

  const switched = await fetchApp("/auth?redirectTo=%2Fcoach&denied=coach", { form: { intent: "switch-account", redirectTo: "/coach" }, cookie });
  expect(switched.status).toBe(302);
  expect(switched.headers.get("Location")).toBe("/auth?redirectTo=%2Fcoach");
  expect(switched.headers.getSetCookie().find((c) => c.startsWith("__Host-session="))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);

  expect((await fetchApp("/profile", { cookie })).headers.get("Location")).toBe("/auth?redirectTo=%2Fprofile");
  expect((await fetchApp("/profile", { cookie: otherDevice })).status).toBe(200);

  const form = await pageText(await fetchApp("/auth?redirectTo=%2Fcoach"));
  expect(form).toContain('name="intent" value="sign-in"');
  expect(form).toContain('name="redirectTo" value="/coach"');

  // The coach signs in there and lands in the Coach Portal.
  const coach = await createUser({ email: uniqueEmail("switch-coach"), roles: ["coach"] });
  const signedIn = await fetchApp("/auth?redirectTo=%2Fcoach", {
    form: { intent: "sign-in", email: coach.email, password: coach.password, redirectTo: "/coach" },
    ip: testClientIp(),
  });
  expect(signedIn.headers.get("Location")).toBe("/coach");
  expect((await fetchApp("/coach", { cookie: cookiePair(signedIn, "__Host-session") })).status).toBe(200);
});

test("a forged or stale denial: with the role the page opens; for a page needing no role, today's behaviour", { timeout: SLOW_TEST_MS }, async () => {
  const coach = await createUser({ email: uniqueEmail("forged-coach"), roles: ["coach"] });
  const coachCookie = await webSession(coach);
  const forged = await fetchApp("/auth?redirectTo=%2Fcoach&denied=coach", { cookie: coachCookie });
  expect(forged.status).toBe(302);
  expect(forged.headers.get("Location")).toBe("/coach");
  // The hint's value is never trusted: the page's own role decides.
  const wrongHint = await fetchApp("/auth?redirectTo=%2Fcoach&denied=admin", { cookie: coachCookie });
  expect(wrongHint.headers.get("Location")).toBe("/coach");
  // The coach still lands straight in the portal.
  expect((await fetchApp("/coach", { cookie: coachCookie })).status).toBe(200);

  const client = await createUser({ email: uniqueEmail("forged-client"), roles: ["client"] });
  const clientCookie = await webSession(client);
  for (const path of [
    "/auth?redirectTo=%2Flearning&denied=coach",
    "/auth?redirectTo=%2Fcoach",
    "/auth",
    "/auth?redirectTo=https%3A%2F%2Fevil.example%2Fcoach&denied=coach",
  ]) {
    const response = await fetchApp(path, { cookie: clientCookie });
    expect(response.status, path).toBe(302);
    expect(response.headers.get("Location"), path).toBe("/profile");
    expect(cookiePair(response, "__Host-toast"), path).toBeTruthy();
  }
});

test("missing admin still goes home (SPEC §6), with a toast saying why", { timeout: SLOW_TEST_MS }, async () => {
  const client = await createUser({ email: uniqueEmail("not-admin"), roles: ["client"] });
  const cookie = await webSession(client);
  const refused = await fetchApp("/admin/users", { cookie });
  expect(refused.status).toBe(302);
  expect(refused.headers.get("Location")).toBe("/");
  const toast = cookiePair(refused, "__Host-toast");
  expect(toast).toBeTruthy();
  const home = await pageText(await fetchApp("/", { cookie: `${cookie}; ${toast}` }));
  expect(home).toContain("The admin area is for administrators");

  const admin = await createUser({ email: uniqueEmail("is-admin"), roles: ["admin"] });
  expect((await fetchApp("/admin/users", { cookie: await webSession(admin) })).status).toBe(200);
});

test("the create-account view says so in its heading and tab title", async () => {
  const html = await pageText(await fetchApp("/auth?step=sign-up&redirectTo=%2Flearning"));
  expect(html).toMatch(/<h1[^>]*>Create your account<\/h1>/);
  expect(titleOf(html)).toBe("Create your account | ClarityAI Coaching");
  const signIn = await pageText(await fetchApp("/auth"));
  expect(signIn).toMatch(/<h1[^>]*>Sign in to ClarityAI Coaching<\/h1>/);
  expect(titleOf(signIn)).toBe("Sign In | ClarityAI Coaching");
  // The other views a link opens name themselves in the tab as in their heading.
  expect(titleOf(await pageText(await fetchApp("/auth?step=forgot")))).toBe("Reset your password | ClarityAI Coaching");
  expect(titleOf(await pageText(await fetchApp("/auth?step=code")))).toBe("Sign in with an emailed code | ClarityAI Coaching");
});

// ── OpenID Connect ────────────────────────────────────────────────────────────────────────────

// A provider of this file's own: the Worker remembers a provider's keys by their URL, and workerd
// files share a Worker, so another file's provider at the same address would lend its keys.
const IDP = "https://idp-web.example.test";
const CLIENT_ID = "clarity-web";
const OIDC_ENV = {
  ...env,
  AUTH_OIDC_ISSUER: IDP,
  AUTH_OIDC_CLIENT_ID: CLIENT_ID,
  AUTH_OIDC_CLIENT_SECRET: "idp-client-secret",
  AUTH_OIDC_JWKS_URL: `${IDP}/.well-known/jwks.json`,
  AUTH_OIDC_AUTHORIZATION_URL: `${IDP}/authorize`,
  AUTH_OIDC_TOKEN_URL: `${IDP}/token`,
} as Env;

const PROVIDER_KEY = await (async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: "idp-web-key", alg: "RS256", use: "sig" };
  return { privateKey: pair.privateKey, jwk };
})();

beforeEach(() => {
  // No network: only the fake provider's endpoints answer (restored after each test by the console guard).
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    throw new Error(`unexpected network request: ${new Request(input, init).url}`);
  });
});

/** The provider: signs the user in at its authorization URL and answers its JWKS and token endpoints. */
function fakeProvider() {
  const codes = new Map<string, { email: string; nonce: string; challenge: string; redirectUri: string }>();
  vi.mocked(globalThis.fetch).mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (request.method === "GET" && url.href === `${IDP}/.well-known/jwks.json`) return Response.json({ keys: [PROVIDER_KEY.jwk] });
    if (request.method === "POST" && url.href === `${IDP}/token`) {
      const form = new URLSearchParams(await request.text());
      const issued = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      if (!issued || form.get("redirect_uri") !== issued.redirectUri || (await s256Challenge(form.get("code_verifier") ?? "")) !== issued.challenge) {
        return Response.json({ error: "invalid_grant" }, { status: 400 });
      }
      const now = Math.floor(Date.now() / 1000);
      const idToken = await new SignJWT({ email: issued.email, email_verified: true, nonce: issued.nonce, name: "Sky Provider" })
        .setProtectedHeader({ alg: "RS256", kid: "idp-web-key" })
        .setIssuer(IDP)
        .setAudience(CLIENT_ID)
        .setSubject(`idp-${issued.email}`)
        .setIssuedAt(now)
        .setExpirationTime(now + 300)
        .sign(PROVIDER_KEY.privateKey);
      return Response.json({ access_token: "idp-access", token_type: "Bearer", expires_in: 3600, id_token: idToken });
    }
    throw new Error(`unexpected network request: ${request.method} ${request.url}`);
  });
  return {
    /** The person signs in at the provider, which sends the browser back to our callback. */
    login(authorizationUrl: string, email: string) {
      const url = new URL(authorizationUrl);
      expect(url.origin + url.pathname).toBe(`${IDP}/authorize`);
      const code = `idp-code-${crypto.randomUUID()}`;
      codes.set(code, {
        email,
        nonce: url.searchParams.get("nonce")!,
        challenge: url.searchParams.get("code_challenge")!,
        redirectUri: url.searchParams.get("redirect_uri")!,
      });
      return `${url.searchParams.get("redirect_uri")}?${new URLSearchParams({ code, state: url.searchParams.get("state")! })}`;
    },
  };
}

test("without a provider configured there is no provider button, and ?sso= does nothing", async () => {
  const html = await pageText(await fetchApp("/auth"));
  expect(html).not.toContain("Continue with");
  const start = await fetchApp("/auth?sso=start");
  expect(start.status).toBe(200);
  expect(start.headers.get("Location")).toBeNull();
  expect(cookiePair(start, "__Host-sso")).toBeUndefined();
});

test("with a provider configured, sign-in and create-account offer it", async () => {
  for (const path of ["/auth?redirectTo=%2Flearning", "/auth?step=sign-up&redirectTo=%2Flearning"]) {
    const html = await pageText(await fetchApp(path, { bindings: OIDC_ENV }));
    expect(html, path).toMatch(/<a href="\/auth\?sso=start&redirectTo=%2Flearning"[^>]*>Continue with single sign-on<\/a>/);
  }
  const named = await pageText(await fetchApp("/auth", { bindings: { ...OIDC_ENV, AUTH_OIDC_PROVIDER: "keycloak" } as Env }));
  expect(named).toContain("Continue with Keycloak");
  // The code flow needs the provider's endpoints: with only its keys (id_token grant), no button.
  const keysOnly = await pageText(await fetchApp("/auth", { bindings: { ...OIDC_ENV, AUTH_OIDC_AUTHORIZATION_URL: undefined } as unknown as Env }));
  expect(keysOnly).not.toContain("Continue with");
});

test("signing in with the provider completes with a web session and lands on redirectTo", { timeout: SLOW_TEST_MS }, async () => {
  const provider = fakeProvider();
  const email = uniqueEmail("oidc-web");

  const start = await fetchApp("/auth?sso=start&redirectTo=%2Flearning", { bindings: OIDC_ENV });
  expect(start.status).toBe(302);
  const verifier = cookiePair(start, "__Host-sso");
  expect(start.headers.getSetCookie().find((c) => c.startsWith("__Host-sso="))).toMatch(/HttpOnly.*Secure.*SameSite=Lax|SameSite=Lax.*Secure.*HttpOnly/i);
  const authorize = new URL(start.headers.get("Location")!, "http://localhost");
  expect(authorize.pathname).toBe("/auth/v1/authorize");
  expect(authorize.searchParams.get("redirect_to")).toBe("http://localhost:8787/auth?sso=callback&redirectTo=%2Flearning");

  const toProvider = await fetchApp(authorize.href, { bindings: OIDC_ENV });
  expect(toProvider.status).toBe(302);
  const callback = await fetchApp(provider.login(toProvider.headers.get("Location")!, email), { bindings: OIDC_ENV });
  expect(callback.status).toBe(302);
  const back = callback.headers.get("Location")!;
  expect(back).toMatch(/^http:\/\/localhost:8787\/auth\?code=[\w-]+&redirectTo=%2Flearning&sso=callback$/);

  // Without this browser's verifier, the code is worthless (a forged sign-in link).
  const forged = await fetchApp(back, { bindings: OIDC_ENV });
  expect(forged.status).toBe(302);
  expect(forged.headers.get("Location")).toBe("/auth?sso=failed&redirectTo=%2Flearning");
  expect(cookiePair(forged, "__Host-session")).toBeUndefined();
  const failed = await fetchApp("/auth?sso=failed&redirectTo=%2Flearning", { bindings: OIDC_ENV });
  expect(await pageText(failed)).toContain("We couldn't sign you in with single sign-on. Please try again, or sign in with your email instead.");

  const done = await fetchApp(back, { cookie: verifier, bindings: OIDC_ENV });
  expect(done.status).toBe(302);
  expect(done.headers.get("Location")).toBe("/learning");
  expect(done.headers.getSetCookie().find((c) => c.startsWith("__Host-sso="))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  const session = cookiePair(done, "__Host-session");
  expect(session).toBeTruthy();
  const learning = await fetchApp("/learning", { cookie: session, bindings: OIDC_ENV });
  expect(learning.status).toBe(200);

  // The code was single use.
  const again = await fetchApp(back, { cookie: verifier, bindings: OIDC_ENV });
  expect(again.headers.get("Location")).toBe("/auth?sso=failed&redirectTo=%2Flearning");
  expect(cookiePair(again, "__Host-session")).toBeUndefined();
});

test("a refusal at the provider comes back as a message on the sign-in form, never the provider's text", async () => {
  const back = "/auth?sso=callback&redirectTo=%2Flearning&error=access_denied&error_description=%3Cb%3EClick%20evil.example%3C%2Fb%3E";
  const response = await fetchApp(back, { bindings: OIDC_ENV });
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/auth?sso=cancelled&redirectTo=%2Flearning");
  const html = await pageText(await fetchApp(response.headers.get("Location")!, { bindings: OIDC_ENV }));
  expect(html).toContain("Signing in with single sign-on was cancelled or refused");
  expect(html).not.toContain("evil.example");
  expect(html).toContain('name="redirectTo" value="/learning"');
});
