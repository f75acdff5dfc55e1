import { env } from "cloudflare:workers";
import { inject } from "vitest";
import { createDb } from "~/db/client.server";
import { defineEmail } from "~/email/templates/define";
import { Button, Paragraph } from "~/email/templates/layout";
import { readEnv } from "~/platform/env.server";
import { FAKE_EMAIL_API_KEY, type SentEmail } from "../../fakes/email-server";

export const appEnv = () => readEnv(env);
export const testDb = () => createDb(env.DB);

/** A marketing email kind, as a new one would be declared: the machinery is what is under test. */
export const newsletterEmail = defineEmail<{ firstName: string; articleUrl: string }>({
  category: "marketing",
  subject: () => "This month at ClarityAI Coaching",
  reason: "You're receiving this because you subscribed to news from ClarityAI Coaching.",
  text: ({ firstName, articleUrl }) => `Hi ${firstName},\n\nThis month: pricing for profit.\n${articleUrl}`,
  Body: ({ firstName, articleUrl }) => (
    <>
      <Paragraph>Hi {firstName},</Paragraph>
      <Button href={articleUrl}>Read the article</Button>
    </>
  ),
});

/** A fake email provider: records what it is sent and answers 200. */
export function fakeProvider() {
  const calls: { url: string; headers: Headers; body: Record<string, unknown> }[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), headers: new Headers(init?.headers), body: JSON.parse(String(init?.body)) as Record<string, unknown> });
    return new Response(JSON.stringify({ id: `re_${calls.length}` }), { status: 200 });
  }) as typeof fetch;
  return { calls, fetcher };
}

/** HTML attribute/text escaping as React does it, to find a value in rendered markup. */
export function escapeHtml(value: string) {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");
}

/** The bindings with the fake email provider configured (tests/fakes/email-server.ts), as the Worker reads them. */
export function fakeProviderBindings(extra: Record<string, string> = {}): Env {
  return { ...env, EMAIL_API_KEY: FAKE_EMAIL_API_KEY, EMAIL_API_URL: inject("fakeEmailUrl"), ...extra } as Env;
}

/** The parsed settings with the fake email provider configured. */
export const fakeProviderEnv = (extra: Record<string, string> = {}) => readEnv(fakeProviderBindings(extra));

/** What the fake email provider accepted for a recipient, oldest first. */
export async function sentTo(to: string): Promise<SentEmail[]> {
  return (await fetch(`${inject("fakeEmailUrl")}/__sent?to=${encodeURIComponent(to)}`)).json();
}

/** Makes the fake email provider answer `status` to the next `times` sends to `to` (0: send, then drop the connection). */
export async function failSends(to: string, status: number, times = 1) {
  const response = await fetch(`${inject("fakeEmailUrl")}/__fail`, { method: "POST", body: JSON.stringify({ to, status, times }) });
  if (response.status !== 204) throw new Error(`the fake email provider refused the script: ${response.status}`);
}
