import { expect, type APIRequestContext } from "@playwright/test";

// With no email provider configured, every email the app sends stays in the outbox, and admins
// read it at /admin/outbox. The journeys read codes the same way, as the demo admin over HTTP with
// a session of their own — never by opening the server's database file underneath it.

export type OutboxEmail = { to_address: string; subject: string; text_body: string };

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'" };

function decodeHtml(text: string) {
  return text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** The outbox listing's rows: address, subject and the link to the email, newest first. */
function outboxRows(html: string) {
  return html
    .split(/<tr\b/)
    .map((row) => {
      const link = row.match(/<a\b[^>]*\bhref="(\/admin\/outbox\/[\w-]+)"[^>]*>([^<]*)<\/a>/);
      return { to: decodeHtml(row.match(/<td\b[^>]*>([^<]*)<\/td>/)?.[1] ?? ""), href: link?.[1] ?? "", subject: decodeHtml(link?.[2] ?? "") };
    })
    .filter((row) => row.href !== "");
}

/**
 * The newest email to this address whose subject starts with `subjectStart`, waiting for it to
 * arrive (queued emails, like the onboarding email, are written by the queue consumer a moment
 * later). `admin` is a request context signed in as an admin.
 */
export async function waitForEmail(admin: APIRequestContext, to: string, subjectStart: string, { timeout = 30_000 } = {}): Promise<OutboxEmail> {
  let found = { href: "", subject: "" };
  await expect
    .poll(
      async () => {
        const listing = await admin.get("/admin/outbox");
        expect(listing.url(), "the outbox, read as an admin").toMatch(/\/admin\/outbox$/);
        found = outboxRows(await listing.text()).find((row) => row.to === to && row.subject.startsWith(subjectStart)) ?? found;
        return found.href;
      },
      { message: `an email "${subjectStart}…" to ${to} in the outbox`, timeout },
    )
    .toMatch(/^\/admin\/outbox\/[\w-]+$/);
  const page = await admin.get(found.href);
  expect(page.status()).toBe(200);
  const body = (await page.text()).match(/<pre\b[^>]*aria-label="Email text"[^>]*>([\s\S]*?)<\/pre>/)?.[1];
  expect(body, `the text of "${found.subject}"`).toEqual(expect.any(String));
  return { to_address: to, subject: found.subject, text_body: decodeHtml(body!) };
}

/** The 6-digit code in an email's text. */
export function codeIn(email: OutboxEmail): string {
  const code = /\b(\d{6})\b/.exec(email.text_body)?.[1];
  expect(code, `a 6-digit code in "${email.subject}"`).toMatch(/^\d{6}$/);
  return code!;
}
