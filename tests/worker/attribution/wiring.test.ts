import { env } from "cloudflare:workers";
import { beforeEach, expect, test } from "vitest";
import { ATTRIBUTION_COOKIE } from "~/attribution/capture.server";
import { createAiCheckout } from "~/billing/checkout.server";
import { bumpContentVersion } from "~/edge-cache/edge-cache.server";
import { conversionByKey, land, unique, type ConversionRow } from "./helpers";
import { bookingFields } from "../../factories/bookings";
import { ALWAYS_OPEN, createCoach, freeTimes } from "../../factories/coaches";
import { createUser, uniqueEmail, webSession } from "../../factories/users";
import { contextFor, countRows, fetchApp, pageText } from "../app";
import { completeCheckout, deliverWebhook, sessionIdOf, stripeEnv } from "../stripe";

// Every conversion point records its conversion with the attribution of the browser session it
// happened in: a visitor lands with campaign parameters, keeps the cookie, and then sends a form,
// begins a ClarityAI checkout or pays.

beforeEach(async () => {
  await bumpContentVersion(env);
});

async function conversionsOf(sessionId: string) {
  return (await env.DB.prepare("SELECT * FROM conversions WHERE attribution_session = ? ORDER BY occurred_at, type").bind(sessionId).all<ConversionRow>())
    .results;
}

function leadFields(name: string, email: string, message = "We would like to grow without losing our weekends.") {
  return { name, email, company: "Harbour Plumbing Pty Ltd", phone: "0412 345 678", businessType: "Trades and construction", message };
}

/** The enquiries (lead activities) of the lead with this name. */
async function leadsNamed(name: string) {
  return (
    await env.DB.prepare("SELECT a.source, a.message FROM lead_activities a JOIN leads l ON l.id = a.lead_id WHERE l.name = ? ORDER BY a.created_at")
      .bind(name)
      .all<{ source: string; message: string | null }>()
  ).results;
}

// ── Lead forms ──────────────────────────────────────────────────────────────────────────────────

test("the contact form records CONTACT_FORM with the landing's attribution, once for a retried submission", async () => {
  const landing = await land();
  const name = `Contact ${unique()}`;
  const fields = leadFields(name, uniqueEmail("contact"));
  const sent = await fetchApp("/contact", { form: fields, cookie: landing.cookie });
  expect(sent.status).toBe(302);
  const retried = await fetchApp("/contact", { form: { ...fields, message: `  ${fields.message.toUpperCase()} ` }, cookie: landing.cookie });
  expect(retried.status).toBe(302);
  expect(await leadsNamed(name)).toHaveLength(2);
  const rows = await conversionsOf(landing.sessionId);
  expect(rows).toEqual([
    expect.objectContaining({
      type: "CONTACT_FORM",
      label: "Contact form",
      value_cents: 0,
      user_id: null,
      source: "newsletter",
      medium: "email",
      campaign: landing.campaign,
      first_source: "newsletter",
      forward_status: "not_forwarded",
    }),
  ]);
  expect(rows[0]!.dedupe_key).toMatch(/^lead:contact:[0-9a-f]{64}:\d{4}-\d{2}-\d{2}$/);
  expect(rows[0]!.dedupe_key).not.toContain("example.com.au");
});

test("a booked discovery call records BOOKING_SUBMISSION and DISCOVERY_CALL_BOOKING with the landing's attribution; an invalid one records nothing", async () => {
  const landing = await land("linkedin", "social");
  const coach = await createCoach(ALWAYS_OPEN);
  const [slot] = await freeTimes(coach);
  const path = `/booking?type=discovery&coach=${coach.slug}&tz=Australia%2FSydney&time=${encodeURIComponent(slot!.startsAt)}`;
  const fields = bookingFields({ coach: coach.slug, time: slot!.startsAt, name: `Booking ${unique()}`, email: uniqueEmail("booking") });
  const invalid = await fetchApp(path, { form: { ...fields, email: "not-an-email" }, cookie: landing.cookie });
  expect(invalid.status).toBe(400);
  expect(await conversionsOf(landing.sessionId)).toEqual([]);

  expect((await fetchApp(path, { form: fields, cookie: landing.cookie })).status).toBe(302);
  const attribution = { source: "linkedin", medium: "social", campaign: landing.campaign };
  expect(await conversionsOf(landing.sessionId)).toEqual([
    expect.objectContaining({ type: "BOOKING_SUBMISSION", ...attribution }),
    expect.objectContaining({ type: "DISCOVERY_CALL_BOOKING", ...attribution }),
  ]);
});

test("a resource download records a CONTACT_FORM conversion labelled with the resource", async () => {
  const landing = await land("google", "cpc");
  const resource = (await env.DB.prepare("SELECT slug, title FROM resources WHERE status = 'published' ORDER BY slug LIMIT 1").first<{
    slug: string;
    title: string;
  }>())!;
  const email = uniqueEmail("download");
  const response = await fetchApp("/resources", { form: { resource: resource.slug, name: "Dana Download", email, delivery: "link" }, cookie: landing.cookie });
  expect(response.status).toBe(200);
  expect(await conversionsOf(landing.sessionId)).toEqual([
    expect.objectContaining({
      type: "CONTACT_FORM",
      label: `Resource download: ${resource.title}`,
      source: "google",
      medium: "cpc",
      campaign: landing.campaign,
    }),
  ]);
});

// ── The Software Solutions inquiry ──────────────────────────────────────────────────────────────

test("the Software Solutions page has the inquiry form; the other service pages do not", async () => {
  const page = await pageText(await fetchApp("/services/software-solutions"));
  expect(page).toContain("Tell us about the software you need");
  expect(page).toMatch(/<form method="post"[^>]*>/);
  expect(page).toContain('name="email"');
  const other = await pageText(await fetchApp("/services/strategic-planning"));
  expect(other).not.toContain("Tell us about the software you need");
  expect(other).not.toContain('name="email"');
});

test("the software inquiry records SOFTWARE_INQUIRY and a lead, and answers with a toast on the same page", async () => {
  const landing = await land("facebook", "paid_social");
  const name = `Software ${unique()}`;
  const response = await fetchApp("/services/software-solutions", {
    form: leadFields(name, uniqueEmail("software"), "A job-tracking app"),
    cookie: landing.cookie,
  });
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/services/software-solutions");
  const toastCookie = response.headers.getSetCookie().find((c) => !c.startsWith(`${ATTRIBUTION_COOKIE}=`));
  expect(toastCookie).toBeDefined();
  const shown = await pageText(
    await fetchApp(new Request("http://localhost/services/software-solutions", { headers: { Cookie: toastCookie!.split(";")[0]! } })),
  );
  expect(shown).toContain("Thanks — your software enquiry is with us");

  const [lead] = await leadsNamed(name);
  expect(lead).toMatchObject({ source: "contact" });
  expect(lead!.message).toMatch(/^Software Solutions enquiry.*\n\nA job-tracking app$/s);
  expect(await conversionsOf(landing.sessionId)).toEqual([
    expect.objectContaining({
      type: "SOFTWARE_INQUIRY",
      label: "Software Solutions inquiry",
      source: "facebook",
      medium: "paid_social",
      campaign: landing.campaign,
    }),
  ]);
});

test("a bad software inquiry is refused with 400 and the fields' messages, and nothing is written", async () => {
  const landing = await land();
  const name = `Refused ${unique()}`;
  for (const [label, fields, message] of [
    ["bad email", leadFields(name, "nobody-at-example"), "Please enter a valid email address"],
    ["no name", { ...leadFields("", uniqueEmail("noname")) }, "Please enter your name"],
    ["bad phone", { ...leadFields(name, uniqueEmail("phone")), phone: "call me" }, "Please enter a valid phone number"],
    ["message too long", { ...leadFields(name, uniqueEmail("long")), message: "x".repeat(2001) }, "Message"],
  ] as const) {
    const response = await fetchApp("/services/software-solutions", { form: fields, cookie: landing.cookie });
    expect(response.status, label).toBe(400);
    expect(await pageText(response), label).toContain(message);
  }
  expect(await leadsNamed(name)).toEqual([]);
  expect(await conversionsOf(landing.sessionId)).toEqual([]);
});

test("the other service pages refuse a post (405, or 404 for no such service) and write nothing", async () => {
  const landing = await land();
  const name = `Elsewhere ${unique()}`;
  const refused = await fetchApp("/services/strategic-planning", { form: leadFields(name, uniqueEmail("elsewhere")), cookie: landing.cookie });
  expect(refused.status).toBe(405);
  expect(refused.headers.get("Allow")).toBe("GET, HEAD");
  expect(await pageText(refused)).toContain("This page has no form to send");
  const missing = await fetchApp("/services/no-such-service", { form: leadFields(name, uniqueEmail("missing")), cookie: landing.cookie });
  expect(missing.status).toBe(404);
  expect(await leadsNamed(name)).toEqual([]);
  expect(await conversionsOf(landing.sessionId)).toEqual([]);
});

// ── ClarityAI: checkout begun and paid ──────────────────────────────────────────────────────────

test("Subscribe records BEGIN_CHECKOUT with the landing's attribution; paying in the sandbox records PAYMENT_COMPLETION once", async () => {
  const landing = await land("google", "cpc");
  const user = await createUser();
  const session = await webSession(user);
  const cookie = `${session}; ${landing.cookie}`;
  const started = await fetchApp("/billing/checkout", { form: { tier: "pro", interval: "month" }, cookie, headers: { Accept: "application/json" } });
  expect(started.status).toBe(200);
  const { url } = (await started.json()) as { url: string };
  const checkoutId = sessionIdOf(url);
  expect(await conversionByKey(`checkout:${checkoutId}`)).toMatchObject({
    type: "BEGIN_CHECKOUT",
    label: "ClarityAI Pro (monthly)",
    value_cents: 14_900,
    user_id: user.id,
    source: "google",
    medium: "cpc",
    campaign: landing.campaign,
    attribution_session: landing.sessionId,
  });

  // Paying on the sandbox's page: its events go through the webhook code.
  const paid = await fetchApp(new URL(url).pathname, { form: { intent: "pay" }, cookie: session });
  expect(paid.status).toBe(302);
  expect(await conversionByKey(`payment:${checkoutId}`)).toMatchObject({
    type: "PAYMENT_COMPLETION",
    label: "ClarityAI Pro (monthly)",
    value_cents: 14_900,
    user_id: user.id,
    source: "google",
    medium: "cpc",
    campaign: landing.campaign,
    attribution_session: landing.sessionId,
  });
  // The success page (without the attribution cookie) finds it recorded: still one of each.
  expect((await fetchApp(`/payment-success?session_id=${checkoutId}`, { cookie: session })).status).toBe(200);
  expect((await conversionsOf(landing.sessionId)).map((row) => row.type)).toEqual(["BEGIN_CHECKOUT", "PAYMENT_COMPLETION"]);
});

test("with Stripe, the success page records the payment before the webhook lands, and the webhook then adds nothing", async () => {
  const bindings = stripeEnv();
  const landing = await land("bing", "cpc");
  const user = await createUser();
  const session = await webSession(user);
  const request = new Request("http://localhost/billing/checkout", { headers: { Cookie: landing.cookie } });
  const { url } = await createAiCheckout(contextFor(bindings), { id: user.id, email: user.email }, { tier: "lite", interval: "year" }, request);
  const checkoutId = sessionIdOf(url);
  expect(await conversionByKey(`checkout:${checkoutId}`)).toMatchObject({
    type: "BEGIN_CHECKOUT",
    value_cents: 49_000,
    label: "ClarityAI Lite (annual)",
    source: "bing",
  });
  expect(await conversionByKey(`payment:${checkoutId}`)).toBeNull();

  const { object: paid, events } = await completeCheckout(checkoutId);
  const success = await fetchApp(`/payment-success?session_id=${paid.id}`, { cookie: session, bindings });
  expect(await pageText(success)).toContain("You've subscribed to ClarityAI Lite");
  expect(await conversionByKey(`payment:${checkoutId}`)).toMatchObject({
    type: "PAYMENT_COMPLETION",
    value_cents: 49_000,
    user_id: user.id,
    source: "bing",
    campaign: landing.campaign,
  });

  const completed = events.find((event) => event.type === "checkout.session.completed")!;
  expect((await deliverWebhook(completed, bindings)).status).toBe(200);
  expect((await deliverWebhook(completed, bindings)).status).toBe(200);
  expect(await countRows("conversions", "dedupe_key = ?", `payment:${checkoutId}`)).toBe(1);
});

test("with Stripe, the webhook records the payment when it lands first, with the checkout's attribution", async () => {
  const bindings = stripeEnv();
  const landing = await land("newsletter", "email");
  const user = await createUser();
  const request = new Request("http://localhost/billing/checkout", { headers: { Cookie: landing.cookie } });
  const { url } = await createAiCheckout(contextFor(bindings), { id: user.id, email: user.email }, { tier: "pro", interval: "month" }, request);
  const checkoutId = sessionIdOf(url);
  const { events } = await completeCheckout(checkoutId);
  const completed = events.find((event) => event.type === "checkout.session.completed")!;
  expect((await deliverWebhook(completed, bindings)).status).toBe(200);
  expect(await conversionByKey(`payment:${checkoutId}`)).toMatchObject({
    type: "PAYMENT_COMPLETION",
    value_cents: 14_900,
    user_id: user.id,
    source: "newsletter",
    campaign: landing.campaign,
    attribution_session: landing.sessionId,
  });
});
