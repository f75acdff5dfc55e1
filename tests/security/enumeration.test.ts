import { env } from "cloudflare:workers";
import { expect, test, vi } from "vitest";
import { TEST_PASSWORD, createUser, signIn, uniqueEmail } from "../factories/users";
import { authApi, countRows, testClientIp } from "../worker/app";
import { holdJobs } from "../worker/queue";

// Findings of the penetration test on account enumeration: sign-up answered an existing address
// with a different shape (and a 500 when two sign-ups raced), /otp, /recover and /resend did more
// work (and took twice as long) for an existing account, and PUT /user's email check was an
// unlimited oracle.

type Json = Record<string, unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The structure of a JSON value: keys in order, element shapes, and the kind of each leaf. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]));
  if (typeof value === "string") return UUID.test(value) ? "uuid" : TIMESTAMP.test(value) ? "timestamp" : value === "" ? "empty" : "string";
  return typeof value;
}

test("/otp, /recover and /resend do the same work for an existing and a missing address; the account is looked up in a job", async () => {
  const known = await createUser({ email: uniqueEmail("same-work-known") });
  await env.DB.prepare("UPDATE users SET email_confirmed_at = NULL WHERE id = ?").bind(known.id).run();
  const missing = uniqueEmail("same-work-missing");
  const { held, flush } = holdJobs();
  const requests = (email: string): [string, Json][] => [
    ["/otp", { email, create_user: false }],
    ["/recover", { email }],
    ["/resend", { email, type: "signup" }],
  ];

  const trace = async (email: string, label: string) => {
    const statements: string[] = [];
    const prepare = env.DB.prepare.bind(env.DB);
    const spy = vi.spyOn(env.DB, "prepare").mockImplementation((sql: string) => {
      statements.push(sql);
      return prepare(sql);
    });
    const answers: string[] = [];
    for (const [path, body] of requests(email)) {
      const response = await authApi(path, { ip: testClientIp(label), json: body });
      answers.push(`${response.status} ${await response.text()}`);
    }
    spy.mockRestore();
    const jobs = held.map((job) => shape({ ...job, address: undefined }));
    return { answers, statements, jobs };
  };

  const forKnown = await trace(known.email, "known");
  const knownJobs = held.length;
  await flush();
  const forMissing = await trace(missing, "missing");
  expect(forMissing.answers).toEqual(["200 {}", "200 {}", "200 {}"]);
  expect(forKnown.answers).toEqual(forMissing.answers);
  expect(forKnown.statements, "the same database statements, in the same order").toEqual(forMissing.statements);
  expect(
    forKnown.statements.some((sql) => /from "users"/i.test(sql)),
    "no account lookup in the request",
  ).toBe(false);
  expect(knownJobs).toBe(3);
  expect(forMissing.jobs).toEqual(forKnown.jobs.slice(0, 3));
  await flush();

  // The jobs did what the endpoints used to: emails for the account, nothing for the missing address.
  expect(await countRows("email_outbox", "to_address = ?", missing)).toBe(0);
  expect(await countRows("users", "email = ?", missing)).toBe(0);
  expect(await countRows("email_outbox", "to_address = ? AND subject = ?", known.email, "Confirm your ClarityAI Coaching account")).toBe(2);
  expect(await countRows("email_outbox", "to_address = ? AND subject = ?", known.email, "Reset your ClarityAI Coaching password")).toBe(1);
});

test("sign-up answers an existing address with exactly the shape of a new account", { timeout: 30_000 }, async () => {
  const existing = await createUser({ email: uniqueEmail("signup-taken"), roles: ["coach"] });
  const data = { first_name: "Ana", last_name: "Silva", business: "Silva Bakery" };
  const fresh = await authApi("/signup", { json: { email: uniqueEmail("signup-new"), password: TEST_PASSWORD, data } });
  const taken = await authApi("/signup", { ip: testClientIp("other"), json: { email: existing.email.toUpperCase(), password: TEST_PASSWORD, data } });
  expect([fresh.status, taken.status]).toEqual([200, 200]);
  const forNew = (await fresh.json()) as Json & { identities: Json[] };
  const forTaken = (await taken.json()) as Json & { identities: Json[] };

  expect(shape(forTaken)).toEqual(shape(forNew));
  expect(forTaken.email).toBe(existing.email);
  expect(forTaken.user_metadata).toEqual(data);
  expect(forTaken.app_metadata).toEqual(forNew.app_metadata);
  expect(forTaken.app_metadata).toEqual({ provider: "email", providers: ["email"], roles: ["client"] }); // a new account's, not the real account's roles
  expect(forTaken.id).not.toBe(existing.id);
  const identity = forTaken.identities[0]!;
  expect(identity).toMatchObject({ id: forTaken.id, user_id: forTaken.id, provider: "email", email: existing.email });
  expect(identity.identity_data).toEqual({ sub: forTaken.id, email: existing.email, email_verified: false, phone_verified: false });
  expect(identity.identity_id).not.toBe(forTaken.id);
  expect(forTaken.created_at).toBe(forTaken.updated_at);
  // The real owner hears about it by email; nothing about the account changed.
  expect(await countRows("email_outbox", "to_address = ? AND subject = ?", existing.email, "Someone tried to create an account with your email")).toBe(1);
  expect(await countRows("users", "email = ?", existing.email)).toBe(1);
});

test("sign-ups racing for one address all answer 200 like a new account, and one account is made", { timeout: 30_000 }, async () => {
  const email = uniqueEmail("signup-race");
  const responses = await Promise.all(
    [0, 1, 2].map((i) => authApi("/signup", { ip: testClientIp(`racer-${i}`), json: { email, password: TEST_PASSWORD, data: { first_name: "Kai" } } })),
  );
  expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
  const bodies = (await Promise.all(responses.map((r) => r.json()))) as Json[];
  for (const body of bodies) expect(shape(body)).toEqual(shape(bodies[0]));
  expect(await countRows("users", "email = ?", email)).toBe(1);
});

test("PUT /user email changes are limited per user before the address is checked", { timeout: 30_000 }, async () => {
  const user = await createUser({ email: uniqueEmail("change-oracle") });
  const taken = await createUser({ email: uniqueEmail("change-taken") });
  const { access_token } = await signIn(user.email);
  const change = (email: string) => authApi("/user", { method: "PUT", token: access_token, json: { email } });

  for (let i = 0; i < 4; i++) expect((await change(i % 2 ? taken.email : uniqueEmail("probe"))).status).toBeLessThan(429);
  const limited = [await change(taken.email), await change(uniqueEmail("probe"))];
  expect(limited.map((r) => r.status)).toEqual([429, 429]);
  expect(await limited[0]!.json()).toMatchObject({ code: "over_email_send_rate_limit" });
});
