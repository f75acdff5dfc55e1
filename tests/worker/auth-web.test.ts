import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { generateSecret, generateTotp } from "~/auth/totp";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "~/db/seed-data";
import { emailedCode } from "../factories/emails";
import { TEST_PASSWORD, createUser, signInOnWeb, uniqueEmail } from "../factories/users";
import { ISO_TIMESTAMP, countRows, expectWaitWithinWindow, fetchApp, pageText, testClientIp } from "./app";

// The web sign-in experience at /auth (every intent), sign-out, the guards and the navigation, as
// a browser without JavaScript drives them: document POSTs and redirects with the session cookie.

const MISSING_CREDENTIALS = "You must provide either an email or phone number and a password";
// Each sign-in costs a real scrypt hash (~160 ms, more on a busy machine); these tests do several.
const SLOW_TEST_MS = 30_000;

/** The Set-Cookie header of the web session, and the `name=value` pair a browser sends back. */
function sessionCookie(response: Response) {
  const header = response.headers.getSetCookie().find((c) => c.startsWith("__Host-session="));
  return { header: header ?? "", pair: header?.split(";")[0] ?? "" };
}

const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

test("the sign-in page renders server-side with labelled fields and links to every other way in", { timeout: SLOW_TEST_MS }, async () => {
  const response = await fetchApp("/auth");
  expect(response.status).toBe(200);
  const html = await pageText(response);
  expect(html).toContain("Sign in to ClarityAI Coaching");
  expect(html).toMatch(/<label for="auth-email">Email<\/label>/);
  expect(html).toMatch(/<label for="auth-password">Password<\/label>/);
  expect(html).toContain('name="intent" value="sign-in"');
  for (const link of ['href="/auth?step=forgot"', 'href="/auth?step=code"', 'href="/auth?step=sign-up"']) expect(html).toContain(link);
  expect(html).toContain('<meta name="robots" content="noindex"/>');

  const signUp = await pageText(await fetchApp("/auth?step=sign-up&redirectTo=%2Flearning"));
  expect(signUp).toContain("Create your account");
  expect(signUp).toContain('name="redirectTo" value="/learning"');
  expect(signUp).toMatch(/<label for="auth-first-name">First name<\/label>/);
});

test("bad input answers 400 with the SPEC §5 and field messages, and writes nothing", { timeout: SLOW_TEST_MS }, async () => {
  const signIn = await fetchApp("/auth", { form: { intent: "sign-in", email: "", password: "" } });
  expect(signIn.status).toBe(400);
  const signInHtml = await pageText(signIn);
  expect(signInHtml).toContain(MISSING_CREDENTIALS);
  expect(signInHtml).toContain("Enter your email address");
  expect(signInHtml).toContain("Enter your password");
  expect(signIn.headers.getSetCookie().some((c) => c.startsWith("__Host-session="))).toBe(false);

  const email = uniqueEmail("badinput");
  const signUp = await fetchApp("/auth", { form: { intent: "sign-up", firstName: " ", lastName: "", email, password: "short" } });
  expect(signUp.status).toBe(400);
  const signUpHtml = await pageText(signUp);
  expect(signUpHtml).toContain("Enter your first name");
  expect(signUpHtml).toContain("Enter your last name");
  expect(signUpHtml).toContain("Use between 8 and 72 characters");
  expect(signUpHtml).toContain(`value="${email}"`);
  expect(await countRows("users", "email = ?", email)).toBe(0);

  const badEmail = await pageText(
    await fetchApp("/auth", { form: { intent: "sign-up", firstName: "Jo", lastName: "Citizen", email: "not-an-email", password: TEST_PASSWORD } }),
  );
  expect(badEmail).toContain("Enter a valid email address");

  // Rules only the auth service knows (the common-password list) come back on the field too.
  const common = await fetchApp("/auth", { form: { intent: "sign-up", firstName: "Jo", lastName: "Citizen", email, password: "12345678" } });
  expect(common.status).toBe(400);
  expect(await pageText(common)).toContain("That password is too common");
  expect(await countRows("users", "email = ?", email)).toBe(0);

  const sendCode = await fetchApp("/auth", { form: { intent: "send-code", email: "  " } });
  expect(sendCode.status).toBe(400);
  expect(await pageText(sendCode)).toContain("You must provide either an email or phone number.");

  const forgot = await fetchApp("/auth", { form: { intent: "forgot" } });
  expect(forgot.status).toBe(400);
  expect(await pageText(forgot)).toContain("Password recovery requires an email");

  const resend = await fetchApp("/auth", { form: { intent: "resend-confirmation", email: "" } });
  expect(resend.status).toBe(400);
  expect(await pageText(resend)).toContain("You must provide either an email or phone number and a type.");

  const code = await fetchApp("/auth", { form: { intent: "verify-code", email, code: "12ab" } });
  expect(code.status).toBe(400);
  expect(await pageText(code)).toContain("Enter the 6-digit code (numbers only)");

  const unknown = await fetchApp("/auth", { form: { intent: "make-me-admin" } });
  expect(unknown.status).toBe(400);
  expect(await countRows("email_outbox", "to_address = ?", email)).toBe(0);
});

test("a wrong password is refused with the invalid-credentials message and no cookie", { timeout: SLOW_TEST_MS }, async () => {
  const { email } = await createUser();
  const response = await fetchApp("/auth", { form: { intent: "sign-in", email, password: "Not-The-Password-1" } });
  expect(response.status).toBe(400);
  expect(await pageText(response)).toContain("Invalid login credentials");
  expect(sessionCookie(response).header).toBe("");
  // Unknown accounts read exactly the same.
  const unknown = await fetchApp("/auth", { form: { intent: "sign-in", email: uniqueEmail("nobody"), password: TEST_PASSWORD } });
  expect(await pageText(unknown)).toContain("Invalid login credentials");
});

test("a good sign-in sets an HttpOnly, Secure, SameSite=Lax __Host- cookie and goes to /profile", { timeout: SLOW_TEST_MS }, async () => {
  const { email } = await createUser();
  const response = await fetchApp("/auth", { form: { intent: "sign-in", email, password: TEST_PASSWORD } });
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/profile");
  const { header, pair } = sessionCookie(response);
  expect(header).toMatch(/^__Host-session=[^;]+/);
  expect(header).toMatch(/; HttpOnly/i);
  expect(header).toMatch(/; Secure/i);
  expect(header).toMatch(/; SameSite=Lax/i);
  expect(header).toMatch(/; Path=\//);
  expect(header).not.toMatch(/Domain=/i);

  const learning = await fetchApp("/learning", { cookie: pair });
  expect(learning.status).toBe(200);
  expect(await pageText(learning)).toContain("Your learning hub, Test");

  // Signed in already: /auth moves on to the profile.
  const again = await fetchApp("/auth?redirectTo=%2Fcoach", { cookie: pair });
  expect(again.status).toBe(302);
  expect(again.headers.get("Location")).toBe("/profile");
});

test("redirectTo is honoured for paths on this site and refused for any other origin", { timeout: SLOW_TEST_MS }, async () => {
  const { email } = await createUser();
  const cases: [string, string][] = [
    ["/learning/module/abc?tab=notes", "/learning/module/abc?tab=notes"],
    ["https://evil.example/steal", "/profile"],
    ["//evil.example/steal", "/profile"],
    ["/\\evil.example", "/profile"],
    ["javascript:alert(1)", "/profile"],
  ];
  for (const [redirectTo, expected] of cases) {
    const response = await fetchApp("/auth", { form: { intent: "sign-in", email, password: TEST_PASSWORD, redirectTo } });
    expect(response.status, redirectTo).toBe(302);
    expect(response.headers.get("Location"), redirectTo).toBe(expected);
  }
  // The page carries only a safe redirectTo into its forms.
  const page = await pageText(await fetchApp("/auth?redirectTo=https%3A%2F%2Fevil.example"));
  expect(page).toContain('name="redirectTo" value="/profile"');
});

test("guards: visitors go to /auth remembering the page; a missing role goes to /auth; the role opens it", { timeout: SLOW_TEST_MS }, async () => {
  // The seeded curriculum's free module and its first lesson.
  const learningPaths = ["/learning", "/learning/module/cash-flow", "/learning/lesson/cash-flow-profit-is-not-cash"];
  for (const path of [...learningPaths, "/meeting/m-42", "/coach"]) {
    const response = await fetchApp(path);
    expect(response.status, path).toBe(302);
    expect(response.headers.get("Location"), path).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
  }
  const client = await createUser({ roles: ["client"] });
  const clientCookie = await signInOnWeb({ email: client.email });
  for (const path of learningPaths) {
    expect((await fetchApp(path, { cookie: clientCookie })).status, path).toBe(200);
  }
  // A meeting is its participants' only: m-42 is no booking of this client's.
  expect((await fetchApp("/meeting/m-42", { cookie: clientCookie })).status).toBe(404);
  const refused = await fetchApp("/coach", { cookie: clientCookie });
  expect(refused.status).toBe(302);
  expect(refused.headers.get("Location")).toBe("/auth?redirectTo=%2Fcoach&denied=coach");

  const coach = await createUser({ roles: ["coach"] });
  const portal = await fetchApp("/coach", { cookie: await signInOnWeb({ email: coach.email }) });
  expect(portal.status).toBe(200);
  expect(await pageText(portal)).toContain("New bookings");
});

test("sign-out revokes the session, clears the cookie and lands on /auth, also when called twice", { timeout: SLOW_TEST_MS }, async () => {
  const { email, id } = await createUser();
  const cookie = await signInOnWeb({ email });
  expect(await countRows("auth_sessions", "user_id = ? AND revoked_at IS NULL", id)).toBe(1);

  const first = await fetchApp("/sign-out", { form: {}, cookie });
  expect(first.status).toBe(302);
  expect(first.headers.get("Location")).toBe("/auth");
  const cleared = sessionCookie(first).header;
  expect(cleared).toMatch(/^__Host-session=;/);
  expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
  expect(await countRows("auth_sessions", "user_id = ? AND revoked_at IS NULL", id)).toBe(0);
  expect(await countRows("audit_log", "actor_id = ? AND action = 'logout'", id)).toBe(1);

  // The old cookie opens nothing any more.
  const after = await fetchApp("/learning", { cookie });
  expect(after.status).toBe(302);
  expect(after.headers.get("Location")).toBe("/auth?redirectTo=%2Flearning");

  const second = await fetchApp("/sign-out", { form: {}, cookie });
  expect(second.status).toBe(302);
  expect(second.headers.get("Location")).toBe("/auth");
  expect(sessionCookie(second).header).toMatch(/^__Host-session=;/);

  // A visitor signing out, and a plain GET, are harmless.
  expect((await fetchApp("/sign-out", { form: {} })).headers.get("Location")).toBe("/auth");
  expect((await fetchApp("/sign-out")).headers.get("Location")).toBe("/");
});

test("sign-out from another site is refused", { timeout: SLOW_TEST_MS }, async () => {
  const { email, id } = await createUser();
  const cookie = await signInOnWeb({ email });
  const response = await fetchApp("/sign-out", { form: {}, origin: "https://evil.example", cookie });
  expect(response.status).toBe(403);
  expect(await countRows("auth_sessions", "user_id = ? AND revoked_at IS NULL", id)).toBe(1);
});

test("the navigation shows Sign In to visitors and the account links by role (SPEC §2)", { timeout: SLOW_TEST_MS }, async () => {
  const visitor = await pageText(await fetchApp("/"));
  expect(visitor).toContain('href="/auth"');
  expect(visitor).not.toContain("Sign Out");

  const roles = { client: ["client"], coach: ["coach"], admin: ["admin"] } as const;
  for (const [name, granted] of Object.entries(roles)) {
    const user = await createUser({ roles: [...granted] });
    const html = await pageText(await fetchApp("/", { cookie: await signInOnWeb({ email: user.email }) }));
    expect(html, name).toContain('href="/learning"');
    expect(html, name).toContain('href="/profile"');
    expect(html, name).toContain('action="/sign-out"');
    expect(html, name).toContain("Sign Out");
    expect(html, name).toContain("Hi, Test");
    expect(html.includes('href="/coach"'), name).toBe(name === "coach");
    expect(html.includes('href="/admin"'), name).toBe(name === "admin");
    expect(html, name).not.toMatch(/class="nav-link"[^>]*href="\/auth"|href="\/auth"[^>]*class="nav-link"/);
  }
});

test("the demo accounts are seeded and sign in with the documented password", { timeout: SLOW_TEST_MS }, async () => {
  for (const account of DEMO_ACCOUNTS) {
    const response = await fetchApp("/auth", { form: { intent: "sign-in", email: account.email, password: DEMO_PASSWORD, redirectTo: "/learning" } });
    expect(response.status, account.email).toBe(302);
    const html = await pageText(await fetchApp("/", { cookie: sessionCookie(response).pair }));
    expect(html).toContain(`Hi, ${account.firstName}`);
    expect(await countRows("user_roles", "user_id = ? AND role = ?", account.id, account.role)).toBe(1);
  }
});

test("sign-up → the emailed code → signed in, with the onboarding email enqueued", { timeout: SLOW_TEST_MS }, async () => {
  const email = uniqueEmail("newbie");
  const signUp = await fetchApp("/auth?redirectTo=%2Flearning", {
    form: {
      intent: "sign-up",
      firstName: "Mia",
      lastName: "Nguyen",
      email,
      password: TEST_PASSWORD,
      redirectTo: "/learning",
    },
  });
  expect(signUp.status).toBe(200);
  const html = await pageText(signUp);
  expect(html).toContain("Confirm your email");
  expect(html).toContain(`We've emailed a 6-digit code to ${email}`);
  expect(sessionCookie(signUp).header).toBe("");

  const code = await emailedCode(email, { subjectStart: "Confirm your ClarityAI Coaching account" });
  const wrong = await fetchApp("/auth", { form: { intent: "confirm-sign-up", email, code: otherCode(code), redirectTo: "/learning" } });
  expect(wrong.status).toBe(400);
  expect(await pageText(wrong)).toContain("That code is incorrect or has expired");

  const confirmed = await fetchApp("/auth", {
    form: { intent: "confirm-sign-up", email, code: `${code.slice(0, 3)} ${code.slice(3)}`, redirectTo: "/learning" },
  });
  expect(confirmed.status).toBe(302);
  expect(confirmed.headers.get("Location")).toBe("/learning");
  const cookie = sessionCookie(confirmed).pair;
  expect(await pageText(await fetchApp("/learning", { cookie }))).toContain("Your learning hub, Mia");
  const user = await env.DB.prepare("SELECT email_confirmed_at, onboarding_enqueued_at FROM users WHERE email = ?")
    .bind(email)
    .first<Record<string, string | null>>();
  expect(user?.email_confirmed_at).toMatch(ISO_TIMESTAMP);
  expect(user?.onboarding_enqueued_at).toMatch(ISO_TIMESTAMP);
});

test("signing in before confirming offers the code step, and a new code can be sent", { timeout: SLOW_TEST_MS }, async () => {
  const email = uniqueEmail("unconfirmed");
  expect((await fetchApp("/auth", { form: { intent: "sign-up", firstName: "Ari", lastName: "Walsh", email, password: TEST_PASSWORD } })).status).toBe(200);
  const signIn = await fetchApp("/auth", { form: { intent: "sign-in", email, password: TEST_PASSWORD } });
  expect(signIn.status).toBe(400);
  const html = await pageText(signIn);
  expect(html).toContain("Confirm your email");
  expect(html).toContain("isn't confirmed yet");
  expect(html).toContain('name="intent" value="resend-confirmation"');

  const resend = await fetchApp("/auth", { form: { intent: "resend-confirmation", email } });
  expect(resend.status).toBe(200);
  expect(await pageText(resend)).toContain(`We've sent a new code to ${email}`);
  const code = await emailedCode(email, { subjectStart: "Confirm your ClarityAI Coaching account", count: 2 });
  const confirmed = await fetchApp("/auth", { form: { intent: "confirm-sign-up", email, code } });
  expect(confirmed.status).toBe(302);
  expect(confirmed.headers.get("Location")).toBe("/profile");
});

test("“Email me a code” signs in with the code from the email", { timeout: SLOW_TEST_MS }, async () => {
  const { email } = await createUser();
  const sent = await fetchApp("/auth", { form: { intent: "send-code", email, redirectTo: "/learning/lesson/cash-flow-profit-is-not-cash" } });
  expect(sent.status).toBe(200);
  const html = await pageText(sent);
  expect(html).toContain("Check your email");
  expect(html).toContain('name="intent" value="verify-code"');

  const code = await emailedCode(email, { subjectStart: "Your ClarityAI Coaching sign-in code" });
  const signedIn = await fetchApp("/auth", { form: { intent: "verify-code", email, code, redirectTo: "/learning/lesson/cash-flow-profit-is-not-cash" } });
  expect(signedIn.status).toBe(302);
  expect(signedIn.headers.get("Location")).toBe("/learning/lesson/cash-flow-profit-is-not-cash");
  expect((await fetchApp("/learning/lesson/cash-flow-profit-is-not-cash", { cookie: sessionCookie(signedIn).pair })).status).toBe(200);

  // A code works once.
  const reused = await fetchApp("/auth", { form: { intent: "verify-code", email, code } });
  expect(reused.status).toBe(400);
});

test("forgot password: the emailed code, then a new password, then sign in with it", { timeout: SLOW_TEST_MS }, async () => {
  const { email } = await createUser();
  const asked = await fetchApp("/auth", { form: { intent: "forgot", email } });
  expect(asked.status).toBe(200);
  expect(await pageText(asked)).toContain(`If there's an account for ${email}`);

  // An unknown address reads the same and sends nothing.
  const nobody = uniqueEmail("nobody");
  expect(await pageText(await fetchApp("/auth", { form: { intent: "forgot", email: nobody } }))).toContain(`If there's an account for ${nobody}`);
  expect(await countRows("email_outbox", "to_address = ?", nobody)).toBe(0);

  const code = await emailedCode(email, { subjectStart: "Reset your ClarityAI Coaching password" });
  const verified = await fetchApp("/auth", { form: { intent: "reset-code", email, code } });
  expect(verified.status).toBe(302);
  expect(verified.headers.get("Location")).toBe("/auth?step=new-password");
  const cookie = sessionCookie(verified).pair;

  // The form posts back to its own address (/auth?step=new-password), as browsers do.
  const form = await fetchApp("/auth?step=new-password", { cookie });
  expect(form.status).toBe(200);
  expect(await pageText(form)).toContain("Choose a new password");

  const mismatch = await fetchApp("/auth?step=new-password", {
    form: { intent: "new-password", password: "Fresh-Start-2026!", confirmPassword: "Fresh-Start-2025!" },
    cookie,
  });
  expect(mismatch.status).toBe(400);
  expect(await pageText(mismatch)).toContain("The two passwords don't match");

  const same = await fetchApp("/auth?step=new-password", { form: { intent: "new-password", password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }, cookie });
  expect(same.status).toBe(400);
  expect(await pageText(same)).toContain("must be different from your current one");

  const saved = await fetchApp("/auth?step=new-password", {
    form: { intent: "new-password", password: "Fresh-Start-2026!", confirmPassword: "Fresh-Start-2026!" },
    cookie,
  });
  expect(saved.status).toBe(302);
  expect(saved.headers.get("Location")).toBe("/profile");
  expect(saved.headers.getSetCookie().some((c) => c.startsWith("__Host-toast="))).toBe(true);

  expect((await fetchApp("/auth", { form: { intent: "sign-in", email, password: TEST_PASSWORD } })).status).toBe(400);
  expect((await fetchApp("/auth", { form: { intent: "sign-in", email, password: "Fresh-Start-2026!" } })).status).toBe(302);

  // Without a session the new-password step is not offered.
  const visitor = await fetchApp("/auth", { form: { intent: "new-password", password: "Another-One-2026!", confirmPassword: "Another-One-2026!" } });
  expect(visitor.status).toBe(302);
  expect(visitor.headers.get("Location")).toBe("/auth?step=forgot");
});

test("a user with an authenticator app is not signed in until the MFA step (aal1 → aal2)", { timeout: SLOW_TEST_MS }, async () => {
  const { email, id } = await createUser();
  const secret = generateSecret();
  const factorId = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO mfa_factors (id, user_id, friendly_name, factor_type, status, secret) VALUES (?, ?, 'Phone', 'totp', 'verified', ?)")
    .bind(factorId, id, secret)
    .run();
  const ip = testClientIp();

  const signIn = await fetchApp("/auth", { form: { intent: "sign-in", email, password: TEST_PASSWORD, redirectTo: "/learning" }, ip });
  expect(signIn.status).toBe(302);
  expect(signIn.headers.get("Location")).toBe("/auth?step=mfa&redirectTo=%2Flearning");
  const cookie = sessionCookie(signIn).pair;

  // The aal1 session opens no guarded page.
  const guarded = await fetchApp("/learning/module/abc", { cookie });
  expect(guarded.status).toBe(302);
  expect(guarded.headers.get("Location")).toBe("/auth?step=mfa&redirectTo=%2Flearning%2Fmodule%2Fabc");
  // Whatever /auth link they follow, they get the MFA step.
  const step = await fetchApp("/auth", { cookie });
  expect(step.status).toBe(200);
  expect(await pageText(step)).toContain("Enter the 6-digit code from your authenticator app");

  const code = await generateTotp(secret);
  const wrong = await fetchApp("/auth?step=mfa&redirectTo=%2Flearning", {
    form: { intent: "mfa", code: otherCode(code), redirectTo: "/learning" },
    cookie,
    ip,
  });
  expect(wrong.status).toBe(400);
  expect(await pageText(wrong)).toContain("That code didn't match");

  const right = await fetchApp("/auth?step=mfa&redirectTo=%2Flearning", { form: { intent: "mfa", code, redirectTo: "/learning" }, cookie, ip });
  expect(right.status).toBe(302);
  expect(right.headers.get("Location")).toBe("/learning");
  expect((await fetchApp("/learning", { cookie })).status).toBe(200);
  expect(await countRows("auth_sessions", "user_id = ? AND aal = 'aal2' AND revoked_at IS NULL", id)).toBe(1);
});

test("recovery for a user with an authenticator app asks for its code before the new password", { timeout: SLOW_TEST_MS }, async () => {
  const { email, id } = await createUser();
  const secret = generateSecret();
  await env.DB.prepare("INSERT INTO mfa_factors (id, user_id, friendly_name, factor_type, status, secret) VALUES (?, ?, 'Phone', 'totp', 'verified', ?)")
    .bind(crypto.randomUUID(), id, secret)
    .run();
  const ip = testClientIp();
  expect((await fetchApp("/auth", { form: { intent: "forgot", email }, ip })).status).toBe(200);
  const code = await emailedCode(email, { subjectStart: "Reset your ClarityAI Coaching password" });
  const verified = await fetchApp("/auth", { form: { intent: "reset-code", email, code }, ip });
  expect(verified.status).toBe(302);
  expect(verified.headers.get("Location")).toBe(`/auth?step=mfa&redirectTo=${encodeURIComponent("/auth?step=new-password")}`);
  const cookie = sessionCookie(verified).pair;

  // The new-password step is not offered at aal1: the MFA step comes first.
  const early = await fetchApp("/auth?step=new-password", { cookie });
  expect(await pageText(early)).toContain("Enter the 6-digit code from your authenticator app");
  const refused = await fetchApp("/auth?step=new-password", {
    form: { intent: "new-password", password: "Fresh-Start-2026!", confirmPassword: "Fresh-Start-2026!" },
    cookie,
    ip,
  });
  expect(refused.status).toBe(302);
  expect(refused.headers.get("Location")).toMatch(/^\/auth\?step=mfa&/);

  const mfa = await fetchApp("/auth?step=mfa", {
    form: { intent: "mfa", code: await generateTotp(secret), redirectTo: "/auth?step=new-password" },
    cookie,
    ip,
  });
  expect(mfa.status).toBe(302);
  expect(mfa.headers.get("Location")).toBe("/auth?step=new-password");
  const saved = await fetchApp("/auth?step=new-password", {
    form: { intent: "new-password", password: "Fresh-Start-2026!", confirmPassword: "Fresh-Start-2026!" },
    cookie,
    ip,
  });
  expect(saved.status).toBe(302);
  expect(saved.headers.get("Location")).toBe("/profile");
});

test("too many sign-in attempts are refused with 429 and a clear message that says how long to wait", { timeout: SLOW_TEST_MS }, async () => {
  const email = uniqueEmail("hammer");
  for (let attempt = 0; attempt < 10; attempt++) await fetchApp("/auth", { form: { intent: "sign-in", email, password: "Wrong-Password-1" } });
  const before = Date.now();
  const last = await fetchApp("/auth", { form: { intent: "sign-in", email, password: "Wrong-Password-1" } });
  const after = Date.now();
  expect(last.status).toBe(429);
  const text = await pageText(last);
  expect(text).toContain("Too many attempts in a short time");
  expect(text).not.toContain("a few minutes");
  // Five wrong passwords for one account from one source: that source waits out a 15-minute window.
  expectWaitWithinWindow(text, 15 * 60_000, { before, after });
  expect(text).toContain("then try again, or sign in with an emailed code instead.");
  expect(last.headers.get("Retry-After")).toMatch(/^\d+$/);
});

test(
  "a form acting on the account renews the web session's expiring tokens, as a client would, so its last activity moves",
  { timeout: SLOW_TEST_MS },
  async () => {
    const user = await createUser({ email: uniqueEmail("renew") });
    const cookie = await signInOnWeb(user);
    const { keys } = await env.SESSIONS.list({ prefix: "web:" });
    type Tokens = { authSessionId: string; userId: string; refreshToken: string; expiresAt: number };
    let key = "";
    let record: Tokens | null = null;
    for (const { name } of keys) {
      const candidate = await env.SESSIONS.get<Tokens>(name, "json");
      if (candidate?.userId === user.id) [key, record] = [name, candidate];
    }
    expect(record, "the web session's record").not.toBeNull();
    const refreshedAt = () =>
      env.DB.prepare("SELECT refreshed_at FROM auth_sessions WHERE id = ?").bind(record!.authSessionId).first<string | null>("refreshed_at");
    expect(await refreshedAt()).toBeNull();

    // Fresh tokens are left alone.
    const saved = await fetchApp("/profile?tab=details", { form: { intent: "update-details", firstName: "Renata", lastName: "Ng" }, cookie });
    expect(saved.status).toBe(302);
    expect(await refreshedAt()).toBeNull();

    // Tokens about to expire are renewed first, and the form still does its work.
    await env.SESSIONS.put(key, JSON.stringify({ ...record!, expiresAt: Math.floor(Date.now() / 1000) + 30 }));
    const renewed = await fetchApp("/profile?tab=details", { form: { intent: "update-details", firstName: "Renata", lastName: "Nguyen" }, cookie });
    expect(renewed.status).toBe(302);
    expect(await refreshedAt()).toMatch(ISO_TIMESTAMP);
    const after = await env.SESSIONS.get<Tokens>(key, "json");
    expect(after?.refreshToken).not.toBe(record!.refreshToken);
    expect(after!.expiresAt).toBeGreaterThan(Math.floor(Date.now() / 1000) + 60);
    expect(await env.DB.prepare("SELECT last_name FROM profiles WHERE user_id = ?").bind(user.id).first("last_name")).toBe("Nguyen");
  },
);
