import { env } from "cloudflare:workers";
import { afterEach, beforeAll, expect, test, vi } from "vitest";
import { rebuildContentIndex } from "~/ai-coach/content-index.server";
import { unsubscribeToken } from "~/email/unsubscribe.server";
import { readEnv } from "~/platform/env.server";
import { outboxFor } from "../../factories/emails";
import { createUser, signInOnWeb, uniqueEmail } from "../../factories/users";
import { appRequest, fetchApp, pageText, testClientIp } from "../app";
import { holdJobs } from "../queue";
import { activitiesOf, leadByEmail } from "../../factories/leads";
import { chatBody, streamedReply } from "../sales-chat/helpers";

// Anything a stranger submits with someone's address (the Service Assistant's "Let's connect" form,
// the contact form, a resource download) adds an enquiry with what they said; it never overwrites
// the lead's stored details, and marketing consent is recorded only once the address confirms it
// through the signed link emailed to it (double opt-in), or when the person is signed in with it.

const CHAT_CONSENT_SOURCE = "Service Assistant: Let's connect form";

beforeAll(async () => {
  await rebuildContentIndex(env.DB);
});

afterEach(() => {
  vi.useRealTimers();
});

type ConsentRequestRow = {
  id: string;
  lead_id: string;
  source: string;
  page_path: string | null;
  requested_at: string;
  expires_at: string;
  confirmed_at: string | null;
  confirmed_by: string | null;
};

async function consentRequestsOf(leadId: string) {
  return (await env.DB.prepare("SELECT * FROM marketing_consent_requests WHERE lead_id = ? ORDER BY requested_at").bind(leadId).all<ConsentRequestRow>())
    .results;
}

/** The confirmation emails sent to an address (a new account also gets a welcome email). */
async function emailsTo(address: string) {
  return (
    await env.DB.prepare(
      "SELECT subject, text_body, html_body, category FROM email_outbox WHERE to_address = ? AND dedupe_key LIKE 'lead.consent:%' ORDER BY created_at",
    )
      .bind(address)
      .all<{ subject: string; text_body: string; html_body: string; category: string }>()
  ).results;
}

/** The confirmation link in an email's text, as a path on this site. */
function confirmationPath(text: string): string {
  const link = /https?:\/\/[^\s]+\/subscribe\?token=[^\s]+/.exec(text)?.[0];
  expect(link, `a confirmation link in:\n${text}`).toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

function tokenOf(path: string): string {
  return new URL(path, "http://localhost").searchParams.get("token")!;
}

async function shareInChat(contact: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await fetchApp("/sales-chat", {
    json: chatBody("Here are my details so your team can follow up.", { contactInfo: contact as never }),
    headers: { Accept: "text/event-stream", ...headers },
    ip: testClientIp(String(contact.name)),
  });
  expect(response.status).toBe(200);
  await streamedReply(response);
}

async function adminCookie() {
  const admin = await createUser({ roles: ["admin"] });
  return signInOnWeb(admin);
}

function adminGet(path: string, cookie: string) {
  return fetchApp(new Request(`http://localhost${path}`, { redirect: "manual", headers: { Cookie: cookie } }));
}

test("a stranger's chat details and contact form with an existing lead's address add enquiries with what they said; the lead's details and consent stay", async () => {
  const jobs = holdJobs();
  const email = uniqueEmail("owner");
  const owner = await fetchApp(
    appRequest("/contact", {
      form: {
        name: "Olivia Grant",
        email,
        company: "Grant Joinery",
        phone: "0412 111 222",
        businessType: "Trades and construction",
        message: "Quoting help, please.",
      },
      headers: { "CF-Connecting-IP": testClientIp("owner") },
    }),
  );
  expect(owner.status).toBe(302);
  const before = await leadByEmail(email);
  expect(before).toMatchObject({ name: "Olivia Grant", company: "Grant Joinery", business_type: "Trades and construction", marketing_consent_at: null });

  // Someone else, not signed in, uses Olivia's address in the chat and ticks the marketing box.
  await shareInChat({
    name: "Mallory Stranger",
    email: ` ${email.toUpperCase()} `.trim(),
    company: "Hostile Pty Ltd",
    phone: "0499 999 999",
    businessType: "Other",
    marketingConsent: true,
  });
  // …and through the contact form.
  const contact = await fetchApp(
    appRequest("/contact", {
      form: {
        name: "Mallory Again",
        email: email.toUpperCase(),
        company: "Other Hostile Co",
        phone: "0400 000 999",
        businessType: "Other",
        message: "Changed my mind.",
      },
      headers: { "CF-Connecting-IP": testClientIp("stranger") },
    }),
  );
  expect(contact.status).toBe(302);

  const after = await env.DB.prepare("SELECT * FROM leads WHERE email = ?").bind(email).first<Record<string, unknown>>();
  expect(after).toMatchObject({
    id: before!.id,
    name: "Olivia Grant",
    company: "Grant Joinery",
    phone: "0412 111 222",
    business_type: "Trades and construction",
    marketing_consent_at: null,
    marketing_consent_source: null,
  });

  // What each submission said is kept with its own enquiry, for the team to read.
  const activities = await activitiesOf(before!.id);
  expect(activities.map((activity) => activity.source)).toEqual(["contact", "service-chat", "contact"]);
  const details = (
    await env.DB.prepare("SELECT details FROM lead_activities WHERE lead_id = ? ORDER BY created_at, id").bind(before!.id).all<{ details: string }>()
  ).results;
  expect(details.map((row) => JSON.parse(row.details))).toEqual([
    { name: "Olivia Grant", company: "Grant Joinery", phone: "0412 111 222", businessType: "Trades and construction" },
    { name: "Mallory Stranger", company: "Hostile Pty Ltd", phone: "0499 999 999", businessType: "Other" },
    { name: "Mallory Again", company: "Other Hostile Co", phone: "0400 000 999", businessType: "Other" },
  ]);
  expect(activities[2]).toMatchObject({ message: "Changed my mind." });

  // The admin reads the lead as Olivia left it, and each enquiry with the details it gave.
  const html = await pageText(await adminGet(`/admin/leads/${before!.id}`, await adminCookie()));
  expect(html).toContain('<h2 id="lead-heading">Olivia Grant</h2>');
  expect(html).toContain("Mallory Stranger · Hostile Pty Ltd · 0499 999 999 · Other");

  // The team's email says who wrote, and what is on file for the address.
  await jobs.flush();
  const [notice] = (await outboxFor(`lead.notify:${activities[1]!.id}`)) as { subject: string; text_body: string }[];
  expect(notice!.subject).toBe("New Service Assistant enquiry from Mallory Stranger");
  expect(notice!.text_body).toContain("On file for this address: Olivia Grant · Grant Joinery · 0412 111 222 · Trades and construction");
});

test("marketing consent waits for the address to confirm: the emailed link's page asks, its button records, once", async () => {
  const email = uniqueEmail("consent");
  await shareInChat({ name: "Chris Cole", email, company: "Cole Cafe", marketingConsent: true });

  const lead = await leadByEmail(email);
  expect(lead).toMatchObject({ name: "Chris Cole", marketing_consent_at: null, marketing_consent_source: null });
  const [request, ...noMore] = await consentRequestsOf(lead!.id);
  expect(noMore).toEqual([]);
  expect(request).toMatchObject({ source: CHAT_CONSENT_SOURCE, page_path: "/services", confirmed_at: null, confirmed_by: null });
  // The link works for 7 days.
  expect(Date.parse(request!.expires_at) - Date.parse(request!.requested_at)).toBe(7 * 86_400_000);

  // One transactional email to the address, with a signed link.
  const [sent, ...others] = await emailsTo(email);
  expect(others).toEqual([]);
  expect(sent).toMatchObject({ category: "transactional", subject: "Please confirm you'd like emails from ClarityAI Coaching" });
  const path = confirmationPath(sent!.text_body);
  expect(tokenOf(path)).toMatch(/^c1\./);

  // The admin sees the request as pending.
  const cookie = await adminCookie();
  const pending = await pageText(await adminGet(`/admin/leads/${lead!.id}`, cookie));
  expect(pending).toMatch(/Pending: confirmation email sent [^<]+ \(Service Assistant: Let's connect form\)/);
  const listed = await pageText(await adminGet(`/admin/leads?q=${encodeURIComponent(email)}`, cookie));
  expect(listed).toContain("Pending");

  // Opening the link (as a mail scanner would) only asks.
  const page = await fetchApp(path);
  expect(page.status).toBe(200);
  const asked = await pageText(page);
  expect(asked).toContain("Yes, send me emails");
  expect(asked).toContain(`name="token" value="${tokenOf(path)}"`);
  expect(await leadByEmail(email)).toMatchObject({ marketing_consent_at: null });

  // The button records it: when it was confirmed, and from what it was asked.
  const confirm = await fetchApp(appRequest("/subscribe", { form: { token: tokenOf(path) } }));
  expect(confirm.status).toBe(200);
  expect(await pageText(confirm)).toContain("You're subscribed");
  const [confirmed] = await consentRequestsOf(lead!.id);
  expect(confirmed).toMatchObject({ id: request!.id, requested_at: request!.requested_at, confirmed_by: "email-link" });
  expect(confirmed!.confirmed_at).not.toBeNull();
  expect(await leadByEmail(email)).toMatchObject({ marketing_consent_at: confirmed!.confirmed_at, marketing_consent_source: CHAT_CONSENT_SOURCE });

  // Pressing it again, or opening the link again, changes nothing.
  const again = await fetchApp(appRequest("/subscribe", { form: { token: tokenOf(path) } }));
  expect(again.status).toBe(200);
  expect(await pageText(again)).toContain("You're subscribed");
  expect(await pageText(await fetchApp(path))).toContain("You're subscribed");
  expect(await consentRequestsOf(lead!.id)).toEqual([confirmed]);
  expect(await leadByEmail(email)).toMatchObject({ marketing_consent_at: confirmed!.confirmed_at });

  const shown = await pageText(await adminGet(`/admin/leads/${lead!.id}`, cookie));
  expect(shown).toMatch(/Confirmed [^<]+ \(Service Assistant: Let's connect form; asked [^<]+\)/);

  // A later submission that asks again sends nothing more: the address has confirmed.
  await shareInChat({ name: "Chris Cole", email, marketingConsent: true });
  expect(await emailsTo(email)).toHaveLength(1);

  // Unsubscribing still works, and the admin sees it.
  const unsubscribe = await env.DB.prepare("SELECT 1 FROM email_suppressions WHERE email = ?").bind(email).first();
  expect(unsubscribe).toBeNull();
  const out = await fetchApp(appRequest("/unsubscribe", { form: { token: await unsubscribeToken(readEnv(env), email) } }));
  expect(out.status).toBe(200);
  expect(await env.DB.prepare("SELECT 1 AS n FROM email_suppressions WHERE email = ?").bind(email).first("n")).toBe(1);
  expect(await pageText(await adminGet(`/admin/leads/${lead!.id}`, cookie))).toMatch(/Unsubscribed [^<]+/);
});

test("a resource download asks the same way, and asking again within a day sends no second email", async () => {
  const email = uniqueEmail("download");
  const slug = await env.DB.prepare("SELECT slug FROM resources WHERE status = 'published' ORDER BY slug LIMIT 1").first<string>("slug");
  for (const label of ["first", "second"]) {
    const response = await fetchApp(
      appRequest("/resources", {
        form: { resource: slug!, name: "Dana Frost", email, marketingConsent: "yes", delivery: "link" },
        headers: { "CF-Connecting-IP": testClientIp(label) },
      }),
    );
    expect(response.status).toBe(200);
  }
  const lead = await leadByEmail(email);
  expect(lead).toMatchObject({ marketing_consent_at: null, marketing_consent_source: null });
  // The second ask, within a day of the first, is answered by the first email: its link still works.
  expect(await consentRequestsOf(lead!.id)).toEqual([
    expect.objectContaining({ source: `resources page download form: ${slug}`, page_path: "/resources", confirmed_at: null }),
  ]);
  expect(await emailsTo(email)).toHaveLength(1);
  expect(await activitiesOf(lead!.id)).toHaveLength(2);
});

test("an expired or altered confirmation link shows a clear page and records nothing", async () => {
  const email = uniqueEmail("expired");
  await shareInChat({ name: "Eli Hart", email, marketingConsent: true });
  const lead = await leadByEmail(email);
  const [sent] = await emailsTo(email);
  const path = confirmationPath(sent!.text_body);
  const token = tokenOf(path);

  const altered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
  for (const response of [
    await fetchApp(`/subscribe?token=${encodeURIComponent(altered)}`),
    await fetchApp(appRequest("/subscribe", { form: { token: altered } })),
  ]) {
    expect(response.status).toBe(400);
    expect(await pageText(response)).toContain("That confirmation link didn't work");
  }

  // Eight days later the link has expired.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + 8 * 86_400_000);
  for (const response of [await fetchApp(path), await fetchApp(appRequest("/subscribe", { form: { token } }))]) {
    expect(response.status).toBe(410);
    expect(await pageText(response)).toContain("That confirmation link has expired");
  }
  vi.useRealTimers();

  const missing = await fetchApp("/subscribe");
  expect(missing.status).toBe(200);
  expect(await pageText(missing)).toContain("Confirm your subscription");

  expect(await leadByEmail(email)).toMatchObject({ marketing_consent_at: null });
  expect((await consentRequestsOf(lead!.id)).map((request) => request.confirmed_at)).toEqual([null]);
});

test("a signed-in person giving their own confirmed address consents at once and keeps their details up to date; another address still has to confirm", async () => {
  const user = await createUser({ email: uniqueEmail("member") });
  const cookie = await signInOnWeb(user);
  await fetchApp(
    appRequest("/contact", {
      form: { name: "Old Name", email: user.email, company: "Old Co", message: "Hello" },
      headers: { "CF-Connecting-IP": testClientIp("old") },
    }),
  );

  await shareInChat({ name: "Riley Member", email: user.email, company: "Member Co", marketingConsent: true }, { Cookie: cookie });
  const lead = await leadByEmail(user.email);
  expect(lead).toMatchObject({ name: "Riley Member", company: "Member Co", marketing_consent_source: CHAT_CONSENT_SOURCE });
  expect(lead!.marketing_consent_at).not.toBeNull();
  expect(await consentRequestsOf(lead!.id)).toEqual([
    expect.objectContaining({ confirmed_by: "signed-in", confirmed_at: lead!.marketing_consent_at, requested_at: lead!.marketing_consent_at }),
  ]);
  expect(await emailsTo(user.email)).toEqual([]);

  // After unsubscribing, a box still ticked in the chat does not opt back in: the emailed link has to.
  expect((await fetchApp(appRequest("/unsubscribe", { form: { token: await unsubscribeToken(readEnv(env), user.email) } }))).status).toBe(200);
  await shareInChat({ name: "Riley Member", email: user.email, marketingConsent: true }, { Cookie: cookie });
  expect(await env.DB.prepare("SELECT 1 AS n FROM email_suppressions WHERE email = ?").bind(user.email).first("n")).toBe(1);
  expect(await consentRequestsOf(lead!.id)).toEqual([expect.objectContaining({ confirmed_by: "signed-in" }), expect.objectContaining({ confirmed_at: null })]);
  expect(await emailsTo(user.email)).toHaveLength(1);

  // Signed in, but someone else's address: that address has to confirm, and its details stay.
  const other = uniqueEmail("colleague");
  await fetchApp(
    appRequest("/contact", { form: { name: "Colleague", email: other, message: "Hi" }, headers: { "CF-Connecting-IP": testClientIp("colleague") } }),
  );
  await shareInChat({ name: "Riley For Colleague", email: other, marketingConsent: true }, { Cookie: cookie });
  expect(await leadByEmail(other)).toMatchObject({ name: "Colleague", marketing_consent_at: null });
  expect(await emailsTo(other)).toHaveLength(1);
});
