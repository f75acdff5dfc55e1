import { FunctionsHttpError } from "@supabase/supabase-js";
import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { ANON_KEY, expiredToken, signedInClient, supabaseClient } from "./client";
import { outboxFor } from "../../factories/emails";
import { createUser, uniqueEmail } from "../../factories/users";
import { countRows, fetchApp } from "../app";
import { holdJobs } from "../queue";

// /functions/v1 through supabase-js's functions.invoke, and raw requests for the gateway's answers.

const MINUTE = 60_000;

/** A confirmed user created `minutesAgo` minutes ago: past the sign-in's own 5-minute welcome window unless 0. */
function userCreated(minutesAgo: number) {
  return createUser({ createdAt: new Date(Date.now() - minutesAgo * MINUTE).toISOString() });
}

async function statusOf(error: unknown) {
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const response = (error as FunctionsHttpError).context as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

test("send-user-onboarding sends the welcome once, to the user's own address, whatever the body names", async () => {
  const user = await userCreated(10);
  const jobs = holdJobs();
  const { client } = await signedInClient(user.email);
  expect(jobs.held).toEqual([]);
  const stranger = uniqueEmail("stranger");

  const first = await client.functions.invoke("send-user-onboarding", { body: { email: stranger, firstName: "<b>Eve</b>", lastName: "Relay" } });
  expect(first).toMatchObject({ error: null, data: { sent: true } });
  const again = await client.functions.invoke("send-user-onboarding", { body: { email: user.email, firstName: "Test", lastName: "User" } });
  expect(again).toMatchObject({ error: null, data: { sent: false, reason: "already_sent" } });
  await jobs.flush();

  const [welcome, ...more] = await outboxFor(`onboarding:${user.id}`);
  expect(more).toEqual([]);
  expect(welcome).toMatchObject({ to_address: user.email, subject: "Welcome to ClarityAI Coaching", status: "stored" });
  expect(welcome!.text_body).toMatch(/^Hi Test,\n/);
  expect(welcome!.text_body).not.toContain("Eve");
  // The welcome promotes the services: marketing mail, branded HTML, with an unsubscribe link in both parts.
  expect(welcome).toMatchObject({ category: "marketing" });
  expect(welcome!.html_body).toContain("Welcome, Test");
  expect(welcome!.text_body).toMatch(/\nUnsubscribe: https?:\/\/\S+\/unsubscribe\?token=/);
  expect(welcome!.html_body).toContain("/unsubscribe?token=");
  expect(await countRows("email_outbox", "to_address = ?", stranger)).toBe(0);
  expect(await env.DB.prepare("SELECT onboarding_enqueued_at FROM users WHERE id = ?").bind(user.id).first("onboarding_enqueued_at")).not.toBeNull();
});

test("send-user-onboarding after a sign-in that already queued the welcome: still one email", async () => {
  const user = await userCreated(0);
  const jobs = holdJobs();
  const { client } = await signedInClient(user.email);
  expect(jobs.held).toMatchObject([{ type: "user.onboarding", userId: user.id }]);
  const result = await client.functions.invoke("send-user-onboarding", { body: { email: user.email, firstName: "Test", lastName: "User" } });
  expect(result).toMatchObject({ error: null, data: { sent: false, reason: "already_sent" } });
  await jobs.flush();
  expect(await outboxFor(`onboarding:${user.id}`)).toHaveLength(1);
});

test("send-user-onboarding sends nothing for an account older than 24 hours or without a confirmed email", async () => {
  const old = await userCreated(25 * 60);
  const { client } = await signedInClient(old.email);
  expect(await client.functions.invoke("send-user-onboarding", { body: {} })).toMatchObject({ error: null, data: { sent: false, reason: "account_too_old" } });
  expect(await outboxFor(`onboarding:${old.id}`)).toEqual([]);

  const unconfirmed = await userCreated(10);
  const { session } = await signedInClient(unconfirmed.email);
  await env.DB.prepare("UPDATE users SET email_confirmed_at = NULL WHERE id = ?").bind(unconfirmed.id).run();
  const response = await fetchApp("/functions/v1/send-user-onboarding", { token: session.access_token, json: "{}", headers: { apikey: ANON_KEY } });
  expect(await response.json()).toEqual({ sent: false, reason: "no_confirmed_email" });
  expect(await outboxFor(`onboarding:${unconfirmed.id}`)).toEqual([]);
});

test("send-user-onboarding needs a signed-in user's valid token", async () => {
  const user = await userCreated(10);
  const anon = await supabaseClient().functions.invoke("send-user-onboarding", { body: { email: user.email, firstName: "A", lastName: "B" } });
  expect(await statusOf(anon.error)).toMatchObject({ status: 401 });

  const missing = await fetchApp("/functions/v1/send-user-onboarding", { json: "{}", headers: { apikey: ANON_KEY } });
  expect(missing.status).toBe(401);
  const { session } = await signedInClient(user.email);
  const expired = await fetchApp("/functions/v1/send-user-onboarding", {
    token: await expiredToken(session.access_token),
    json: "{}",
    headers: { apikey: ANON_KEY },
  });
  expect(expired.status).toBe(401);
  expect(await expired.json()).toMatchObject({ message: "JWT expired" });
  const forged = await fetchApp("/functions/v1/send-user-onboarding", {
    token: `${session.access_token.slice(0, -4)}AAAA`,
    json: "{}",
    headers: { apikey: ANON_KEY },
  });
  expect(forged.status).toBe(401);
  expect(await outboxFor(`onboarding:${user.id}`)).toEqual([]);
});

test("the functions router: unknown names are 404, other methods 405, bad bodies 400, and CORS preflight answers", async () => {
  const user = await userCreated(10);
  const { client, session } = await signedInClient(user.email);
  const unknown = await client.functions.invoke("no-such-function", { body: {} });
  expect(await statusOf(unknown.error)).toEqual({ status: 404, body: { code: "NOT_FOUND", message: "Requested function was not found" } });
  for (const name of ["__proto__", "constructor", "send-user-onboarding/extra", ""]) {
    expect((await fetchApp(`/functions/v1/${name}`, { token: session.access_token, json: "{}", headers: { apikey: ANON_KEY } })).status, name).toBe(404);
  }
  expect((await fetchApp("/functions/v1/send-user-onboarding", { token: session.access_token, headers: { apikey: ANON_KEY } })).status).toBe(405);
  const bad = await fetchApp("/functions/v1/send-user-onboarding", { token: session.access_token, json: "{oops", headers: { apikey: ANON_KEY } });
  expect(bad.status).toBe(400);
  expect(await bad.json()).toMatchObject({ code: "invalid_json" });
  const array = await fetchApp("/functions/v1/send-user-onboarding", { token: session.access_token, json: "[]", headers: { apikey: ANON_KEY } });
  expect(array.status).toBe(400);
  expect(await outboxFor(`onboarding:${user.id}`)).toEqual([]);

  const preflight = await fetchApp("/functions/v1/send-user-onboarding", {
    method: "OPTIONS",
    headers: {
      apikey: ANON_KEY,
      Origin: "https://app.example",
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "authorization, x-client-info, apikey, content-type",
    },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get("Access-Control-Allow-Origin")).toBe("*");
  for (const header of ["authorization", "x-client-info", "apikey", "content-type"])
    expect(preflight.headers.get("Access-Control-Allow-Headers")).toContain(header);
  expect(preflight.headers.get("X-Content-Type-Options")).toBe("nosniff");
});
