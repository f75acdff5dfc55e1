import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { waitFor } from "../wait-for";

// The email outbox: rows made for a test, and the emails the app wrote, read as their recipient
// reads them. Emails asked for through the auth API (codes, resets) are written by a queue job a
// moment after the answer: waitForEmails waits for them.

export type OutboxRow = {
  id: string;
  dedupe_key: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  category: string;
  status: string;
  provider: string;
  created_at: string;
};

/** A pending email in the outbox (to a new address, with a key of its own, unless told). */
export async function createOutboxEmail({
  to = `outbox.${crypto.randomUUID().slice(0, 8)}@example.com.au`,
  dedupeKey,
  subject = "Hello",
  text = "Body",
  provider = "outbox",
}: { to?: string; dedupeKey?: string; subject?: string; text?: string; provider?: string } = {}) {
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO email_outbox (id, dedupe_key, to_address, subject, text_body, status, provider) VALUES (?, ?, ?, ?, ?, 'pending', ?)")
    .bind(id, dedupeKey ?? `test:${id}`, to, subject, text, provider)
    .run();
  return id;
}

/** The emails to an address (with this subject, or whose subject starts with `subjectStart`), newest first. */
export async function outboxTo(to: string, { subject, subjectStart }: { subject?: string; subjectStart?: string } = {}) {
  const filter = subject !== undefined ? " AND subject = ?" : subjectStart !== undefined ? " AND substr(subject, 1, ?) = ?" : "";
  const binds = subject !== undefined ? [subject] : subjectStart !== undefined ? [subjectStart.length, subjectStart] : [];
  const { results } = await env.DB.prepare(`SELECT * FROM email_outbox WHERE to_address = ?${filter} ORDER BY created_at DESC, rowid DESC`)
    .bind(to, ...binds)
    .all<OutboxRow>();
  return results;
}

/** The emails with this dedupe key (at most one, however often it was sent). */
export async function outboxFor(dedupeKey: string) {
  const { results } = await env.DB.prepare("SELECT * FROM email_outbox WHERE dedupe_key = ?").bind(dedupeKey).all<OutboxRow>();
  return results;
}

/** Waits until at least `count` emails (1 unless told) of outboxTo(to, filter) are there; answers them, newest first. */
export async function waitForEmails(to: string, { count = 1, ...filter }: { count?: number; subject?: string; subjectStart?: string } = {}) {
  const what = `${count} email(s) to ${to}${filter.subject ? ` titled "${filter.subject}"` : filter.subjectStart ? ` titled "${filter.subjectStart}…"` : ""}`;
  return waitFor(
    async () => {
      const rows = await outboxTo(to, filter);
      return rows.length >= count ? rows : null;
    },
    { message: what },
  );
}

/** The 6-digit code in an email's text. */
export function codeIn(text: string) {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  expect(code, `a 6-digit code in: ${text}`).toMatch(/^\d{6}$/);
  return code!;
}

/** The verification link (…/auth/v1/verify?…) in an email's text. */
export function linkIn(text: string) {
  const link = /(https?:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(text)?.[1];
  expect(link, `a verification link in: ${text}`).toMatch(/^https?:\/\//);
  return new URL(link!);
}

/** The newest email to an address (with this subject…), once it is there. */
export async function latestEmail(to: string, filter: { count?: number; subject?: string; subjectStart?: string } = {}) {
  const [newest] = await waitForEmails(to, filter);
  return newest!;
}

/** The 6-digit code of the newest email to an address (with this subject…), once it is there. */
export async function emailedCode(to: string, filter: { count?: number; subject?: string; subjectStart?: string } = {}) {
  return codeIn((await latestEmail(to, filter)).text_body);
}
