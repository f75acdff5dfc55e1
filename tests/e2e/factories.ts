import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { hashPassword } from "../../app/auth/password.server";
import { generateTotp, timeStep } from "../../app/auth/totp";

// What the journeys need before they start, made over HTTP without driving any page: accounts and a
// browser's web session (made by the journeys' server, scripts/serve.ts --test-accounts), an authenticator app (the auth API), a ClarityAI subscription
// (the checkout's server path) and the emails in the outbox (read as the demo admin).

/** README "Demo accounts" (scripts/seed.ts). Parallel journeys share them: never sign them out. */
export const DEMO_PASSWORD = "Demo-Coaching-2026!";
export const DEMO_ADMIN = { email: "admin@clarityai.test", password: DEMO_PASSWORD };
export const DEMO_CLIENT = { email: "client@clarityai.test", password: DEMO_PASSWORD };
export const DEMO_COACH = { email: "coach@clarityai.test", password: DEMO_PASSWORD };

export type Credentials = { email: string; password: string };
export type TestUser = Credentials & { firstName: string; lastName: string };
export type Role = "client" | "coach" | "admin";

export const TEST_PASSWORD = "Southern-Cross-2026!";

/** An address no other journey uses. */
export function uniqueEmail(name: string) {
  return `${name}.${crypto.randomUUID().slice(0, 8)}@example.com.au`;
}

// TEST_PASSWORD hashed once per Playwright worker with the app's own function.
let passwordHash: Promise<string> | undefined;

/**
 * A fresh, confirmed account (with these names and roles), as a sign-up confirmed by its emailed
 * code leaves it, written by the journeys' server without sending any email.
 */
export async function createAccount(
  request: APIRequestContext,
  {
    firstName = "Test",
    lastName = "User",
    email = uniqueEmail(firstName.toLowerCase()),
    roles = [],
  }: Partial<Pick<TestUser, "firstName" | "lastName" | "email">> & { roles?: Role[] } = {},
): Promise<TestUser> {
  const created = await request.post("/__test/accounts", {
    data: { email, passwordHash: await (passwordHash ??= hashPassword(TEST_PASSWORD)), firstName, lastName, roles },
  });
  expect(created.status(), `account for ${email}: ${await created.text()}`).toBe(201);
  return { email, password: TEST_PASSWORD, firstName, lastName };
}

/**
 * Starts a web session for an account without the sign-in form or a password check: the journeys'
 * server starts it with the app's own sign-in functions (POST /__test/sessions, served only by
 * scripts/serve.ts --test-accounts) and answers its cookie. The __Host-session cookie lands in
 * `request`'s cookie jar (for `page.request`, the page's browser context), so the next page the test
 * opens is signed in. The sign-in journeys (auth.spec.ts, role-denied.spec.ts) use the form instead.
 */
export async function startSession(request: APIRequestContext, { email }: { email: string }) {
  const response = await request.post("/__test/sessions", { data: { email } });
  expect(response.status(), `session for ${email}: ${await response.text()}`).toBe(204);
  expect(response.headers()["set-cookie"], `session for ${email}`).toMatch(/^__Host-session=[^;]+;/m);
}

const JSON_HEADERS = { "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01" };

/**
 * Turns on an authenticator app for a user through the auth API (enrol, challenge, verify), as an
 * authenticator-app user would have done on another day, then signs that API session out. Returns
 * the secret and the time step of the code that verified it: that step's code is spent.
 */
export async function enrolAuthenticatorApp(request: APIRequestContext, { email, password }: Credentials) {
  const signIn = await request.post("/auth/v1/token?grant_type=password", { headers: JSON_HEADERS, data: { email, password } });
  expect(signIn.status(), `API sign-in of ${email}`).toBe(200);
  const headers = { ...JSON_HEADERS, Authorization: `Bearer ${((await signIn.json()) as { access_token: string }).access_token}` };
  const enrolled = await request.post("/auth/v1/factors", { headers, data: { factor_type: "totp", friendly_name: "Authenticator app" } });
  expect(enrolled.status()).toBe(200);
  const factor = (await enrolled.json()) as { id: string; totp: { secret: string } };
  const challenge = await request.post(`/auth/v1/factors/${factor.id}/challenge`, { headers, data: {} });
  expect(challenge.status()).toBe(200);
  const verifiedAt = Date.now();
  const verified = await request.post(`/auth/v1/factors/${factor.id}/verify`, {
    headers,
    data: { challenge_id: ((await challenge.json()) as { id: string }).id, code: await generateTotp(factor.totp.secret, verifiedAt) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const elevated = { ...JSON_HEADERS, Authorization: `Bearer ${((await verified.json()) as { access_token: string }).access_token}` };
  expect((await request.post("/auth/v1/logout?scope=local", { headers: elevated })).status()).toBe(204);
  return { secret: factor.totp.secret, spentStep: timeStep(verifiedAt) };
}

/**
 * The code an authenticator app shows in the 30-second step after `step`. Verification accepts one
 * step of clock skew, so it is accepted now, without waiting for that step to begin.
 */
export function codeForStepAfter(secret: string, step: number) {
  return generateTotp(secret, (step + 1) * 30_000);
}

/**
 * A ClarityAI subscription for the signed-in user of `page`, for journeys that are not about paying:
 * the server path of the checkout without its pages. It asks /billing/checkout for a Checkout
 * Session, pays it in the local payments sandbox and opens the success URL, which syncs the
 * subscription (billing.spec.ts checks each step of the checkout itself).
 */
export async function giveAiSubscription(page: Page, tier: "lite" | "pro") {
  const checkout = await page.request.post("/billing/checkout", { form: { tier, interval: "month" }, headers: { Accept: "application/json" } });
  expect(checkout.status()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  const paid = await page.request.post(url, { form: { intent: "pay" }, maxRedirects: 0 });
  expect(paid.status()).toBeGreaterThanOrEqual(300);
  const success = paid.headers()["location"] ?? "";
  expect(success).toMatch(/\/payment-success\?session_id=/);
  expect((await page.request.get(success)).status()).toBe(200);
}

// ── The outbox ──────────────────────────────────────────────────────────────────────────────────
// With no email provider configured, every email the app sends stays in the outbox, and admins
// read it at /admin/outbox. The journeys read codes the same way, as the demo admin over HTTP with
// a session of their own — never by opening the server's database file underneath it.

export type OutboxEmail = { to_address: string; subject: string; text_body: string };

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'" };

function decodeHtml(text: string) {
  return text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** The outbox listing's rows: address, subject and the link to the email, newest first. */
function outboxRows(html: string) {
  return html
    .split(/<tr\b/)
    .map((row) => {
      const link = row.match(/<a\b[^>]*\bhref="(\/admin\/outbox\/[\w-]+)"[^>]*>([^<]*)<\/a>/);
      // The first cell is the address (the list's row header), its text possibly wrapped in a span.
      const first = row.match(/<t[hd]\b[^>]*>([\s\S]*?)<\/t[hd]>/)?.[1] ?? "";
      return { to: decodeHtml(first.replace(/<[^>]*>/g, "").trim()), href: link?.[1] ?? "", subject: decodeHtml(link?.[2] ?? "") };
    })
    .filter((row) => row.href !== "");
}

/**
 * The newest email to this address whose subject starts with `subjectStart`, waiting for it to
 * arrive (queued emails, like the onboarding email, are written by the queue consumer a moment
 * later). `admin` is a request context signed in as an admin.
 */
export async function waitForEmail(admin: APIRequestContext, to: string, subjectStart: string, { timeout = 30_000 } = {}): Promise<OutboxEmail> {
  let found = { href: "", subject: "" };
  await expect
    .poll(
      async () => {
        // Searched by the address, so the email is on the first page however full the outbox is.
        const listing = await admin.get(`/admin/outbox?q=${encodeURIComponent(to)}`);
        expect(new URL(listing.url()).pathname, "the outbox, read as an admin").toBe("/admin/outbox");
        found = outboxRows(await listing.text()).find((row) => row.to === to && row.subject.startsWith(subjectStart)) ?? found;
        return found.href;
      },
      { message: `an email "${subjectStart}…" to ${to} in the outbox`, timeout },
    )
    .toMatch(/^\/admin\/outbox\/[\w-]+$/);
  const page = await admin.get(found.href);
  expect(page.status()).toBe(200);
  const body = (await page.text()).match(/<pre\b[^>]*aria-label="Email text"[^>]*>([\s\S]*?)<\/pre>/)?.[1];
  expect(body, `the text of "${found.subject}"`).toEqual(expect.any(String));
  return { to_address: to, subject: found.subject, text_body: decodeHtml(body!) };
}

/** The 6-digit code in an email's text. */
export function codeIn(email: OutboxEmail): string {
  const code = /\b(\d{6})\b/.exec(email.text_body)?.[1];
  expect(code, `a 6-digit code in "${email.subject}"`).toMatch(/^\d{6}$/);
  return code!;
}

/**
 * A confirmed booking between a coach and a client starting a few minutes from now, so its meeting
 * room is open (POST /__test/bookings, served only by the journeys' server). Returns the meeting's id.
 */
export async function createOpenMeeting(request: APIRequestContext, { coach, client }: { coach: { email: string }; client: { email: string } }) {
  const response = await request.post("/__test/bookings", { data: { coachEmail: coach.email, clientEmail: client.email } });
  expect(response.status(), `booking: ${await response.text()}`).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/**
 * Writes what no page writes (last month's sessions, a module of the journey's own) through the
 * server's own D1, in one batch (POST /__test/d1, served only by the journeys' server).
 */
export async function runSql(request: APIRequestContext, statements: string[]) {
  const response = await request.post("/__test/d1", { data: { statements } });
  expect(response.status(), await response.text()).toBe(204);
}
