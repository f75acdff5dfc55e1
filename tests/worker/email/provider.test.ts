import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, test, vi } from "vitest";
import { composeEmail } from "~/email/compose.server";
import { insertOutboxEmail, sendEmail } from "~/email/outbox.server";
import { emailProvider } from "~/email/provider.server";
import { passwordChangedEmail } from "~/email/templates/password-changed";
import { unsubscribeUrl } from "~/email/unsubscribe.server";
import { readEnv } from "~/platform/env.server";
import worker from "../../../workers/app";
import { allowConsoleErrors } from "../../console-errors";
import { uniqueEmail } from "../../factories/users";
import { appEnv, failSends, fakeProviderBindings, fakeProviderEnv, newsletterEmail, sentTo, testDb } from "./helpers";

// Delivery through app/email/provider.server.ts against the fake provider on loopback
// (tests/fakes/email-server.ts): what each API is sent, and which failures the queue retries.

const queueWorker: Required<Pick<ExportedHandler<Env>, "queue">> = worker;
const FROM = "ClarityAI Coaching <hello@clarityai.com.au>";

async function deliver(outboxId: string, bindings: Env) {
  const batch = createMessageBatch("clarityai-jobs", [
    { id: `msg-${crypto.randomUUID()}`, timestamp: new Date(), attempts: 1, body: { type: "email.send", version: 1, outboxId } },
  ]);
  const ctx = createExecutionContext();
  await queueWorker.queue(batch, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return getQueueResult(batch, ctx);
}

async function outboxRow(id: string) {
  return env.DB.prepare("SELECT status, provider, sent_at FROM email_outbox WHERE id = ?")
    .bind(id)
    .first<{ status: string; provider: string; sent_at: string | null }>();
}

async function pendingEmail(to: string) {
  return (await insertOutboxEmail(testDb(), fakeProviderEnv(), {
    dedupeKey: `provider:${crypto.randomUUID()}`,
    to,
    subject: "Hello",
    text: "Body",
    html: "<p>Body</p>",
  }))!;
}

/** Alerts to the team about failed jobs go through the queue: held back here. */
function holdJobs() {
  vi.spyOn(env.JOBS, "send").mockResolvedValue(undefined as unknown as QueueSendResponse);
}

test("without EMAIL_API_KEY there is no provider: mail stays in the outbox for admins to read", async () => {
  expect(emailProvider(appEnv())).toBeNull();
  expect(emailProvider(readEnv({ ...env, EMAIL_API_URL: "http://127.0.0.1:9" } as Env))).toBeNull();
  const to = uniqueEmail("no-key");
  const email = await composeEmail(appEnv(), passwordChangedEmail, { signInUrl: "http://localhost:8787/auth" }, { to, dedupeKey: `test:${to}` });
  expect(await sendEmail(testDb(), appEnv(), email)).toMatchObject({ status: "stored", provider: "outbox", sentAt: null });
  expect(await sentTo(to)).toEqual([]);
});

test("with a key, the provider (Resend's API by default) receives the sender, recipient, subject, both parts and the outbox id as idempotency key", async () => {
  const to = uniqueEmail("resend");
  const email = await composeEmail(appEnv(), passwordChangedEmail, { signInUrl: "http://localhost:8787/auth" }, { to, dedupeKey: `test:${to}` });
  const row = await sendEmail(testDb(), fakeProviderEnv(), email);

  expect(row).toMatchObject({ status: "sent", provider: "resend" });
  expect(row!.sentAt).not.toBeNull();
  expect(await sentTo(to)).toEqual([
    {
      api: "resend",
      id: expect.any(String),
      from: FROM,
      to: [to],
      subject: email.subject,
      text: email.text,
      html: email.html,
      headers: {},
      attachments: [],
      stream: null,
      idempotencyKey: `outbox-${row!.id}`,
    },
  ]);
});

test("a 429 and a 500 are retried by the queue, the row staying pending; the retry sends the email once", async () => {
  const errors = allowConsoleErrors();
  const to = uniqueEmail("retry");
  const id = await pendingEmail(to);
  await failSends(to, 429);
  await failSends(to, 500);

  for (const status of [429, 500]) {
    const result = await deliver(id, fakeProviderBindings());
    expect(result.retryMessages).toHaveLength(1);
    expect(result.explicitAcks).toEqual([]);
    expect(await outboxRow(id)).toMatchObject({ status: "pending", sent_at: null });
    expect(errors.at(-1)).toMatch(new RegExp(`^jobs: failed, will retry .*Email provider answered ${status}`));
  }
  expect(await sentTo(to)).toEqual([]);

  expect((await deliver(id, fakeProviderBindings())).explicitAcks).toHaveLength(1);
  expect(await outboxRow(id)).toMatchObject({ status: "sent", provider: "resend" });
  expect(await sentTo(to)).toHaveLength(1);
  // No address in what is logged.
  expect(errors.join("\n")).not.toContain(to);
});

test("an answer lost on the way back is retried with the same idempotency key: the recipient gets the email once", async () => {
  const errors = allowConsoleErrors();
  const to = uniqueEmail("lost-answer");
  const id = await pendingEmail(to);
  await failSends(to, 0);

  expect((await deliver(id, fakeProviderBindings())).retryMessages).toHaveLength(1);
  expect(errors).toEqual([expect.stringMatching(/^jobs: failed, will retry .*Email provider unreachable/)]);
  expect(await outboxRow(id)).toMatchObject({ status: "pending" });

  expect((await deliver(id, fakeProviderBindings())).explicitAcks).toHaveLength(1);
  expect(await outboxRow(id)).toMatchObject({ status: "sent" });
  const sent = await sentTo(to);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.idempotencyKey).toBe(`outbox-${id}`);
});

test("a 400 is not retried: the job is acknowledged, the row stays pending and admins find it among failed jobs at once", async () => {
  const errors = allowConsoleErrors();
  holdJobs();
  const to = uniqueEmail("refused");
  const id = await pendingEmail(to);
  await failSends(to, 400);

  const result = await deliver(id, fakeProviderBindings());
  expect(result.retryMessages).toEqual([]);
  expect(result.explicitAcks).toHaveLength(1);
  expect(await outboxRow(id)).toMatchObject({ status: "pending", sent_at: null });
  const failed = await env.DB.prepare("SELECT type, status, attempts, error FROM failed_jobs WHERE outbox_id = ?").bind(id).first();
  expect(failed).toEqual({ type: "email.send", status: "failed", attempts: 1, error: "Email provider answered 400 (application_error)" });
  expect(errors).toEqual([expect.stringMatching(/^jobs: refused, not retried; recorded for admins at \/admin\/jobs/)]);
  expect(await sentTo(to)).toEqual([]);
});

test("a wrong API key is a permanent failure too, and a provider that cannot be reached a retryable one", async () => {
  const message = { to: uniqueEmail("classify"), subject: "Hello", text: "Body" };
  expect(await emailProvider(fakeProviderEnv({ EMAIL_API_KEY: "wrong-key" }))!.send(message)).toEqual({
    ok: false,
    provider: "resend",
    retryable: false,
    status: 401,
    error: "Email provider answered 401 (validation_error)",
  });
  // Nothing listens on port 9 (discard) of loopback here.
  expect(await emailProvider(fakeProviderEnv({ EMAIL_API_URL: "http://127.0.0.1:9" }))!.send(message)).toEqual({
    ok: false,
    provider: "resend",
    retryable: true,
    status: null,
    error: "Email provider unreachable",
  });
  for (const [status, retryable] of [
    [409, true],
    [429, true],
    [500, true],
    [503, true],
    [400, false],
    [403, false],
    [422, false],
  ] as const) {
    await failSends(message.to, status);
    expect(await emailProvider(fakeProviderEnv())!.send(message)).toMatchObject({ ok: false, status, retryable });
  }
  expect(await emailProvider(fakeProviderEnv())!.send(message)).toEqual({ ok: true, provider: "resend", id: expect.any(String) });
});

test("Postmark's API: transactional mail on the outbound stream, marketing mail on the broadcast stream with its unsubscribe headers", async () => {
  const postmark = fakeProviderEnv({ EMAIL_PROVIDER: "postmark" });
  const to = uniqueEmail("postmark");
  const notice = await composeEmail(appEnv(), passwordChangedEmail, { signInUrl: "http://localhost:8787/auth" }, { to, dedupeKey: `notice:${to}` });
  const news = await composeEmail(appEnv(), newsletterEmail, { firstName: "Sam", articleUrl: "http://localhost:8787/blog" }, { to, dedupeKey: `news:${to}` });
  expect(await sendEmail(testDb(), postmark, notice)).toMatchObject({ status: "sent", provider: "postmark" });
  expect(await sendEmail(testDb(), postmark, news)).toMatchObject({ status: "sent", provider: "postmark" });

  const link = await unsubscribeUrl(appEnv(), to);
  expect(await sentTo(to)).toEqual([
    expect.objectContaining({
      api: "postmark",
      from: FROM,
      to: [to],
      subject: notice.subject,
      text: notice.text,
      html: notice.html,
      headers: {},
      stream: "outbound",
    }),
    expect.objectContaining({
      api: "postmark",
      subject: news.subject,
      text: news.text,
      html: news.html,
      headers: { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      stream: "broadcast",
      idempotencyKey: null,
    }),
  ]);
});

test("SendGrid's API: the sender as name and address, the text part first, the invitation as a base64 attachment", async () => {
  const sendgrid = fakeProviderEnv({ EMAIL_PROVIDER: "sendgrid" });
  const to = uniqueEmail("sendgrid");
  const content = "BEGIN:VCALENDAR\r\nSUMMARY:Café session\r\nEND:VCALENDAR\r\n";
  const row = await sendEmail(testDb(), sendgrid, {
    dedupeKey: `invite:${to}`,
    to,
    subject: "Invitation",
    text: "See the invitation.",
    html: "<p>See the invitation.</p>",
    attachments: [{ filename: "invite.ics", contentType: "text/calendar; charset=utf-8; method=REQUEST", content }],
  });
  expect(row).toMatchObject({ status: "sent", provider: "sendgrid" });

  const [sent, ...more] = await sentTo(to);
  expect(more).toEqual([]);
  expect(sent).toMatchObject({ api: "sendgrid", from: FROM, to: [to], subject: "Invitation", text: "See the invitation.", html: "<p>See the invitation.</p>" });
  expect(sent!.attachments).toEqual([{ filename: "invite.ics", contentType: "text/calendar; charset=utf-8; method=REQUEST", content: expect.any(String) }]);
  expect(new TextDecoder().decode(Uint8Array.from(atob(sent!.attachments[0]!.content), (c) => c.charCodeAt(0)))).toBe(content);
});
