import type { IncomingMessage, ServerResponse } from "node:http";
import type { TestProject } from "vitest/node";
import { startLoopbackServer } from "./loopback-server";

// An email provider on loopback for the workerd tests (a vitest globalSetup: its URL is provided as
// "fakeEmailUrl"; point EMAIL_API_URL at it with EMAIL_API_KEY set to FAKE_EMAIL_API_KEY). It
// speaks the three HTTP APIs app/email/provider.server.ts knows, each as its service documents it:
//   POST /emails         Resend: Authorization: Bearer <key>; answers {id}. An Idempotency-Key seen
//                        before answers the first send's id without sending again (409 when the
//                        body differs), as Resend does for 24 hours.
//   POST /email          Postmark: X-Postmark-Server-Token: <key>; answers {MessageID, ErrorCode: 0}.
//   POST /v3/mail/send   SendGrid v3: Authorization: Bearer <key>; answers 202, the id in X-Message-Id.
// A wrong key answers 401; a body missing what the API requires answers 400 (Resend, SendGrid) or
// 422 (Postmark) naming the problem, so a malformed request fails a test instead of vanishing.
// Every message accepted is recorded in one shape (SentEmail). Test controls:
//   GET  /__sent?to=<address>   messages accepted for that recipient, oldest first
//   POST /__fail                {to, status, times?}: the next `times` (1) sends to that recipient
//                               answer `status` (429, 500, 400…) and send nothing; status 0 sends
//                               the message, then drops the connection (the answer is lost)

export const FAKE_EMAIL_API_KEY = "fake-email-api-key";

export type FakeEmailApi = "resend" | "postmark" | "sendgrid";
export type SentEmail = {
  api: FakeEmailApi;
  id: string;
  // "Name <address>" as the caller gave it (SendGrid's {email, name} is put back in this form).
  from: string;
  to: string[];
  subject: string;
  text: string | null;
  html: string | null;
  headers: Record<string, string>;
  // Content as sent: base64.
  attachments: { filename: string; contentType: string | null; content: string }[];
  // Postmark's message stream; null for the other APIs.
  stream: string | null;
  idempotencyKey: string | null;
};
type Script = { to: string; status: number; times: number };

declare module "vitest" {
  export interface ProvidedContext {
    fakeEmailUrl: string;
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });
}

function send(response: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) {
  if (body === undefined) {
    response.writeHead(status, headers);
    response.end();
    return;
  }
  response.writeHead(status, { ...headers, "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === "object" && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === "string" && value.length > 0;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

type Parsed = { email: Omit<SentEmail, "api" | "id" | "idempotencyKey"> } | { problem: string };

function parseResend(body: Record<string, unknown> | null): Parsed {
  if (!body) return { problem: "body is not a JSON object" };
  const to = typeof body.to === "string" ? [body.to] : body.to;
  if (!isString(body.from)) return { problem: "from is required" };
  if (!Array.isArray(to) || to.length === 0 || !to.every(isString)) return { problem: "to is required" };
  if (!isString(body.subject)) return { problem: "subject is required" };
  if (!isString(body.text) && !isString(body.html)) return { problem: "text or html is required" };
  if (body.headers !== undefined && !isObject(body.headers)) return { problem: "headers must be an object" };
  const attachments = body.attachments ?? [];
  if (!Array.isArray(attachments) || !attachments.every((a) => isObject(a) && isString(a.filename) && isString(a.content) && BASE64.test(a.content)))
    return { problem: "attachments need a filename and base64 content" };
  return {
    email: {
      from: body.from,
      to,
      subject: body.subject,
      text: isString(body.text) ? body.text : null,
      html: isString(body.html) ? body.html : null,
      headers: (body.headers ?? {}) as Record<string, string>,
      attachments: attachments.map((a: Record<string, string>) => ({ filename: a.filename!, contentType: a.content_type ?? null, content: a.content! })),
      stream: null,
    },
  };
}

function parsePostmark(body: Record<string, unknown> | null): Parsed {
  if (!body) return { problem: "body is not a JSON object" };
  if (!isString(body.From)) return { problem: "From is required" };
  if (!isString(body.To)) return { problem: "To is required" };
  if (!isString(body.Subject)) return { problem: "Subject is required" };
  if (!isString(body.TextBody) && !isString(body.HtmlBody)) return { problem: "TextBody or HtmlBody is required" };
  const headers = body.Headers ?? [];
  if (!Array.isArray(headers) || !headers.every((h) => isObject(h) && isString(h.Name) && typeof h.Value === "string"))
    return { problem: "Headers must be a list of {Name, Value}" };
  const attachments = body.Attachments ?? [];
  if (!Array.isArray(attachments) || !attachments.every((a) => isObject(a) && isString(a.Name) && isString(a.Content) && BASE64.test(a.Content)))
    return { problem: "Attachments need a Name and base64 Content" };
  return {
    email: {
      from: body.From,
      to: body.To.split(",").map((address) => address.trim()),
      subject: body.Subject,
      text: isString(body.TextBody) ? body.TextBody : null,
      html: isString(body.HtmlBody) ? body.HtmlBody : null,
      headers: Object.fromEntries(headers.map((h: Record<string, string>) => [h.Name!, h.Value!])),
      attachments: attachments.map((a: Record<string, string>) => ({ filename: a.Name!, contentType: a.ContentType ?? null, content: a.Content! })),
      stream: isString(body.MessageStream) ? body.MessageStream : "outbound",
    },
  };
}

function parseSendGrid(body: Record<string, unknown> | null): Parsed {
  if (!body) return { problem: "body is not a JSON object" };
  const from = body.from;
  if (!isObject(from) || !isString(from.email)) return { problem: "from.email is required" };
  const [personalization, ...more] = Array.isArray(body.personalizations) ? body.personalizations : [];
  const to = isObject(personalization) && Array.isArray(personalization.to) ? personalization.to : [];
  if (more.length || to.length === 0 || !to.every((r) => isObject(r) && isString(r.email))) return { problem: "personalizations: one, with to: [{email}]" };
  if (!isString(body.subject)) return { problem: "subject is required" };
  const content = Array.isArray(body.content) ? body.content : [];
  if (content.length === 0 || !content.every((c) => isObject(c) && isString(c.type) && isString(c.value)))
    return { problem: "content: [{type, value}] is required" };
  const types = content.map((c: Record<string, string>) => c.type);
  if (types.includes("text/plain") && types[0] !== "text/plain") return { problem: "text/plain content must come first" };
  if (body.headers !== undefined && !isObject(body.headers)) return { problem: "headers must be an object" };
  const attachments = body.attachments ?? [];
  if (!Array.isArray(attachments) || !attachments.every((a) => isObject(a) && isString(a.filename) && isString(a.content) && BASE64.test(a.content)))
    return { problem: "attachments need a filename and base64 content" };
  const part = (type: string) => (content as Record<string, string>[]).find((c) => c.type === type)?.value ?? null;
  return {
    email: {
      from: isString(from.name) ? `${from.name} <${from.email}>` : from.email,
      to: to.map((r: Record<string, string>) => r.email!),
      subject: body.subject,
      text: part("text/plain"),
      html: part("text/html"),
      headers: (body.headers ?? {}) as Record<string, string>,
      attachments: attachments.map((a: Record<string, string>) => ({ filename: a.filename!, contentType: a.type ?? null, content: a.content! })),
      stream: null,
    },
  };
}

const APIS: Record<string, { api: FakeEmailApi; parse: (body: Record<string, unknown> | null) => Parsed }> = {
  "/emails": { api: "resend", parse: parseResend },
  "/email": { api: "postmark", parse: parsePostmark },
  "/v3/mail/send": { api: "sendgrid", parse: parseSendGrid },
};

/** The error body each API answers with. */
function errorBody(api: FakeEmailApi, status: number, message: string, name = "error") {
  if (api === "postmark") return { ErrorCode: status === 401 ? 10 : 300, Message: message };
  if (api === "sendgrid") return { errors: [{ message, field: null }] };
  return { statusCode: status, name, message };
}

export async function startFakeEmail() {
  const sent: SentEmail[] = [];
  const scripts: Script[] = [];
  // Resend's idempotency: key → the body and id of the first send.
  const idempotent = new Map<string, { body: string; id: string }>();

  function scripted(to: string[]): Script | undefined {
    const script = scripts.find((s) => s.times > 0 && to.some((address) => address.toLowerCase() === s.to));
    if (script) script.times -= 1;
    return script;
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const text = await readBody(request);

    if (url.pathname === "/__sent" && request.method === "GET") {
      const to = (url.searchParams.get("to") ?? "").toLowerCase();
      return send(
        response,
        200,
        sent.filter((email) => email.to.some((address) => address.toLowerCase() === to)),
      );
    }
    if (url.pathname === "/__fail" && request.method === "POST") {
      const script = parseJson(text);
      if (!isString(script?.to) || typeof script.status !== "number") return send(response, 400, { error: "to and status are required" });
      scripts.push({ to: script.to.toLowerCase(), status: script.status, times: typeof script.times === "number" ? script.times : 1 });
      return send(response, 204);
    }

    const route = APIS[url.pathname];
    if (!route || request.method !== "POST") return send(response, 404, { error: "not found" });
    const { api, parse } = route;
    const key = api === "postmark" ? request.headers["x-postmark-server-token"] : request.headers.authorization?.replace(/^Bearer /, "");
    if (key !== FAKE_EMAIL_API_KEY) return send(response, 401, errorBody(api, 401, "API key is invalid", "validation_error"));
    if (api === "postmark" && request.headers.accept !== "application/json")
      return send(response, 422, errorBody(api, 422, "Accept: application/json is required"));
    const parsed = parse(parseJson(text));
    if ("problem" in parsed) return send(response, api === "postmark" ? 422 : 400, errorBody(api, 400, parsed.problem, "validation_error"));

    const script = scripted(parsed.email.to);
    if (script && script.status !== 0) return send(response, script.status, errorBody(api, script.status, "Failed on purpose", "application_error"));

    const idempotencyKey = api === "resend" ? ((request.headers["idempotency-key"] as string | undefined) ?? null) : null;
    const first = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
    if (first && first.body !== text)
      return send(response, 409, errorBody(api, 409, "Same idempotency key used with a different request payload", "invalid_idempotent_request"));
    const id = first?.id ?? crypto.randomUUID();
    if (!first) {
      sent.push({ api, id, ...parsed.email, idempotencyKey });
      if (idempotencyKey) idempotent.set(idempotencyKey, { body: text, id });
    }

    if (script) {
      // Sent, but the answer never arrives.
      response.destroy();
      return;
    }
    if (api === "postmark")
      return send(response, 200, { To: parsed.email.to.join(", "), SubmittedAt: new Date().toISOString(), MessageID: id, ErrorCode: 0, Message: "OK" });
    if (api === "sendgrid") return send(response, 202, undefined, { "X-Message-Id": id });
    return send(response, 200, { id });
  }

  const server = await startLoopbackServer(handle);
  return { url: server.origin, close: server.close, sent };
}

export default async function setup(project: TestProject) {
  const fake = await startFakeEmail();
  project.provide("fakeEmailUrl", fake.url);
  return fake.close;
}
