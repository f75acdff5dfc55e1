import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { composeEmail } from "~/email/compose.server";
import { deliverOutboxEmail, insertOutboxEmail, sendEmail } from "~/email/outbox.server";
import { passwordChangedEmail } from "~/email/templates/password-changed";
import { suppressAddress, unsubscribeUrl } from "~/email/unsubscribe.server";
import { appEnv, escapeHtml, fakeProvider, newsletterEmail, testDb } from "./helpers";
import { codeIn, latestEmail } from "../../factories/emails";
import { createUser, uniqueEmail } from "../../factories/users";
import { authApi } from "../app";

const withKey = () => ({ ...appEnv(), EMAIL_API_KEY: "re_test_key" });

test("an auth email reaches the outbox with both parts: the same code in each, the link as a button", async () => {
  const user = await createUser({ email: uniqueEmail("html-otp") });
  const response = await authApi("/otp", { json: { email: user.email, create_user: false } });
  expect(response.status).toBe(200);
  const row = await latestEmail(user.email);
  expect(row).toMatchObject({ subject: "Your ClarityAI Coaching sign-in code", category: "transactional" });
  const code = codeIn(row.text_body);
  expect(code).toMatch(/^\d{6}$/);
  const link = /(http\S+\/auth\/v1\/verify\?\S+)/.exec(row.text_body)?.[1];
  expect(link).toBeDefined();
  expect(row.html_body).toMatch(new RegExp(`>${code}</td>`));
  expect(row.html_body).toContain(`href="${escapeHtml(link!)}"`);
  expect(row.html_body).toContain(">Sign in</a>");
});

test("the provider receives the HTML and plain-text parts; transactional mail has no unsubscribe headers", async () => {
  const to = uniqueEmail("provider");
  const provider = fakeProvider();
  const email = await composeEmail(appEnv(), passwordChangedEmail, { signInUrl: "http://localhost:8787/auth" }, { to, dedupeKey: `test:${to}` });
  const row = await sendEmail(testDb(), withKey(), email, provider.fetcher);

  expect(row).toMatchObject({ status: "sent", provider: "resend", htmlBody: email.html, textBody: email.text });
  expect(provider.calls).toHaveLength(1);
  const [call] = provider.calls;
  expect(call!.url).toBe("https://api.resend.com/emails");
  expect(call!.body).toEqual({ from: "ClarityAI Coaching <hello@clarityai.com.au>", to: [to], subject: email.subject, text: email.text, html: email.html });
});

test("marketing mail goes to the provider with List-Unsubscribe and one-click headers naming the recipient's link", async () => {
  const to = uniqueEmail("marketing");
  const provider = fakeProvider();
  const email = await composeEmail(appEnv(), newsletterEmail, { firstName: "Sam", articleUrl: "http://localhost:8787/blog" }, { to, dedupeKey: `test:${to}` });
  const row = await sendEmail(testDb(), withKey(), email, provider.fetcher);

  expect(row).toMatchObject({ status: "sent", category: "marketing" });
  const link = await unsubscribeUrl(appEnv(), to);
  expect(email.text).toContain(`Unsubscribe: ${link}`);
  expect(provider.calls[0]!.body).toMatchObject({
    html: email.html,
    text: email.text,
    headers: { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  });
});

test("marketing mail to an address that unsubscribed is recorded as suppressed and never sent; transactional mail still goes", async () => {
  const to = uniqueEmail("suppressed");
  await suppressAddress(testDb(), to.toUpperCase());
  const provider = fakeProvider();

  const marketing = await composeEmail(
    appEnv(),
    newsletterEmail,
    { firstName: "Sam", articleUrl: "http://localhost:8787/blog" },
    { to, dedupeKey: `news:${to}` },
  );
  expect(await sendEmail(testDb(), withKey(), marketing, provider.fetcher)).toMatchObject({ status: "suppressed", sentAt: null });
  // Without a provider too: it is not kept in the outbox as if it were the delivery.
  const id = await insertOutboxEmail(testDb(), appEnv(), { ...marketing, dedupeKey: `news-2:${to}` });
  expect(await deliverOutboxEmail(testDb(), appEnv(), id!, provider.fetcher)).toMatchObject({ status: "suppressed" });
  expect(provider.calls).toEqual([]);

  const notice = await composeEmail(appEnv(), passwordChangedEmail, { signInUrl: "http://localhost:8787/auth" }, { to, dedupeKey: `notice:${to}` });
  expect(await sendEmail(testDb(), withKey(), notice, provider.fetcher)).toMatchObject({ status: "sent" });
  expect(provider.calls).toHaveLength(1);
});

test("rows written before emails had an HTML part stay readable and are sent as text only", async () => {
  const id = crypto.randomUUID();
  const to = uniqueEmail("legacy");
  await env.DB.prepare(
    "INSERT INTO email_outbox (id, dedupe_key, to_address, subject, text_body, status, provider) VALUES (?, ?, ?, 'Old', 'Old body', 'pending', 'resend')",
  )
    .bind(id, `legacy:${id}`, to)
    .run();
  const provider = fakeProvider();
  expect(await deliverOutboxEmail(testDb(), withKey(), id, provider.fetcher)).toMatchObject({ status: "sent", htmlBody: null, category: "transactional" });
  expect(provider.calls[0]!.body).toEqual({ from: "ClarityAI Coaching <hello@clarityai.com.au>", to: [to], subject: "Old", text: "Old body" });
});
