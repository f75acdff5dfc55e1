import { env } from "cloudflare:workers";
import { expect, test, vi } from "vitest";
import { sha256Hex } from "~/utils/hex";
import { fetchApp } from "../worker/app";
import { testClientIp } from "../worker/client-ip";
import { createConfirmedUser, signIn, uniqueEmail, apiRequest as api } from "../worker/auth-helpers";
import { holdJobs } from "../worker/queue-helpers";

// Findings of the penetration test on one-time codes: link tokens that could be computed from the
// address and a 6-digit code, verification paths outside the per-address budget, codes that
// survived any number of wrong guesses, and a per-address email quota a stranger could exhaust.

type OutboxRow = { id: string; subject: string; text_body: string; created_at: string };

async function messagesTo(to: string, subject: string) {
  const { results } = await env.DB.prepare("SELECT * FROM email_outbox WHERE to_address = ? AND subject = ? ORDER BY created_at DESC, rowid DESC")
    .bind(to, subject)
    .all<OutboxRow>();
  return results;
}

/** Waits until `count` messages with this subject have reached the address (they are written by a queue job). */
async function waitForMessages(to: string, subject: string, count = 1) {
  return vi.waitFor(
    async () => {
      const rows = await messagesTo(to, subject);
      expect(rows.length, `${count} message(s) "${subject}" to ${to}`).toBeGreaterThanOrEqual(count);
      return rows;
    },
    { timeout: 10_000, interval: 50 },
  );
}

function codeIn(text: string) {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

function linkIn(text: string) {
  const link = /(https?:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(text)?.[1];
  expect(link).toBeDefined();
  return new URL(link!);
}

const SIGN_IN_SUBJECT = "Your ClarityAI Coaching sign-in code";
const otherCode = (code: string, step = 1) => String((Number(code) + step) % 1_000_000).padStart(6, "0");

/** Sends a sign-in code to a confirmed user and returns the email's code and link. */
async function signInEmail(email: string, ip = testClientIp("requester")) {
  const before = (await messagesTo(email, SIGN_IN_SUBJECT)).length;
  expect((await api("POST", "/otp", { ip, body: { email, create_user: false } })).status).toBe(200);
  const [latest] = await waitForMessages(email, SIGN_IN_SUBJECT, before + 1);
  return { code: codeIn(latest!.text_body), link: linkIn(latest!.text_body) };
}

async function guessCodes(email: string, guesses: string[], label: string) {
  const statuses: number[] = [];
  for (const [i, token] of guesses.entries()) {
    statuses.push((await api("POST", "/verify", { ip: testClientIp(`${label}-${i}`), body: { type: "email", email, token } })).status);
  }
  return statuses;
}

test("a link's token is random: the hash of the address and the code is not accepted as token_hash", async () => {
  const user = await createConfirmedUser({ email: uniqueEmail("link-random") });
  const { code, link } = await signInEmail(user.email);
  const token = link.searchParams.get("token")!;
  const computable = await sha256Hex(`${user.email}${code}`);
  expect(token).not.toBe(computable);
  expect(token.length, "at least 128 bits of base64url").toBeGreaterThanOrEqual(22);

  const forged = await api("POST", "/verify", { body: { type: "magiclink", token_hash: computable } });
  expect(forged.status).toBe(403);
  expect(await forged.json()).toMatchObject({ code: "otp_expired", message: "Email link is invalid or has expired" });
  const forgedLink = await fetchApp(new Request(`http://localhost/auth/v1/verify?type=magiclink&token=${computable}`, { redirect: "manual" }));
  expect(new URLSearchParams(new URL(forgedLink.headers.get("Location")!).hash.slice(1)).get("error_code")).toBe("otp_expired");

  // The real token still works, once.
  const real = await api("POST", "/verify", { body: { type: "magiclink", token_hash: token } });
  expect(real.status).toBe(200);
  expect(((await real.json()) as { user: { id: string } }).user.id).toBe(user.id);
});

test("token_hash and email links count against the address's verification budget, like codes", async () => {
  const user = await createConfirmedUser({ email: uniqueEmail("link-budget") });
  // Ten wrong codes for the address from ten sources use up its budget (nothing outstanding to burn yet)…
  expect(await guessCodes(user.email, ["100000", "100001", "100002", "100003", "100004", "100005", "100006", "100007", "100008", "100009"], "guess")).toEqual(
    Array(10).fill(403),
  );
  // …so a link sent afterwards is refused on both link paths until the window has passed.
  const { link } = await signInEmail(user.email);
  const token = link.searchParams.get("token")!;
  const viaHash = await api("POST", "/verify", { ip: testClientIp("hash"), body: { type: "magiclink", token_hash: token } });
  expect(viaHash.status).toBe(429);
  expect(await viaHash.json()).toMatchObject({ code: "over_request_rate_limit" });
  link.searchParams.set("redirect_to", "http://localhost:8787/profile");
  const viaLink = await fetchApp(new Request(link, { redirect: "manual", headers: { "CF-Connecting-IP": testClientIp("link") } }));
  expect(viaLink.status).toBe(429);
  expect(await viaLink.json()).toMatchObject({ error_code: "over_request_rate_limit" });
  expect(await env.DB.prepare("SELECT count(*) AS n FROM auth_sessions WHERE user_id = ?").bind(user.id).first("n")).toBe(0);
});

test("wrong token hashes that match no code are counted per source", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 31; i++) {
    const response = await api("POST", "/verify", { body: { type: "magiclink", token_hash: `${i}`.padStart(43, "x") } });
    statuses.push(response.status);
  }
  expect(statuses.slice(0, 30)).toEqual(Array(30).fill(403));
  expect(statuses[30]).toBe(429);
});

test("five wrong codes for an address burn its outstanding code and link; a new code works", async () => {
  const user = await createConfirmedUser({ email: uniqueEmail("burn") });
  const { code, link } = await signInEmail(user.email);
  expect(
    await guessCodes(
      user.email,
      [1, 2, 3, 4, 5].map((step) => otherCode(code, step)),
      "wrong",
    ),
  ).toEqual(Array(5).fill(403));

  const right = await api("POST", "/verify", { ip: testClientIp("owner"), body: { type: "email", email: user.email, token: code } });
  expect(right.status).toBe(403);
  expect(await right.json()).toMatchObject({ code: "otp_expired", message: "Token has expired or is invalid" });
  expect(await env.DB.prepare("SELECT count(*) AS n FROM one_time_tokens WHERE user_id = ?").bind(user.id).first("n")).toBe(0);
  const viaLink = await fetchApp(new Request(link, { redirect: "manual", headers: { "CF-Connecting-IP": testClientIp("owner") } }));
  expect(new URLSearchParams(new URL(viaLink.headers.get("Location")!).hash.slice(1)).get("error_code")).toBe("otp_expired");

  // Fewer wrong codes leave a fresh code alive (six verifications of the address so far, three more now).
  const fresh = await signInEmail(user.email, testClientIp("owner"));
  expect(
    await guessCodes(
      user.email,
      [1, 2, 3].map((step) => otherCode(fresh.code, step)),
      "again",
    ),
  ).toEqual(Array(3).fill(403));
  const works = await api("POST", "/verify", { ip: testClientIp("owner"), body: { type: "email", email: user.email, token: fresh.code } });
  expect(works.status, "the tenth verification is still within the budget").toBe(200);
});

test("the reauthentication nonce of PUT /user is budgeted and burned like any code", async () => {
  const user = await createConfirmedUser({ email: uniqueEmail("nonce") });
  const { access_token } = await signIn(user.email);
  expect((await api("GET", "/reauthenticate", { token: access_token })).status).toBe(200);
  const [message] = await waitForMessages(user.email, "Confirm it's you");
  const nonce = codeIn(message!.text_body);
  const put = (guess: string) => api("PUT", "/user", { token: access_token, body: { data: { plan: "pro" }, nonce: guess } });

  for (const step of [1, 2, 3, 4, 5]) {
    expect(await put(otherCode(nonce, step)).then((r) => r.json())).toMatchObject({ code: "reauthentication_not_valid" });
  }
  const burned = await put(nonce);
  expect(burned.status, "the right nonce after five wrong ones").toBe(422);
  expect(await burned.json()).toMatchObject({ code: "reauthentication_not_valid", message: "Nonce has expired or is invalid" });

  for (const step of [6, 7, 8, 9]) expect((await put(otherCode(nonce, step))).status).toBe(422);
  const limited = await put(otherCode(nonce, 10));
  expect(limited.status, "the eleventh attempt for the address").toBe(429);
  expect(await limited.json()).toMatchObject({ code: "over_request_rate_limit" });
});

test("a stranger can neither block the owner's emails nor replace the code the owner already has", { timeout: 30_000 }, async () => {
  const user = await createConfirmedUser({ email: uniqueEmail("quota") });
  const { flush } = holdJobs();
  const recover = async (ip: string) => {
    const response = await api("POST", "/recover", { ip, body: { email: user.email } });
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
  expect(await messagesTo(user.email, SUBJECT)).toHaveLength(3);

  // More sources bring the address to its hourly total of ten emails.
  for (let i = 0; i < 7; i++) expect((await recover(testClientIp(`stranger-${1 + Math.floor(i / 3)}`))).status).toBe(200);
  const sent = await messagesTo(user.email, SUBJECT);
  expect(sent).toHaveLength(10);
  const lastCode = codeIn(sent[0]!.text_body);

  // Beyond it, the owner's request answers as usual, sends nothing new and keeps the last code valid.
  const owner = await recover(testClientIp("owner"));
  expect(owner.status).toBe(200);
  expect(await owner.text()).toBe("{}");
  expect(await messagesTo(user.email, SUBJECT)).toHaveLength(10);
  const verified = await api("POST", "/verify", { ip: testClientIp("owner"), body: { type: "recovery", email: user.email, token: lastCode } });
  expect(verified.status).toBe(200);

  // With no live code left (it was just used), a further request sends a new one despite the total.
  expect((await recover(testClientIp("owner"))).status).toBe(200);
  expect(await messagesTo(user.email, SUBJECT)).toHaveLength(11);
});
