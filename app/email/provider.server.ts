import type { AppEnv } from "~/platform/env.server";
import type { EmailCategory } from "./templates/define";

// The one place that talks to the email provider, over its HTTP API. Without EMAIL_API_KEY there is
// none (emailProvider answers null): the outbox row is the delivery, for admins to read. With a key,
// EMAIL_PROVIDER picks the API's shape (Resend by default; Postmark, SendGrid) and EMAIL_API_URL
// points it at a compatible server instead of the service itself (the tests' fake in
// tests/fakes/email-server.ts). A failure is classified for the queue: a network error, a 429 or a
// 5xx may succeed later (retryable), and so may a 409: Resend's answer while another send with the same
// idempotency key is still in flight; any other answer will not (permanent).

export type EmailProviderName = AppEnv["EMAIL_PROVIDER"];

/** A file sent with an email, e.g. a calendar invitation; content as text (sent as base64 of its UTF-8 bytes). */
export type EmailAttachment = { filename: string; contentType: string; content: string };

export type EmailMessage = {
  // "Name <address>" or an address; EMAIL_FROM when left out.
  from?: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: EmailAttachment[];
  // Extra message headers, e.g. List-Unsubscribe.
  headers?: Record<string, string>;
  // Postmark sends marketing mail on its "broadcast" message stream; the other APIs send both alike.
  category?: EmailCategory;
  // Resend sends a message once per key (for 24 hours), so a retry after a lost answer cannot send
  // it twice. Postmark and SendGrid have no such key: there a retry after a lost answer may.
  idempotencyKey?: string;
};

export type SendResult =
  | { ok: true; provider: EmailProviderName; id: string | null }
  // error names the status and the provider's error code, never the message or an address.
  | { ok: false; provider: EmailProviderName; retryable: boolean; status: number | null; error: string };

export type EmailProvider = { name: EmailProviderName; send: (message: EmailMessage) => Promise<SendResult> };

export type EmailProviderSettings = Pick<AppEnv, "EMAIL_API_KEY" | "EMAIL_PROVIDER" | "EMAIL_API_URL" | "EMAIL_FROM">;

type Api = {
  url: string;
  path: string;
  headers: (key: string, message: EmailMessage) => Record<string, string>;
  body: (message: EmailMessage & { from: string }) => unknown;
  // The message id from a successful answer.
  id: (response: Response) => Promise<string | null>;
  // The provider's error code in a failed answer's body, e.g. Resend's "validation_error".
  errorCode: (body: unknown) => unknown;
};

/** Text as base64 of its UTF-8 bytes, as the APIs take attachment content. */
function base64Utf8(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** "Name <address>" as {email, name}; a bare address as {email}. */
function mailbox(value: string): { email: string; name?: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
  if (!match) return { email: value.trim() };
  return match[1] ? { email: match[2]!.trim(), name: match[1] } : { email: match[2]!.trim() };
}

const field = (body: unknown, name: string): unknown => (body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined);

const json = async (response: Response): Promise<unknown> => response.json().catch(() => null);

const APIS: Record<EmailProviderName, Api> = {
  // https://resend.com/docs/api-reference/emails/send-email
  resend: {
    url: "https://api.resend.com",
    path: "/emails",
    headers: (key, message) => ({
      authorization: `Bearer ${key}`,
      "content-type": "application/json",
      ...(message.idempotencyKey ? { "idempotency-key": message.idempotencyKey } : {}),
    }),
    body: (message) => ({
      from: message.from,
      to: [message.to],
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.attachments?.length
        ? { attachments: message.attachments.map((file) => ({ filename: file.filename, content: base64Utf8(file.content), content_type: file.contentType })) }
        : {}),
      ...(message.headers && Object.keys(message.headers).length ? { headers: message.headers } : {}),
    }),
    id: async (response) => {
      const id = field(await json(response), "id");
      return typeof id === "string" ? id : null;
    },
    errorCode: (body) => field(body, "name"),
  },
  // https://postmarkapp.com/developer/user-guide/send-email-with-api
  postmark: {
    url: "https://api.postmarkapp.com",
    path: "/email",
    headers: (key) => ({ "x-postmark-server-token": key, accept: "application/json", "content-type": "application/json" }),
    body: (message) => ({
      From: message.from,
      To: message.to,
      Subject: message.subject,
      TextBody: message.text,
      ...(message.html ? { HtmlBody: message.html } : {}),
      ...(message.headers && Object.keys(message.headers).length ? { Headers: Object.entries(message.headers).map(([Name, Value]) => ({ Name, Value })) } : {}),
      ...(message.attachments?.length
        ? { Attachments: message.attachments.map((file) => ({ Name: file.filename, Content: base64Utf8(file.content), ContentType: file.contentType })) }
        : {}),
      MessageStream: message.category === "marketing" ? "broadcast" : "outbound",
    }),
    id: async (response) => {
      const id = field(await json(response), "MessageID");
      return typeof id === "string" ? id : null;
    },
    errorCode: (body) => field(body, "ErrorCode"),
  },
  // https://www.twilio.com/docs/sendgrid/api-reference/mail-send/mail-send
  sendgrid: {
    url: "https://api.sendgrid.com",
    path: "/v3/mail/send",
    headers: (key) => ({ authorization: `Bearer ${key}`, "content-type": "application/json" }),
    body: (message) => ({
      personalizations: [{ to: [{ email: message.to }] }],
      from: mailbox(message.from),
      subject: message.subject,
      // The plain-text part must come first.
      content: [{ type: "text/plain", value: message.text }, ...(message.html ? [{ type: "text/html", value: message.html }] : [])],
      ...(message.attachments?.length
        ? {
            attachments: message.attachments.map((file) => ({
              filename: file.filename,
              content: base64Utf8(file.content),
              type: file.contentType,
              disposition: "attachment",
            })),
          }
        : {}),
      ...(message.headers && Object.keys(message.headers).length ? { headers: message.headers } : {}),
    }),
    // 202 with no body; the id is in a header.
    id: async (response) => response.headers.get("x-message-id"),
    // SendGrid's errors are messages only, which may quote the address: none is kept.
    errorCode: () => undefined,
  },
};

/** A provider's error code fit for logs: a short identifier or number, nothing else. */
function safeCode(code: unknown): string | null {
  const text = typeof code === "number" ? String(code) : typeof code === "string" ? code : "";
  return /^[\w.-]{1,60}$/.test(text) ? text : null;
}

/**
 * The email provider configured by the settings, or null without EMAIL_API_KEY (mail stays in the
 * outbox). send() never throws: a failure is a SendResult saying whether a retry can succeed.
 */
export function emailProvider(env: EmailProviderSettings, fetcher: typeof fetch = fetch): EmailProvider | null {
  const key = env.EMAIL_API_KEY;
  if (!key) return null;
  const name = env.EMAIL_PROVIDER;
  const api = APIS[name];
  const url = `${(env.EMAIL_API_URL ?? api.url).replace(/\/+$/, "")}${api.path}`;

  async function send(message: EmailMessage): Promise<SendResult> {
    const complete = { ...message, from: message.from ?? env.EMAIL_FROM };
    let response: Response;
    try {
      response = await fetcher(url, { method: "POST", headers: api.headers(key!, complete), body: JSON.stringify(api.body(complete)) });
    } catch {
      return { ok: false, provider: name, retryable: true, status: null, error: "Email provider unreachable" };
    }
    if (response.ok) return { ok: true, provider: name, id: await api.id(response) };
    const code = safeCode(api.errorCode(await json(response)));
    const { status } = response;
    return {
      ok: false,
      provider: name,
      retryable: status === 409 || status === 429 || status >= 500,
      status,
      error: `Email provider answered ${status}${code ? ` (${code})` : ""}`,
    };
  }

  return { name, send };
}
