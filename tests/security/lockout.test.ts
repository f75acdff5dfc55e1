import { AuthClient } from "@supabase/auth-js";
import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { CAPTCHA_FAILED, CAPTCHA_MISSING } from "~/auth/captcha.server";
import { AUTH_LIMITS } from "~/auth/limits.server";
import { FAKE_TURNSTILE_PASS_TOKEN } from "../fakes/turnstile-server";
import { TURNSTILE_SITE_KEY as SITE_KEY, withTurnstile } from "./turnstile-bindings";
import { TEST_PASSWORD, createUser, uniqueEmail } from "../factories/users";
import { authApi, fetchApp, pageText, testClientIp } from "../worker/app";

// Pen-test finding: anyone could lock an account out. Wrong passwords are now counted per account
// and source (that source is refused for that account) and per account (a captcha is asked for,
// when Turnstile is configured); the owner's correct password from elsewhere always works.

const SLOW = 90_000;
const WRONG = "Wrong-Password-99";

async function answerOf(response: Response) {
  const body = (await response.json()) as { code?: string; message?: string; access_token?: string };
  return { status: response.status, code: body.code, message: body.message, session: typeof body.access_token === "string" };
}

/** One wrong password for `email` from each of `count` different sources. */
async function wrongFromManySources(email: string, count: number, bindings: Env = env) {
  const answers = [];
  for (let i = 0; i < count; i++)
    answers.push(
      await answerOf(await authApi("/token?grant_type=password", { json: { email, password: WRONG }, ip: testClientIp(`attacker-${i}`), bindings })),
    );
  return answers;
}

test("the thresholds are the documented ones", () => {
  expect(AUTH_LIMITS.signInFailuresPerAccountSource).toMatchObject({ limit: 5, windowMs: 15 * 60_000 });
  expect(AUTH_LIMITS.signInFailuresPerAccount).toMatchObject({ limit: 10, windowMs: 15 * 60_000 });
});

test("10 wrong passwords from 10 addresses don't lock the owner out of the API", { timeout: SLOW }, async () => {
  const { email } = await createUser();
  const answers = await wrongFromManySources(email, 12);
  expect(answers).toEqual(Array(12).fill({ status: 400, code: "invalid_credentials", message: "Invalid login credentials", session: false }));
  const owner = await answerOf(await authApi("/token?grant_type=password", { json: { email, password: TEST_PASSWORD }, ip: testClientIp("owner") }));
  expect(owner).toMatchObject({ status: 200, session: true });
});

test("10 wrong passwords from 10 addresses don't lock the owner out of the sign-in page", { timeout: SLOW }, async () => {
  const { email } = await createUser();
  for (let i = 0; i < 10; i++) {
    const refused = await fetchApp("/auth", { form: { intent: "sign-in", redirectTo: "/profile", email, password: WRONG }, ip: testClientIp(`attacker-${i}`) });
    expect(refused.status).toBe(400);
    expect(await pageText(refused)).toContain("Invalid login credentials");
  }
  const owner = await fetchApp("/auth", { form: { intent: "sign-in", redirectTo: "/profile", email, password: TEST_PASSWORD }, ip: testClientIp("owner") });
  expect(owner.status).toBe(302);
  expect(owner.headers.get("Location")).toBe("/profile");
  expect(owner.headers.getSetCookie().some((c) => c.startsWith("__Host-session="))).toBe(true);
});

test("one source guessing one account is refused after 5 wrong passwords; the owner elsewhere is not", { timeout: SLOW }, async () => {
  const { email } = await createUser();
  const other = await createUser();
  const attacker = testClientIp("attacker");
  const statuses = [];
  for (let i = 0; i < 6; i++) statuses.push((await authApi("/token?grant_type=password", { json: { email, password: WRONG }, ip: attacker })).status);
  expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  // Refused before the password is looked at: the right one from that source is refused too.
  expect(await answerOf(await authApi("/token?grant_type=password", { json: { email, password: TEST_PASSWORD }, ip: attacker }))).toEqual({
    status: 429,
    code: "over_request_rate_limit",
    message: "Request rate limit reached",
    session: false,
  });
  // Spelling the address differently is the same account.
  expect((await authApi("/token?grant_type=password", { json: { email: `  ${email.toUpperCase()} `, password: WRONG }, ip: attacker })).status).toBe(429);
  // The refusal is for that account only, and the owner signs in from anywhere else.
  expect((await authApi("/token?grant_type=password", { json: { email: other.email, password: TEST_PASSWORD }, ip: attacker })).status).toBe(200);
  expect((await authApi("/token?grant_type=password", { json: { email, password: TEST_PASSWORD }, ip: testClientIp("owner") })).status).toBe(200);
});

test("unknown accounts are counted exactly like known ones", { timeout: SLOW }, async () => {
  const known = await createUser();
  const unknown = uniqueEmail("nobody");
  const attacker = testClientIp("attacker");
  const answers = async (email: string) => {
    const list = [];
    for (let i = 0; i < 6; i++) list.push(await answerOf(await authApi("/token?grant_type=password", { json: { email, password: WRONG }, ip: attacker })));
    return list;
  };
  expect(await answers(unknown)).toEqual(await answers(known.email));
});

test("the owner's success doesn't clear the counts of whoever is guessing", { timeout: SLOW }, async () => {
  const { email } = await createUser();
  const attacker = testClientIp("attacker");
  for (let i = 0; i < 4; i++) expect((await authApi("/token?grant_type=password", { json: { email, password: WRONG }, ip: attacker })).status).toBe(400);
  expect((await authApi("/token?grant_type=password", { json: { email, password: TEST_PASSWORD }, ip: testClientIp("owner") })).status).toBe(200);
  expect((await authApi("/token?grant_type=password", { json: { email, password: WRONG }, ip: attacker })).status).toBe(400);
  expect((await authApi("/token?grant_type=password", { json: { email, password: WRONG }, ip: attacker })).status).toBe(429);
});

test("with Turnstile, an account with 10 wrong passwords asks every sign-in for a captcha", { timeout: SLOW }, async () => {
  const bindings = withTurnstile();
  const { email } = await createUser();
  const owner = testClientIp("owner");
  // Below the threshold nobody is asked: the owner signs in without a token.
  expect((await authApi("/token?grant_type=password", { json: { email, password: TEST_PASSWORD }, ip: owner, bindings })).status).toBe(200);
  const answers = await wrongFromManySources(email, 10, bindings);
  expect(answers.every((a) => a.status === 400 && a.code === "invalid_credentials")).toBe(true);

  expect(await answerOf(await authApi("/token?grant_type=password", { json: { email, password: TEST_PASSWORD }, ip: owner, bindings }))).toEqual({
    status: 400,
    code: "captcha_failed",
    message: CAPTCHA_MISSING,
    session: false,
  });
  const rejected = { email, password: TEST_PASSWORD, gotrue_meta_security: { captcha_token: "fail-token" } };
  expect(await answerOf(await authApi("/token?grant_type=password", { json: rejected, ip: owner, bindings }))).toEqual({
    status: 400,
    code: "captcha_failed",
    message: CAPTCHA_FAILED,
    session: false,
  });
  const accepted = { email, password: TEST_PASSWORD, gotrue_meta_security: { captcha_token: FAKE_TURNSTILE_PASS_TOKEN } };
  expect(await answerOf(await authApi("/token?grant_type=password", { json: accepted, ip: owner, bindings }))).toMatchObject({ status: 200, session: true });
  // A wrong password with a good captcha is still a wrong password (and counted).
  const wrong = { email, password: WRONG, gotrue_meta_security: { captcha_token: FAKE_TURNSTILE_PASS_TOKEN } };
  expect(await answerOf(await authApi("/token?grant_type=password", { json: wrong, ip: testClientIp("attacker-0"), bindings }))).toMatchObject({
    status: 400,
    code: "invalid_credentials",
  });
  // The owner's success cleared nothing: the captcha is still asked for.
  expect((await answerOf(await authApi("/token?grant_type=password", { json: { email, password: TEST_PASSWORD }, ip: owner, bindings }))).code).toBe(
    "captcha_failed",
  );

  // auth-js sends options.captchaToken as gotrue_meta_security.captcha_token.
  const client = new AuthClient({
    url: "http://localhost/auth/v1",
    headers: { apikey: "test-anon-key", "CF-Connecting-IP": owner },
    fetch: (input: RequestInfo | URL, init?: RequestInit) => fetchApp(new Request(input, init), { bindings }),
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });
  const withoutToken = await client.signInWithPassword({ email, password: TEST_PASSWORD });
  expect(withoutToken.error?.code).toBe("captcha_failed");
  const withToken = await client.signInWithPassword({ email, password: TEST_PASSWORD, options: { captchaToken: FAKE_TURNSTILE_PASS_TOKEN } });
  expect(withToken.error).toBeNull();
  expect(withToken.data.session?.access_token).toBeTruthy();

  // Without Turnstile configured the same count refuses nobody.
  expect((await authApi("/token?grant_type=password", { json: { email, password: TEST_PASSWORD }, ip: testClientIp("owner-2") })).status).toBe(200);
});

test("with Turnstile, unknown accounts ask for a captcha after 10 wrong passwords too", { timeout: SLOW }, async () => {
  const bindings = withTurnstile();
  const email = uniqueEmail("nobody");
  await wrongFromManySources(email, 10, bindings);
  expect(await answerOf(await authApi("/token?grant_type=password", { json: { email, password: WRONG }, ip: testClientIp("late"), bindings }))).toEqual({
    status: 400,
    code: "captcha_failed",
    message: CAPTCHA_MISSING,
    session: false,
  });
});

test("with Turnstile, the sign-in page shows the captcha once the account asks for one, and sends its token on", { timeout: SLOW }, async () => {
  const bindings = withTurnstile();
  const { email } = await createUser();
  const owner = testClientIp("owner");
  const widget = `data-sitekey="${SITE_KEY}"`;
  const script = "https://challenges.cloudflare.com/turnstile/v0/api.js";

  // Not asked for: no widget, no script, on the page or after a wrong password.
  const page = await fetchApp("/auth", { ip: owner, bindings });
  const pageHtml = await page.text();
  expect(pageHtml).not.toContain(widget);
  expect(pageHtml).not.toContain(script);
  for (let i = 0; i < 10; i++) {
    const refused = await fetchApp("/auth", {
      form: { intent: "sign-in", redirectTo: "/profile", email, password: WRONG },
      ip: testClientIp(`attacker-${i}`),
      bindings,
    });
    expect(refused.status).toBe(400);
    const html = await pageText(refused);
    expect(html).toContain("Invalid login credentials");
    expect(html).not.toContain(widget);
  }

  const asked = await fetchApp("/auth", { form: { intent: "sign-in", redirectTo: "/profile", email, password: TEST_PASSWORD }, ip: owner, bindings });
  expect(asked.status).toBe(400);
  const nonce = asked.headers.get("Content-Security-Policy")?.match(/'nonce-([^']+)'/)?.[1];
  expect(nonce).toBeTruthy();
  const html = await pageText(asked);
  expect(html).toContain("For your security, we need to check that you're not a robot.");
  expect(html).toContain(`<div class="cf-turnstile" ${widget}></div>`);
  expect(html).toContain(`<script src="${script}?render=explicit" defer="" nonce="${nonce}"></script>`);
  // Without JavaScript the widget can't run: the page offers the way in that needs none.
  expect(html).toContain("The security check needs JavaScript. Turn JavaScript on, or sign in with an emailed code instead.");
  // The challenge frame is allowed by the page's policy.
  expect(asked.headers.get("Content-Security-Policy")).toContain("frame-src https://challenges.cloudflare.com");

  const rejected = await fetchApp("/auth", {
    form: { intent: "sign-in", redirectTo: "/profile", email, password: TEST_PASSWORD, "cf-turnstile-response": "fail-token" },
    ip: owner,
    bindings,
  });
  expect(rejected.status).toBe(400);
  const rejectedHtml = await pageText(rejected);
  expect(rejectedHtml).toContain("The security check didn't work or has expired.");
  expect(rejectedHtml).toContain(widget);

  // A wrong password with a good captcha keeps the widget for the next try.
  const wrong = await fetchApp("/auth", {
    form: { intent: "sign-in", redirectTo: "/profile", email, password: WRONG, "cf-turnstile-response": FAKE_TURNSTILE_PASS_TOKEN },
    ip: owner,
    bindings,
  });
  expect(wrong.status).toBe(400);
  const wrongHtml = await pageText(wrong);
  expect(wrongHtml).toContain("Invalid login credentials");
  expect(wrongHtml).toContain(widget);

  const signedIn = await fetchApp("/auth", {
    form: { intent: "sign-in", redirectTo: "/profile", email, password: TEST_PASSWORD, "cf-turnstile-response": FAKE_TURNSTILE_PASS_TOKEN },
    ip: owner,
    bindings,
  });
  expect(signedIn.status).toBe(302);
  expect(signedIn.headers.get("Location")).toBe("/profile");
});

test("a captcha token of the wrong shape is a 400, not a 500", async () => {
  const answer = await answerOf(
    await authApi("/token?grant_type=password", {
      json: { email: uniqueEmail(), password: WRONG, gotrue_meta_security: { captcha_token: 42 } },
      ip: testClientIp(),
      bindings: withTurnstile(),
    }),
  );
  expect(answer).toMatchObject({ status: 400, code: "validation_failed" });
});
