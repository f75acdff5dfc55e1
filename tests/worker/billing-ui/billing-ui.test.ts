import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { BUSINESS } from "~/content/business";
import { createInvoice, createSubscription } from "../../factories/subscriptions";
import { createSignedInUser } from "../../factories/users";
import { countRows, fetchApp, pageText } from "../app";

// The ClarityAI plans on the public pages, Subscribe (/billing/checkout) for visitors and signed-in
// users, the profile's Billing tab for subscriptions written straight into D1, and the ownership of
// GST tax invoices. Payments run in the local sandbox here (no Stripe key).

const DAY_MS = 86_400_000;
const PLANS_RETURN = "/services/clarityai#plans";
const TAB = "/profile?tab=billing";

/** The period end the Billing tab shows for the subscriptions written here. */
const PERIOD_END = "2031-03-15T02:00:00.000Z";

// ── The plans on the public pages ────────────────────────────────────────────────────────────────

test("/services/clarityai shows both plans with GST-inclusive monthly and annual prices, limits and a Subscribe form each", async () => {
  const response = await fetchApp("/services/clarityai");
  expect(response.status).toBe(200);
  const html = await pageText(response);
  expect(html).toContain('A$49 <span class="plan-price-unit">/month incl. GST</span>');
  expect(html).toContain('A$149 <span class="plan-price-unit">/month incl. GST</span>');
  expect(html).toContain("or A$490 /year incl. GST — 2 months free");
  expect(html).toContain("or A$1,490 /year incl. GST — 2 months free");
  expect(html).toContain("Up to 40 messages a day");
  expect(html).toContain("Up to 200 messages a day");
  expect(html).toContain("Up to 5 expert escalations a month");
  expect(html).not.toContain("Pricing coming soon");
  // One form per plan, posting to the checkout with the plan and a way back to the plans.
  const forms = [...html.matchAll(/<form method="post" action="\/billing\/checkout"[^>]*>([\s\S]*?)<\/form>/g)].map((m) => m[1]!);
  expect(forms).toHaveLength(2);
  expect(forms[0]).toContain('name="tier" value="lite"');
  expect(forms[1]).toContain('name="tier" value="pro"');
  for (const form of forms) {
    expect(form).toContain(`name="returnTo" value="${PLANS_RETURN}"`);
    expect(form).toContain('type="radio" name="interval" checked="" value="month"');
    expect(form).toContain('type="radio" name="interval" value="year"');
  }
  // The FAQ (and its structured data) states the real prices.
  expect(html).toContain("ClarityAI Lite costs A$49 a month and ClarityAI Pro costs A$149 a month.");
  expect(html).toContain("A$490 or A$1,490 a year, 2 months free");
});

test("the plan cards are the same for a visitor and a signed-in user: nothing personal in the cached page", async () => {
  const { cookie } = await createSignedInUser();
  const cards = async (cookieHeader?: string) => {
    const html = await pageText(await fetchApp("/services/clarityai", { cookie: cookieHeader }));
    return html.slice(html.indexOf('id="plans"'), html.indexOf('id="escalation-heading"'));
  };
  const visitor = await cards();
  expect(visitor).toContain("Subscribe to Lite");
  expect(await cards(cookie)).toEqual(visitor);
});

test("prices and limits come from configuration", async () => {
  const { cookie } = await createSignedInUser(); // signed in, so the page is rendered rather than served from the edge cache
  const bindings = { ...env, CLARITYAI_LITE_MONTHLY_AUD: "59", CLARITYAI_ANNUAL_MONTHS: "11", CLARITYAI_DAILY_MESSAGES_PRO: "250" } as Env;
  const html = await pageText(await fetchApp("/services/clarityai", { cookie, bindings }));
  expect(html).toContain("A$59 <span");
  expect(html).toContain("or A$649 /year incl. GST — 1 month free");
  expect(html).toContain("Up to 250 messages a day");
});

test("the #clarityai section of /services and a topic page show the plans with Subscribe", async () => {
  for (const [path, returnTo] of [
    ["/services", "/services#clarityai"],
    ["/clarityai/cash-flow-management", "/clarityai/cash-flow-management#plans"],
  ]) {
    const response = await fetchApp(path!);
    expect(response.status, path).toBe(200);
    const html = await pageText(response);
    expect(html, path).toContain("A$49 <span");
    expect(html, path).toContain("A$1,490 /year");
    expect(html, path).toContain(`name="returnTo" value="${returnTo}"`);
    expect(html, path).not.toContain("Pricing coming soon");
  }
});

// ── Subscribe: /billing/checkout ─────────────────────────────────────────────────────────────────

test("a visitor who presses Subscribe is sent to sign in, and back to the plans afterwards; nothing is created", async () => {
  const customers = await countRows("billing_customers", "1 = 1");
  const signIn = `/auth?redirectTo=${encodeURIComponent(PLANS_RETURN)}`;

  const page = await fetchApp("/billing/checkout", { form: { tier: "pro", interval: "year", returnTo: PLANS_RETURN } });
  expect(page.status).toBe(302);
  expect(page.headers.get("Location")).toBe(signIn);

  const script = await fetchApp("/billing/checkout", {
    form: { tier: "lite", interval: "month", returnTo: PLANS_RETURN },
    headers: { Accept: "application/json" },
  });
  expect(script.status).toBe(401);
  expect(await script.json()).toEqual({ error: "Please sign in to subscribe.", signIn });
  expect(await countRows("billing_customers", "1 = 1")).toBe(customers);
});

test("the way back after sign-in never leaves the site", async () => {
  const response = await fetchApp("/billing/checkout", { form: { tier: "lite", interval: "month", returnTo: "//evil.example/plans" } });
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(PLANS_RETURN)}`);
});

test("a signed-in user gets a checkout url (JSON for the page's script, a redirect without JavaScript) and one customer", async () => {
  const user = await createSignedInUser();
  const script = await fetchApp("/billing/checkout", {
    form: { tier: "pro", interval: "month", returnTo: PLANS_RETURN },
    cookie: user.cookie,
    headers: { Accept: "application/json" },
  });
  expect(script.status).toBe(200);
  expect(script.headers.get("Cache-Control")).toBe("private, no-store");
  const { url } = (await script.json()) as { url: string };
  expect(url).toMatch(/^https?:\/\/[^/]+\/\S+/);

  const page = await fetchApp("/billing/checkout", { form: { tier: "lite", interval: "year", returnTo: PLANS_RETURN }, cookie: user.cookie });
  expect(page.status).toBe(303);
  expect(page.headers.get("Location")).toMatch(/^https?:\/\/[^/]+\/\S+/);
  expect(page.headers.get("Location")).not.toBe(url);
  expect(await countRows("billing_customers", "user_id = ?", user.id)).toBe(1);
});

test("a subscriber who presses Subscribe is told to manage billing instead, as JSON or as a toast on the plans", async () => {
  const user = await createSignedInUser();
  await createSubscription(user.id, { periodEnd: PERIOD_END });
  const script = await fetchApp("/billing/checkout", {
    form: { tier: "lite", interval: "month", returnTo: PLANS_RETURN },
    cookie: user.cookie,
    headers: { Accept: "application/json" },
  });
  expect(script.status).toBe(409);
  expect(((await script.json()) as { error: string }).error).toMatch(/Manage billing/);

  const page = await fetchApp("/billing/checkout", { form: { tier: "lite", interval: "month", returnTo: TAB }, cookie: user.cookie });
  expect(page.status).toBe(303);
  expect(page.headers.get("Location")).toBe(TAB);
  expect(page.headers.getSetCookie().some((c) => c.startsWith("__Host-toast="))).toBe(true);
});

test("an unknown plan or billing period is refused with 400", async () => {
  const user = await createSignedInUser();
  const refused: Record<string, string>[] = [{ tier: "gold", interval: "month" }, { tier: "pro", interval: "week" }, {}];
  for (const fields of refused) {
    const response = await fetchApp("/billing/checkout", { form: fields, cookie: user.cookie, headers: { Accept: "application/json" } });
    expect(response.status, JSON.stringify(fields)).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/plan|billing/i);
  }
  const page = await fetchApp("/billing/checkout", { form: { tier: "<script>" }, cookie: user.cookie });
  expect(page.status).toBe(400);
  expect(await page.text()).not.toContain("<script>");
  expect(await countRows("billing_customers", "user_id = ?", user.id)).toBe(0);
});

// ── The Billing tab ──────────────────────────────────────────────────────────────────────────────

test("the Billing tab of a subscriber seeded in D1: plan, status, renewal date, Manage billing, cancel, and the tax invoice", async () => {
  const user = await createSignedInUser();
  const customer = await createSubscription(user.id, { tier: "pro", periodEnd: "2031-03-15T02:00:00.000Z" });
  const invoiceId = await createInvoice(user.id, customer);
  const response = await fetchApp(TAB, { cookie: user.cookie });
  expect(response.status).toBe(200);
  const html = await pageText(response);
  expect(html).toContain('aria-current="page" class="profile-tab"');
  expect(html).toMatch(/<dt>Plan<\/dt><dd>ClarityAI Pro, billed monthly<\/dd>/);
  expect(html).toContain('billing-status-ok">Active</span>');
  expect(html).toContain("Renews on 15 March 2031.");
  expect(html).toContain("Manage billing");
  expect(html).toContain("Cancel at period end");
  expect(html).toContain(`href="/profile/invoices/${invoiceId}"`);
  expect(html).toContain("A$149.00");
  // A subscriber is not offered a second subscription.
  expect(html).not.toContain('action="/billing/checkout"');
  expect(html).toContain("Local payments sandbox");
});

test("the Billing tab says what each state means: cancelling, past due in its grace period, cancelled, never subscribed", async () => {
  const cancelling = await createSignedInUser();
  await createSubscription(cancelling.id, { cancelAtPeriodEnd: true, periodEnd: "2031-04-01T03:00:00.000Z" });
  const html = await pageText(await fetchApp(TAB, { cookie: cancelling.cookie }));
  expect(html).toContain("Cancels on 1 April 2031");
  expect(html).toContain("Resume subscription");
  expect(html).not.toContain("Yes, cancel at period end");

  const pastDue = await createSignedInUser();
  const since = new Date(Date.now() - 2 * DAY_MS);
  await createSubscription(pastDue.id, { periodEnd: PERIOD_END, status: "past_due", pastDueSince: since.toISOString() });
  const graceEnd = new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "long", year: "numeric", timeZone: "Australia/Sydney" }).format(
    new Date(since.getTime() + 7 * DAY_MS),
  );
  expect(await pageText(await fetchApp(TAB, { cookie: pastDue.cookie }))).toContain(`Past due — access until ${graceEnd}`);

  const cancelled = await createSignedInUser();
  await createSubscription(cancelled.id, { periodEnd: PERIOD_END, status: "canceled" });
  const cancelledHtml = await pageText(await fetchApp(TAB, { cookie: cancelled.cookie }));
  expect(cancelledHtml).toContain('billing-status-off">Cancelled</span>');
  expect(cancelledHtml).toContain('action="/billing/checkout"');

  const newcomer = await createSignedInUser();
  const newcomerHtml = await pageText(await fetchApp(TAB, { cookie: newcomer.cookie }));
  expect(newcomerHtml).toContain('billing-status-off">Not subscribed</span>');
  expect(newcomerHtml).toContain(`name="returnTo" value="${TAB}"`);
  expect(newcomerHtml).toContain("Subscribe to Pro");
  expect(newcomerHtml).not.toContain("Manage billing");
  expect(newcomerHtml).toContain("No invoices yet.");
});

test("cancelling or opening the portal without a subscription is refused on the tab, with nothing changed", async () => {
  const user = await createSignedInUser();
  for (const intent of ["cancel-subscription", "resume-subscription", "manage-billing"]) {
    const response = await fetchApp(TAB, { form: { intent }, cookie: user.cookie });
    expect(response.status, intent).toBeGreaterThanOrEqual(400);
    expect(response.status, intent).toBeLessThan(500);
    expect(await pageText(response), intent).toMatch(/don't have (an active )?(a )?ClarityAI subscription/);
  }
  expect(await countRows("ai_subscriptions", "user_id = ?", user.id)).toBe(0);
});

// ── Tax invoices ─────────────────────────────────────────────────────────────────────────────────

test("a tax invoice shows the supplier's ABN, the total and the GST in it to its owner, and is a 404 to anyone else", async () => {
  const owner = await createSignedInUser();
  const customer = await createSubscription(owner.id, { periodEnd: PERIOD_END });
  const invoiceId = await createInvoice(owner.id, customer, 14900);
  const path = `/profile/invoices/${invoiceId}`;

  const response = await fetchApp(path, { cookie: owner.cookie });
  expect(response.status).toBe(200);
  expect(response.headers.get("Cache-Control")).toContain("no-store");
  const html = await pageText(response);
  expect(html).toContain("<h1");
  expect(html).toContain(">Tax invoice</h1>");
  expect(html).toContain(`ABN ${BUSINESS.abn}`);
  expect(html).toContain(BUSINESS.name);
  expect(html).toContain(owner.email);
  expect(html).toContain("A$149.00");
  // GST included: one eleventh of A$149.00.
  expect(html).toMatch(/GST included<\/th><td class="amount">A\$13\.55<\/td>/);
  expect(html).toContain("Paid on 15 February 2031");
  expect(html).toContain("Print or save as PDF");

  const other = await createSignedInUser();
  expect((await fetchApp(path, { cookie: other.cookie })).status).toBe(404);
  expect((await fetchApp("/profile/invoices/in_does_not_exist", { cookie: owner.cookie })).status).toBe(404);
  const visitor = await fetchApp(path);
  expect(visitor.status).toBe(302);
  expect(visitor.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
});
