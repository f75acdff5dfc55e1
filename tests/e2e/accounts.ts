import { expect, type APIRequestContext } from "@playwright/test";
import { generateTotp, timeStep } from "../../app/auth/totp";
import { codeIn, waitForEmail } from "./outbox";

// Accounts for the journeys, made over HTTP without driving any page: the auth API for users and
// factors, and the sign-in form's own document POST for a browser's web session.

/** README "Demo accounts" (scripts/seed.ts). */
export const DEMO_PASSWORD = "Demo-Coaching-2026!";
export const DEMO_ADMIN = { email: "admin@clarityai.test", password: DEMO_PASSWORD };
export const DEMO_CLIENT = { email: "client@clarityai.test", password: DEMO_PASSWORD };
export const DEMO_COACH = { email: "coach@clarityai.test", password: DEMO_PASSWORD };

export type Credentials = { email: string; password: string };
export type TestUser = Credentials & { firstName: string; lastName: string };

export const TEST_PASSWORD = "Southern-Cross-2026!";

export function uniqueEmail(name: string) {
  return `${name}.${crypto.randomUUID().slice(0, 8)}@example.com.au`;
}

const JSON_HEADERS = { "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01" };

/**
 * A fresh, confirmed user: sign-up through the auth API (POST /auth/v1/signup), then the code from
 * the confirmation email (read from the outbox by `admin`) through POST /auth/v1/verify.
 */
export async function createConfirmedUser(
  request: APIRequestContext,
  admin: APIRequestContext,
  { firstName = "Test", lastName = "User", email = uniqueEmail(firstName.toLowerCase()), password = TEST_PASSWORD }: Partial<TestUser> = {},
): Promise<TestUser> {
  const signUp = await request.post("/auth/v1/signup", {
    headers: JSON_HEADERS,
    data: { email, password, data: { first_name: firstName, last_name: lastName } },
  });
  expect(signUp.status(), `sign-up of ${email}: ${await signUp.text()}`).toBe(200);
  const code = codeIn(await waitForEmail(admin, email, "Confirm your ClarityAI Coaching account"));
  const verified = await request.post("/auth/v1/verify", { headers: JSON_HEADERS, data: { type: "signup", email, token: code } });
  expect(verified.status(), `confirmation of ${email}: ${await verified.text()}`).toBe(200);
  return { email, password, firstName, lastName };
}

/**
 * Starts a web session exactly as the sign-in form does — a document POST of the form's fields to
 * /auth — without rendering it. The __Host-session cookie lands in `request`'s cookie jar (for
 * `page.request`, the page's browser context).
 */
export async function signInWithForm(request: APIRequestContext, baseURL: string, { email, password }: Credentials, redirectTo = "/profile") {
  const response = await request.post("/auth", {
    form: { intent: "sign-in", email, password, redirectTo },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in of ${email}`).toBe(302);
  expect(response.headers()["location"], `sign-in of ${email}`).toBe(redirectTo);
  expect(response.headers()["set-cookie"], `sign-in of ${email}`).toMatch(/^__Host-session=[^;]+;/m);
}

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
