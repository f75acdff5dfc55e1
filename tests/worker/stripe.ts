import { env } from "cloudflare:workers";
import { createClient } from "@supabase/supabase-js";
import { inject } from "vitest";
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET } from "../fakes/stripe-server";
import { TEST_PASSWORD } from "../factories/users";
import { fetchApp } from "./app";

// Stripe in the workerd tests: the Worker's bindings pointed at the fake Stripe server
// (tests/fakes/stripe-server.ts), that server's test controls (what a customer or someone in the
// Stripe dashboard does there), and webhook events delivered as Stripe delivers them.

/** The Worker's bindings pointed at the fake Stripe server. */
export function stripeEnv(extra: Record<string, string> = {}): Env {
  return {
    ...env,
    STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: inject("fakeStripeUrl"),
    ...extra,
  } as Env;
}

/** Stripe's signature scheme, written out here (not the SDK's helper), so the test checks the scheme itself. */
export async function signatureFor(payload: string, { secret = FAKE_STRIPE_WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000) } = {}) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${timestamp}.${payload}`)));
  return `t=${timestamp},v1=${[...mac].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

export type FakeEvent = { id: string; type: string; data: { object: Record<string, unknown> } };

/** POSTs an event to /webhooks/stripe as Stripe does (no Origin, a Stripe-Signature header unless `signature` is null). */
export async function deliverWebhook(event: FakeEvent | string, bindings = stripeEnv(), signature?: string | null) {
  const payload = typeof event === "string" ? event : JSON.stringify(event);
  const header = signature === undefined ? await signatureFor(payload) : signature;
  return fetchApp("/webhooks/stripe", {
    body: payload,
    contentType: "application/json; charset=utf-8",
    headers: { "User-Agent": "Stripe/1.0", ...(header === null ? {} : { "Stripe-Signature": header }) },
    bindings,
  });
}

async function control<T>(method: string, path: string): Promise<T> {
  const response = await fetch(`${inject("fakeStripeUrl")}/_test/${path}`, { method });
  if (!response.ok) throw new Error(`fake Stripe ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

type ControlResult = { object: Record<string, unknown> & { id: string }; events: FakeEvent[] };

/** The customer pays on Stripe's Checkout page: the session completes; answers the events Stripe would send. */
export const completeCheckout = (sessionId: string) => control<ControlResult>("POST", `checkout/${sessionId}/complete`);
export const failRenewal = (subscriptionId: string) => control<ControlResult>("POST", `subscriptions/${subscriptionId}/fail-renewal`);
export const fakeObject = (id: string) => control<Record<string, unknown>>("GET", `objects/${id}`);
export const fakeEvents = (customer: string) => control<FakeEvent[]>("GET", `events?customer=${encodeURIComponent(customer)}`);

/** The events the fake Stripe raised about one object (a Checkout Session, or a PaymentIntent's charge). */
export async function eventsAbout(id: string): Promise<FakeEvent[]> {
  const response = await fetch(`${inject("fakeStripeUrl")}/_test/events?about=${encodeURIComponent(id)}`);
  return (await response.json()) as FakeEvent[];
}

/** Calls the fake Stripe API directly, as someone working in the Stripe dashboard would. */
export async function stripeApi(method: string, path: string, form: Record<string, string> = {}) {
  const response = await fetch(`${inject("fakeStripeUrl")}${path}`, {
    method,
    headers: { Authorization: `Bearer ${FAKE_STRIPE_SECRET_KEY}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: method === "GET" ? undefined : new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The one event of a type among those raised. */
export const byType = (events: FakeEvent[], type: string) => {
  const found = events.find((e) => e.type === type);
  if (!found) throw new Error(`no ${type} event among ${events.map((e) => e.type).join(", ")}`);
  return found;
};

/** The same event as Stripe would send it for a later state of the object (a different event id). */
export function eventLike(type: string, object: Record<string, unknown>): FakeEvent {
  return { id: `evt_test_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`, type, data: { object } };
}

/** The Checkout Session id at the end of a Checkout URL. */
export function sessionIdOf(url: string): string {
  return url.split("/").pop()!;
}

/** A supabase-js client signed in as the user, talking to this Worker with these bindings. */
export async function signedInSupabase(email: string, bindings = stripeEnv()) {
  const client = createClient("http://localhost", "test-anon-key", {
    global: { fetch: (input: RequestInfo | URL, init?: RequestInit) => fetchApp(new Request(input, init), { bindings }) },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const { error } = await client.auth.signInWithPassword({ email, password: TEST_PASSWORD });
  if (error) throw error;
  return client;
}

/** The user's ClarityAI subscription row, or null. */
export async function subscriptionRow(userId: string) {
  return env.DB.prepare("SELECT * FROM ai_subscriptions WHERE user_id = ?").bind(userId).first<{
    tier: string | null;
    billing_interval: string | null;
    status: string;
    current_period_end: string | null;
    cancel_at_period_end: number;
    past_due_since: string | null;
    stripe_customer_id: string;
    stripe_subscription_id: string | null;
  }>();
}
