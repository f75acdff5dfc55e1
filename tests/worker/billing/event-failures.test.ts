import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { createAiCheckout } from "~/billing/checkout.server";
import { createSignedInUser, createUser } from "../../factories/users";
import { contextFor, countRows, fetchApp, pageText } from "../app";
import { completeCheckout, deliverWebhook, failRenewal, sessionIdOf, stripeEnv, type FakeEvent } from "../stripe";

// Stripe events that fail to apply are kept (stripe_event_failures) for admins: Stripe is still
// answered 5xx so it retries, a later delivery that applies marks the row "applied", and an admin
// replays one (once: the stripe_events id keeps it to one effect) or dismisses it, audited.

const UNREACHABLE = () => stripeEnv({ STRIPE_API_URL: "http://127.0.0.1:9" });

/** A user with a paid ClarityAI subscription at the fake Stripe, and the events of a failed renewal. */
async function failedRenewal() {
  const user = await createUser();
  const bindings = stripeEnv();
  const { url } = await createAiCheckout(contextFor(bindings), { id: user.id, email: user.email }, { tier: "lite", interval: "month" });
  const { object: session, events } = await completeCheckout(sessionIdOf(url));
  for (const event of events) expect((await deliverWebhook(event, bindings)).status).toBe(200);
  const renewal = await failRenewal(String(session.subscription));
  const failed = renewal.events.find((e) => e.type === "invoice.payment_failed")!;
  return { user, bindings, event: failed };
}

type FailureRow = { event_id: string; type: string; payload: string; error: string; attempts: number; status: string; resolved_by: string | null };

function failureOf(eventId: string) {
  return env.DB.prepare("SELECT * FROM stripe_event_failures WHERE event_id = ?").bind(eventId).first<FailureRow>();
}

const paymentFailedEmails = (to: string) => countRows("email_outbox", "to_address = ? AND subject LIKE 'Action needed%'", to);

async function failOnce(event: FakeEvent) {
  const response = await deliverWebhook(event, UNREACHABLE());
  expect(response.status).toBe(503);
  return response;
}

test("an event that fails to apply is kept with its payload as received, its error and attempts; Stripe still gets a 503", async () => {
  const { user, event } = await failedRenewal();
  await failOnce(event);
  const row = await failureOf(event.id);
  expect(row).toMatchObject({ type: "invoice.payment_failed", attempts: 1, status: "failed", resolved_by: null });
  expect(row!.payload).toBe(JSON.stringify(event));
  expect(row!.error).toMatch(/Stripe couldn't be reached \(503\)/);
  expect(await countRows("stripe_events", "id = ?", event.id)).toBe(0);

  // Stripe's retry fails too: one row, two attempts.
  await failOnce(event);
  expect(await failureOf(event.id)).toMatchObject({ attempts: 2, status: "failed" });
  expect(await paymentFailedEmails(user.email)).toBe(0);
});

test("a later delivery from Stripe that applies marks the failure applied, in the same batch as its effect", async () => {
  const { user, bindings, event } = await failedRenewal();
  await failOnce(event);
  expect((await deliverWebhook(event, bindings)).status).toBe(200);
  expect(await failureOf(event.id)).toMatchObject({ status: "applied", resolved_by: null });
  expect(await countRows("stripe_events", "id = ?", event.id)).toBe(1);
  expect(await paymentFailedEmails(user.email)).toBe(1);
});

test("an admin replays a failed event: applied once, audited; replaying again changes nothing", async () => {
  const { user, bindings, event } = await failedRenewal();
  const admin = await createSignedInUser({ roles: ["admin"] });
  await failOnce(event);

  const path = `/admin/attention/stripe/${event.id}`;
  const replay = await fetchApp(path, { cookie: admin.cookie, form: { intent: "replay" }, bindings });
  expect(replay.status).toBe(302);
  expect(replay.headers.get("Location")).toBe("/admin/attention");
  expect(await failureOf(event.id)).toMatchObject({ status: "replayed", resolved_by: admin.id });
  expect(await countRows("stripe_events", "id = ?", event.id)).toBe(1);
  expect(await paymentFailedEmails(user.email)).toBe(1);
  expect(await countRows("audit_log", "action = 'stripe_event_replayed' AND actor_id = ? AND target_id = ?", admin.id, event.id)).toBe(1);

  // A second replay (another tab, a double click) and Stripe's own redelivery: still one effect.
  const again = await fetchApp(path, { cookie: admin.cookie, form: { intent: "replay" }, bindings });
  expect(again.status).toBe(302);
  expect(again.headers.get("Location")).toBe(path);
  expect((await deliverWebhook(event, bindings)).status).toBe(200);
  expect(await paymentFailedEmails(user.email)).toBe(1);
  expect(await countRows("audit_log", "action = 'stripe_event_replayed' AND target_id = ?", event.id)).toBe(1);
  expect(await failureOf(event.id)).toMatchObject({ status: "replayed" });
});

test("a replay that fails again keeps it waiting with one more attempt, and says so (no 500)", async () => {
  const { event } = await failedRenewal();
  const admin = await createSignedInUser({ roles: ["admin"] });
  await failOnce(event);
  const response = await fetchApp(`/admin/attention/stripe/${event.id}`, { cookie: admin.cookie, form: { intent: "replay" }, bindings: UNREACHABLE() });
  expect(response.status).toBe(409);
  expect(await pageText(response)).toContain("It failed again");
  expect(await failureOf(event.id)).toMatchObject({ status: "failed", attempts: 2 });
  expect(await countRows("audit_log", "action = 'stripe_event_replayed' AND target_id = ?", event.id)).toBe(0);
});

test("an admin dismisses a failed event: never applied, audited; it can't be replayed afterwards", async () => {
  const { user, bindings, event } = await failedRenewal();
  const admin = await createSignedInUser({ roles: ["admin"] });
  await failOnce(event);
  const path = `/admin/attention/stripe/${event.id}`;
  const dismissed = await fetchApp(path, { cookie: admin.cookie, form: { intent: "dismiss" }, bindings });
  expect(dismissed.status).toBe(302);
  expect(await failureOf(event.id)).toMatchObject({ status: "dismissed", resolved_by: admin.id });
  const entry = await env.DB.prepare("SELECT detail FROM audit_log WHERE action = 'stripe_event_dismissed' AND actor_id = ? AND target_id = ?")
    .bind(admin.id, event.id)
    .first<{ detail: string }>();
  expect(JSON.parse(entry!.detail)).toMatchObject({ targetType: "stripe_event", changes: { status: { from: "failed", to: "dismissed" } } });

  const replay = await fetchApp(path, { cookie: admin.cookie, form: { intent: "replay" }, bindings });
  expect(replay.headers.get("Location")).toBe(path);
  expect(await countRows("stripe_events", "id = ?", event.id)).toBe(0);
  expect(await paymentFailedEmails(user.email)).toBe(0);
});

test("the inspect page shows the event with personal data hidden; the list shows it waiting", async () => {
  const { user, event } = await failedRenewal();
  const admin = await createSignedInUser({ roles: ["admin"] });
  await failOnce(event);
  const page = await pageText(await fetchApp(`/admin/attention/stripe/${event.id}`, { cookie: admin.cookie }));
  expect(page).toContain(event.id);
  expect(page).toContain("invoice.payment_failed");
  expect(page).toContain("(hidden)");
  expect(page).not.toContain(user.email);

  const list = await pageText(await fetchApp(`/admin/attention?kind=stripe&q=${event.id}`, { cookie: admin.cookie }));
  expect(list).toContain("invoice.payment_failed");
  expect(list).toContain(`/admin/attention/stripe/${event.id}`);
  expect(list).not.toContain(user.email);

  // Bad input is a 4xx, never a 500.
  expect((await fetchApp("/admin/attention/nonsense/x", { cookie: admin.cookie })).status).toBe(404);
  expect((await fetchApp(`/admin/attention/stripe/${"x".repeat(300)}`, { cookie: admin.cookie })).status).toBe(404);
  expect((await fetchApp(`/admin/attention/stripe/${event.id}`, { cookie: admin.cookie, form: { intent: "explode" } })).status).toBe(400);
  expect((await fetchApp("/admin/attention?sort=nope&dir=sideways&page=-3&kind=zzz", { cookie: admin.cookie })).status).toBe(200);
});
