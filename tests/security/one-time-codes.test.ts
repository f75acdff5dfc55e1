import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { CAPTCHA_FAILED, CAPTCHA_MISSING } from "~/auth/captcha.server";
import { OTP_TTL_SECONDS } from "~/auth/config.server";
import { AUTH_LIMITS, WRONG_CODE_ATTEMPTS } from "~/auth/limits.server";
import { sha256Hex } from "~/utils/hex";
import { FAKE_TURNSTILE_PASS_TOKEN } from "../fakes/turnstile-server";
import { TURNSTILE_SITE_KEY, withTurnstile } from "./turnstile-bindings";
import { codeIn, emailedCode, linkIn, outboxTo, waitForEmails } from "../factories/emails";
import { TEST_PASSWORD, createUser, signIn, uniqueEmail } from "../factories/users";
import { authApi, expectWaitWithinWindow, fetchApp, pageText, testClientIp } from "../worker/app";
import { holdJobs } from "../worker/queue";

// Findings of the penetration tests on one-time codes: link tokens that could be computed from the
// address and a 6-digit code, codes that survived any number of wrong guesses, a per-address email
// quota a stranger could exhaust, and a per-address verification budget that let ten wrong codes
// from ten addresses refuse the owner's correct code for 15 minutes. Wrong codes are now limited
// per source; five of them burn the address's codes (its owner asks for a new one); and with
// Turnstile, an address that has had five wrong codes asks every code for a captcha.

const SIGN_IN_SUBJECT = "Your ClarityAI Coaching sign-in code";
const otherCode = (code: string, step = 1) => String((Number(code) + step) % 1_000_000).padStart(6, "0");

/** Sends a sign-in code to a confirmed user and returns the email's code and link. */
async function signInEmail(email: string, ip = testClientIp("requester")) {
  const before = (await outboxTo(email, { subject: SIGN_IN_SUBJECT })).length;
  expect((await authApi("/otp", { ip, json: { email, create_user: false } })).status).toBe(200);
  const [latest] = await waitForEmails(email, { subject: SIGN_IN_SUBJECT, count: before + 1 });
  return { code: codeIn(latest!.text_body), link: linkIn(latest!.text_body) };
}

/** Sends each guess for the address from a source of its own; returns the statuses. */
async function guessCodes(email: string, guesses: string[], label: string, type = "email") {
  const statuses: number[] = [];
  for (const [i, token] of guesses.entries()) {
    statuses.push((await authApi("/verify", { ip: testClientIp(`${label}-${i}`), json: { type, email, token } })).status);
  }
  return statuses;
}

/**
 * The owner asks for a code (`requestCode` returns it); ten strangers, each from a source of its
 * own, send wrong ones for the address, and the first five burn it. The burned code is refused;
 * the owner asks again, and the answer to the new code is returned.
 */
async function strangersThenOwner(email: string, type: string, requestCode: () => Promise<string>) {
  const owner = testClientIp("owner");
  const first = await requestCode();
  const guesses = Array.from({ length: 10 }, (_, i) => otherCode(first, i + 1));
  expect(await guessCodes(email, guesses, "stranger", type)).toEqual(Array(10).fill(403));
  const burned = await authApi("/verify", { ip: owner, json: { type, email, token: first } });
  expect(burned.status, "the burned code").toBe(403);
  expect(await burned.json()).toMatchObject({ code: "otp_expired", message: "Token has expired or is invalid" });
  const fresh = await requestCode();
  return authApi("/verify", { ip: owner, json: { type, email, token: fresh } });
}

test("the thresholds are the documented ones", () => {
  expect(WRONG_CODE_ATTEMPTS).toBe(5);
  expect(OTP_TTL_SECONDS).toBe(3600);
  expect(AUTH_LIMITS.wrongCodesPerSource).toMatchObject({ limit: 10, windowMs: 60 * 60_000 });
  expect(AUTH_LIMITS.wrongCodesPerAddress).toMatchObject({ limit: 5, windowMs: 24 * 60 * 60_000 });
});

test("ten wrong codes from ten sources don't stop the owner signing in with a new code", async () => {
  const user = await createUser({ email: uniqueEmail("many-sources") });
  const answer = await strangersThenOwner(user.email, "email", async () => (await signInEmail(user.email, testClientIp("owner"))).code);
  expect(answer.status, "the owner's new code, at once").toBe(200);
  expect(((await answer.json()) as { user: { id: string } }).user.id).toBe(user.id);
});

test("ten wrong codes from ten sources don't stop the owner's magic-link code", async () => {
  const user = await createUser({ email: uniqueEmail("many-magic") });
  const answer = await strangersThenOwner(user.email, "magiclink", async () => (await signInEmail(user.email, testClientIp("owner"))).code);
  expect(answer.status, "the owner's new code, at once").toBe(200);
});

test("ten wrong codes from ten sources don't stop the owner resetting their password", async () => {
  const user = await createUser({ email: uniqueEmail("many-reset") });
  const SUBJECT = "Reset your ClarityAI Coaching password";
  const answer = await strangersThenOwner(user.email, "recovery", async () => {
    const before = (await outboxTo(user.email, { subject: SUBJECT })).length;
    expect((await authApi("/recover", { ip: testClientIp("owner"), json: { email: user.email } })).status).toBe(200);
    return await emailedCode(user.email, { subject: SUBJECT, count: before + 1 });
  });
  expect(answer.status, "the owner's new code, at once").toBe(200);
});

test("ten wrong codes from ten sources don't stop the owner confirming their sign-up", async () => {
  const email = uniqueEmail("many-signup");
  const SUBJECT = "Confirm your ClarityAI Coaching account";
  let asked = 0;
  const answer = await strangersThenOwner(email, "signup", async () => {
    const before = (await outboxTo(email, { subject: SUBJECT })).length;
    const response =
      asked++ === 0
        ? await authApi("/signup", { ip: testClientIp("owner"), json: { email, password: TEST_PASSWORD } })
        : await authApi("/resend", { ip: testClientIp("owner"), json: { type: "signup", email } });
    expect(response.status).toBe(200);
    return await emailedCode(email, { subject: SUBJECT, count: before + 1 });
  });
  expect(answer.status, "the owner's new code, at once").toBe(200);
  expect(await env.DB.prepare("SELECT email_confirmed_at FROM users WHERE email = ?").bind(email).first("email_confirmed_at")).toBeTruthy();
});

test("ten wrong codes from ten sources for a new address don't stop the owner's email change", async () => {
  const user = await createUser({ email: uniqueEmail("change-from") });
  const newEmail = uniqueEmail("change-to");
  const owner = testClientIp("owner");
  const { access_token } = await signIn(user.email);
  const TO_NEW = "Confirm your new email address";
  const TO_CURRENT = "Confirm the change of your email address";
  let currentCode = "";
  const answer = await strangersThenOwner(newEmail, "email_change", async () => {
    const [beforeNew, beforeCurrent] = [(await outboxTo(newEmail, { subject: TO_NEW })).length, (await outboxTo(user.email, { subject: TO_CURRENT })).length];
    expect((await authApi("/user", { method: "PUT", token: access_token, ip: owner, json: { email: newEmail } })).status).toBe(200);
    currentCode = await emailedCode(user.email, { subject: TO_CURRENT, count: beforeCurrent + 1 });
    return await emailedCode(newEmail, { subject: TO_NEW, count: beforeNew + 1 });
  });
  expect(answer.status, "the owner's new code for the new address, at once").toBe(200);
  expect(await answer.json()).toMatchObject({ code: "200" });
  const completed = await authApi("/verify", { ip: owner, json: { type: "email_change", email: user.email, token: currentCode } });
  expect(completed.status).toBe(200);
  expect(await env.DB.prepare("SELECT email FROM users WHERE id = ?").bind(user.id).first("email")).toBe(newEmail);
});

test("on the sign-in page, ten wrong codes from ten sources don't stop the owner signing in with a new code", async () => {
  const { email } = await createUser({ email: uniqueEmail("web-code") });
  const owner = testClientIp("owner");
  expect((await fetchApp("/auth", { form: { redirectTo: "/profile", intent: "send-code", email }, ip: owner })).status).toBe(200);
  const first = await emailedCode(email, { subject: SIGN_IN_SUBJECT });
  for (let i = 0; i < 10; i++) {
    const refused = await fetchApp("/auth", {
      form: { redirectTo: "/profile", intent: "verify-code", email, code: otherCode(first, i + 1) },
      ip: testClientIp(`stranger-${i}`),
    });
    expect(refused.status).toBe(400);
  }
  const burned = await fetchApp("/auth", { form: { redirectTo: "/profile", intent: "verify-code", email, code: first }, ip: owner });
  expect(burned.status).toBe(400);
  const burnedText = await pageText(burned);

  expect((await fetchApp("/auth", { form: { redirectTo: "/profile", intent: "send-code", email }, ip: owner })).status).toBe(200);
  const fresh = await emailedCode(email, { subject: SIGN_IN_SUBJECT, count: 2 });
  const signedIn = await fetchApp("/auth", { form: { redirectTo: "/profile", intent: "verify-code", email, code: fresh }, ip: owner });
  expect(signedIn.status, "the owner's new code, at once").toBe(302);
  expect(signedIn.headers.get("Location")).toBe("/profile");
  // The refusal of the burned code told the owner what to do.
  expect(burnedText).toContain("A code stops working after an hour or after 5 wrong tries, so check your latest email or ask for a new one below.");
});

test("one source is refused after ten wrong codes an hour, whichever addresses it tries; the owner elsewhere is not", async () => {
  const user = await createUser({ email: uniqueEmail("per-source") });
  const { code } = await signInEmail(user.email, testClientIp("owner"));
  const guesser = testClientIp("guesser");
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) {
    statuses.push((await authApi("/verify", { ip: guesser, json: { type: "email", email: uniqueEmail("target"), token: "123456" } })).status);
  }
  expect(statuses).toEqual(Array(10).fill(403));
  const refused = await authApi("/verify", { ip: guesser, json: { type: "email", email: user.email, token: otherCode(code) } });
  expect(refused.status).toBe(429);
  expect(await refused.json()).toMatchObject({ code: "over_request_rate_limit" });
  // Refused before any code is looked at: the owner's code was not touched, and works from elsewhere.
  expect(await env.DB.prepare("SELECT failed_attempts FROM one_time_tokens WHERE user_id = ?").bind(user.id).first("failed_attempts")).toBe(0);
  expect((await authApi("/verify", { ip: testClientIp("owner"), json: { type: "email", email: user.email, token: code } })).status).toBe(200);
});

test("on the sign-in page, a source refused for wrong codes is told the real wait: the rest of the hour, not a few minutes", async () => {
  const guesser = testClientIp("guesser");
  for (let i = 0; i < 10; i++) {
    const wrong = await fetchApp("/auth", {
      form: { intent: "verify-code", email: uniqueEmail("target"), code: "123456", redirectTo: "/profile" },
      ip: guesser,
    });
    expect(wrong.status).toBe(400);
  }
  const before = Date.now();
  const refused = await fetchApp("/auth", {
    form: { intent: "verify-code", email: uniqueEmail("target"), code: "123456", redirectTo: "/profile" },
    ip: guesser,
  });
  const after = Date.now();
  expect(refused.status).toBe(429);
  const text = await pageText(refused);
  expect(text).toContain("Too many attempts in a short time.");
  expectWaitWithinWindow(text, AUTH_LIMITS.wrongCodesPerSource.windowMs, { before, after });
  // This step already is the emailed code: it offers no emailed code instead.
  expect(text).not.toContain("or sign in with an emailed code instead");
});

test("with Turnstile, an address with five wrong codes asks every code for a captcha, so strangers can't burn the owner's next one", async () => {
  const bindings = withTurnstile();
  const user = await createUser({ email: uniqueEmail("captcha-code") });
  const owner = testClientIp("owner");
  const first = await signInEmail(user.email, owner);
  // Below the threshold nobody is asked: five wrong codes from five sources are plain wrong codes, and burn the first code.
  for (let i = 0; i < 5; i++) {
    const wrong = await authApi("/verify", {
      json: { type: "email", email: user.email, token: otherCode(first.code, i + 1) },
      ip: testClientIp(`stranger-${i}`),
      bindings,
    });
    expect(await wrong.json()).toMatchObject({ code: "otp_expired" });
  }

  const fresh = await signInEmail(user.email, owner);
  for (let i = 5; i < 12; i++) {
    const asked = await authApi("/verify", {
      json: { type: "email", email: user.email, token: otherCode(fresh.code, i) },
      ip: testClientIp(`stranger-${i}`),
      bindings,
    });
    expect(asked.status).toBe(400);
    expect(await asked.json()).toMatchObject({ code: "captcha_failed", message: CAPTCHA_MISSING });
  }
  // Turned away before the code was looked at: the owner's new code has no wrong tries against it.
  expect(await env.DB.prepare("SELECT failed_attempts FROM one_time_tokens WHERE user_id = ?").bind(user.id).first("failed_attempts")).toBe(0);

  const withoutToken = await authApi("/verify", { json: { type: "email", email: user.email, token: fresh.code }, ip: owner, bindings });
  expect(await withoutToken.json()).toMatchObject({ code: "captcha_failed", message: CAPTCHA_MISSING });
  const rejected = await authApi("/verify", {
    json: {
      type: "email",
      email: user.email,
      token: fresh.code,
      gotrue_meta_security: { captcha_token: "fail-token" },
    },
    ip: owner,
    bindings,
  });
  expect(await rejected.json()).toMatchObject({ code: "captcha_failed", message: CAPTCHA_FAILED });
  // A wrong code with a good captcha is still a wrong code.
  const wrongWithCaptcha = await authApi("/verify", {
    json: {
      type: "email",
      email: user.email,
      token: otherCode(fresh.code, 99),
      gotrue_meta_security: { captcha_token: FAKE_TURNSTILE_PASS_TOKEN },
    },
    ip: testClientIp("solver"),
    bindings,
  });
  expect(await wrongWithCaptcha.json()).toMatchObject({ code: "otp_expired" });
  const accepted = await authApi("/verify", {
    json: {
      type: "email",
      email: user.email,
      token: fresh.code,
      gotrue_meta_security: { captcha_token: FAKE_TURNSTILE_PASS_TOKEN },
    },
    ip: owner,
    bindings,
  });
  expect(accepted.status).toBe(200);
  expect(((await accepted.json()) as { user: { id: string } }).user.id).toBe(user.id);
});

test("with Turnstile, the code step of the sign-in page shows the captcha once the address asks for one, and sends its token on", async () => {
  const bindings = withTurnstile();
  const { email } = await createUser({ email: uniqueEmail("web-captcha") });
  const owner = testClientIp("owner");
  const widget = `data-sitekey="${TURNSTILE_SITE_KEY}"`;
  expect((await fetchApp("/auth", { form: { redirectTo: "/profile", intent: "send-code", email }, ip: owner, bindings })).status).toBe(200);
  const code = await emailedCode(email, { subject: SIGN_IN_SUBJECT });
  for (let i = 0; i < 5; i++) {
    const wrong = await fetchApp("/auth", {
      form: { redirectTo: "/profile", intent: "verify-code", email, code: otherCode(code, i + 1) },
      ip: testClientIp(`stranger-${i}`),
      bindings,
    });
    expect(wrong.status).toBe(400);
    expect(await pageText(wrong)).not.toContain(widget);
  }
  expect((await fetchApp("/auth", { form: { redirectTo: "/profile", intent: "send-code", email }, ip: owner, bindings })).status).toBe(200);
  const fresh = await emailedCode(email, { subject: SIGN_IN_SUBJECT, count: 2 });

  const asked = await fetchApp("/auth", { form: { redirectTo: "/profile", intent: "verify-code", email, code: fresh }, ip: owner, bindings });
  expect(asked.status).toBe(400);
  const html = await pageText(asked);
  expect(html).toContain("For your security, we need to check that you're not a robot.");
  expect(html).toContain(`<div class="cf-turnstile" ${widget}></div>`);
  expect(html).toContain('name="intent" value="verify-code"');
  // Without JavaScript the widget can't run; this step already is the emailed code, so it offers none instead.
  expect(html).toContain("The security check needs JavaScript. Turn JavaScript on, then enter the code again.");
  expect(html).not.toContain("sign in with an emailed code instead");

  const rejected = await fetchApp("/auth", {
    form: { redirectTo: "/profile", intent: "verify-code", email, code: fresh, "cf-turnstile-response": "fail-token" },
    ip: owner,
    bindings,
  });
  expect(rejected.status).toBe(400);
  const rejectedHtml = await pageText(rejected);
  expect(rejectedHtml).toContain("The security check didn't work or has expired.");
  expect(rejectedHtml).toContain(widget);

  const signedIn = await fetchApp("/auth", {
    form: { redirectTo: "/profile", intent: "verify-code", email, code: fresh, "cf-turnstile-response": FAKE_TURNSTILE_PASS_TOKEN },
    ip: owner,
    bindings,
  });
  expect(signedIn.status).toBe(302);
  expect(signedIn.headers.get("Location")).toBe("/profile");
});

test("a link's token is random: the hash of the address and the code is not accepted as token_hash", async () => {
  const user = await createUser({ email: uniqueEmail("link-random") });
  const { code, link } = await signInEmail(user.email);
  const token = link.searchParams.get("token")!;
  const computable = await sha256Hex(`${user.email}${code}`);
  expect(token).not.toBe(computable);
  expect(token.length, "at least 128 bits of base64url").toBeGreaterThanOrEqual(22);

  const forged = await authApi("/verify", { json: { type: "magiclink", token_hash: computable } });
  expect(forged.status).toBe(403);
  expect(await forged.json()).toMatchObject({ code: "otp_expired", message: "Email link is invalid or has expired" });
  const forgedLink = await fetchApp(`/auth/v1/verify?type=magiclink&token=${computable}`);
  expect(new URLSearchParams(new URL(forgedLink.headers.get("Location")!).hash.slice(1)).get("error_code")).toBe("otp_expired");

  // The real token still works, once.
  const real = await authApi("/verify", { json: { type: "magiclink", token_hash: token } });
  expect(real.status).toBe(200);
  expect(((await real.json()) as { user: { id: string } }).user.id).toBe(user.id);
});

test("strangers' wrong codes don't stop the owner's email links", async () => {
  const user = await createUser({ email: uniqueEmail("link-strangers") });
  // Ten wrong codes for the address from ten sources (nothing outstanding to burn yet)…
  expect(await guessCodes(user.email, ["100000", "100001", "100002", "100003", "100004", "100005", "100006", "100007", "100008", "100009"], "guess")).toEqual(
    Array(10).fill(403),
  );
  // …and a link sent afterwards works on both link paths.
  const { link } = await signInEmail(user.email);
  const viaHash = await authApi("/verify", { ip: testClientIp("hash"), json: { type: "magiclink", token_hash: link.searchParams.get("token")! } });
  expect(viaHash.status).toBe(200);
  const second = await signInEmail(user.email);
  second.link.searchParams.set("redirect_to", "http://localhost:8787/profile");
  const viaLink = await fetchApp(new Request(second.link, { redirect: "manual", headers: { "CF-Connecting-IP": testClientIp("link") } }));
  expect(viaLink.status).toBe(303);
  expect(new URLSearchParams(new URL(viaLink.headers.get("Location")!).hash.slice(1)).get("access_token")).toBeTruthy();
  expect(await env.DB.prepare("SELECT count(*) AS n FROM auth_sessions WHERE user_id = ?").bind(user.id).first("n")).toBe(2);
});

test("wrong token hashes that match no code are counted per source", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 31; i++) {
    const response = await authApi("/verify", { json: { type: "magiclink", token_hash: `${i}`.padStart(43, "x") } });
    statuses.push(response.status);
  }
  expect(statuses.slice(0, 30)).toEqual(Array(30).fill(403));
  expect(statuses[30]).toBe(429);
});

test("five wrong codes for an address burn its outstanding code and link; a new code works", async () => {
  const user = await createUser({ email: uniqueEmail("burn") });
  const { code, link } = await signInEmail(user.email);
  expect(
    await guessCodes(
      user.email,
      [1, 2, 3, 4, 5].map((step) => otherCode(code, step)),
      "wrong",
    ),
  ).toEqual(Array(5).fill(403));

  const right = await authApi("/verify", { ip: testClientIp("owner"), json: { type: "email", email: user.email, token: code } });
  expect(right.status).toBe(403);
  expect(await right.json()).toMatchObject({ code: "otp_expired", message: "Token has expired or is invalid" });
  expect(await env.DB.prepare("SELECT count(*) AS n FROM one_time_tokens WHERE user_id = ?").bind(user.id).first("n")).toBe(0);
  const viaLink = await fetchApp(new Request(link, { redirect: "manual", headers: { "CF-Connecting-IP": testClientIp("owner") } }));
  expect(new URLSearchParams(new URL(viaLink.headers.get("Location")!).hash.slice(1)).get("error_code")).toBe("otp_expired");

  // Fewer wrong codes leave a fresh code alive.
  const fresh = await signInEmail(user.email, testClientIp("owner"));
  expect(
    await guessCodes(
      user.email,
      [1, 2, 3].map((step) => otherCode(fresh.code, step)),
      "again",
    ),
  ).toEqual(Array(3).fill(403));
  const works = await authApi("/verify", { ip: testClientIp("owner"), json: { type: "email", email: user.email, token: fresh.code } });
  expect(works.status, "the owner's code after three wrong ones").toBe(200);
});

test("the reauthentication nonce of PUT /user is limited per source and burned like any code", async () => {
  const user = await createUser({ email: uniqueEmail("nonce") });
  const { access_token } = await signIn(user.email);
  expect((await authApi("/reauthenticate", { token: access_token })).status).toBe(200);
  const [message] = await waitForEmails(user.email, { subject: "Confirm it's you" });
  const nonce = codeIn(message!.text_body);
  const put = (guess: string) => authApi("/user", { method: "PUT", token: access_token, json: { data: { plan: "pro" }, nonce: guess } });

  for (const step of [1, 2, 3, 4, 5]) {
    expect(await put(otherCode(nonce, step)).then((r) => r.json())).toMatchObject({ code: "reauthentication_not_valid" });
  }
  const burned = await put(nonce);
  expect(burned.status, "the right nonce after five wrong ones").toBe(422);
  expect(await burned.json()).toMatchObject({ code: "reauthentication_not_valid", message: "Nonce has expired or is invalid" });

  for (const step of [6, 7, 8, 9]) expect((await put(otherCode(nonce, step))).status).toBe(422);
  const limited = await put(otherCode(nonce, 10));
  expect(limited.status, "the eleventh wrong code from this source").toBe(429);
  expect(await limited.json()).toMatchObject({ code: "over_request_rate_limit" });
});

test("a stranger can neither block the owner's emails nor replace the code the owner already has", { timeout: 30_000 }, async () => {
  const user = await createUser({ email: uniqueEmail("quota") });
  const { flush } = holdJobs();
  const recover = async (ip: string) => {
    const response = await authApi("/recover", { ip, json: { email: user.email } });
    await flush();
    return response;
  };
  const SUBJECT = "Reset your ClarityAI Coaching password";

  // One source gets three emails to one address an hour, then 429.
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) statuses.push((await recover(testClientIp("stranger-0"))).status);
  expect(statuses).toEqual([200, 200, 200, 429]);
  const refused = await recover(testClientIp("stranger-0"));
  expect(await refused.json()).toMatchObject({ code: "over_email_send_rate_limit", message: "email rate limit exceeded" });
  expect(await outboxTo(user.email, { subject: SUBJECT })).toHaveLength(3);

  // More sources bring the address to its hourly total of ten emails.
  for (let i = 0; i < 7; i++) expect((await recover(testClientIp(`stranger-${1 + Math.floor(i / 3)}`))).status).toBe(200);
  const sent = await outboxTo(user.email, { subject: SUBJECT });
  expect(sent).toHaveLength(10);
  const lastCode = codeIn(sent[0]!.text_body);

  // Beyond it, the owner's request answers as usual, sends nothing new and keeps the last code valid.
  const owner = await recover(testClientIp("owner"));
  expect(owner.status).toBe(200);
  expect(await owner.text()).toBe("{}");
  expect(await outboxTo(user.email, { subject: SUBJECT })).toHaveLength(10);
  const verified = await authApi("/verify", { ip: testClientIp("owner"), json: { type: "recovery", email: user.email, token: lastCode } });
  expect(verified.status).toBe(200);

  // With no live code left (it was just used), a further request sends a new one despite the total.
  expect((await recover(testClientIp("owner"))).status).toBe(200);
  expect(await outboxTo(user.email, { subject: SUBJECT })).toHaveLength(11);
});
