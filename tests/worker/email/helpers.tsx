import { env } from "cloudflare:workers";
import { createDb } from "~/db/client.server";
import { defineEmail } from "~/email/templates/define";
import { Button, Paragraph } from "~/email/templates/layout";
import { readEnv } from "~/platform/env.server";

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
