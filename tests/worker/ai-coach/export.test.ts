import { env } from "cloudflare:workers";
import { beforeAll, expect, test } from "vitest";
import { chatToEnd, createSubscriber, ensureContentIndex } from "../../factories/conversations";
import { fetchApp } from "../app";

// The Markdown export: named after the day the conversation started on the reader's clock (not
// UTC's), its times in the reader's zone with the abbreviation that applied, and this site's links
// absolute (PUBLIC_SITE_URL's origin) so they work once the file has left the site.

beforeAll(() => ensureContentIndex());

const ORIGIN = new URL(env.PUBLIC_SITE_URL).origin;

async function exported(cookie: string, conversationId: string, query = "") {
  const response = await fetchApp(`/ai-coach/conversations/${conversationId}/export.md${query}`, { cookie });
  expect(response.status).toBe(200);
  const filename = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1];
  return { filename, text: await response.text() };
}

async function startedAt(conversationId: string, iso: string) {
  await env.DB.prepare("UPDATE ai_conversations SET created_at = ? WHERE id = ?").bind(iso, conversationId).run();
}

test("the file is named after the conversation's day in the reader's zone, not UTC's", async () => {
  const user = await createSubscriber("lite");
  const { conversationId } = await chatToEnd(user.cookie, "How do I price a new service?");
  // 7:30 am AEDT on Saturday 28 November in Sydney, 4:30 am AWST the same day in Perth, still Friday 27th in UTC.
  await startedAt(conversationId, "2026-11-27T20:30:00.000Z");
  expect((await exported(user.cookie, conversationId, "?tz=Australia%2FSydney")).filename).toBe("clarityai-conversation-2026-11-28.md");
  expect((await exported(user.cookie, conversationId, "?tz=Australia%2FPerth")).filename).toBe("clarityai-conversation-2026-11-28.md");
  // Without a zone (or with one Intl doesn't know) the site's own clock, Sydney time, names it.
  expect((await exported(user.cookie, conversationId)).filename).toBe("clarityai-conversation-2026-11-28.md");
  expect((await exported(user.cookie, conversationId, "?tz=Mars%2FOlympus_Mons")).filename).toBe("clarityai-conversation-2026-11-28.md");
  // 11:30 pm AWST on Friday 27th in Perth is already Saturday 28th in Sydney.
  await startedAt(conversationId, "2026-11-27T15:30:00.000Z");
  expect((await exported(user.cookie, conversationId, "?tz=Australia%2FPerth")).filename).toBe("clarityai-conversation-2026-11-27.md");
  expect((await exported(user.cookie, conversationId, "?tz=Australia%2FSydney")).filename).toBe("clarityai-conversation-2026-11-28.md");
});

test("times are on the reader's clock and name its zone; links to this site are absolute", async () => {
  const user = await createSubscriber("pro");
  const message = "Compare [your plans](/services/clarityai) with ![chart](/images/plan.png) and [the ATO](https://www.ato.gov.au/bas).\n\n[book]: /booking";
  const { conversationId } = await chatToEnd(user.cookie, message);
  const perth = await exported(user.cookie, conversationId, "?tz=Australia%2FPerth");
  expect(perth.text).toContain(`[your plans](${ORIGIN}/services/clarityai)`);
  expect(perth.text).toContain(`![chart](${ORIGIN}/images/plan.png)`);
  expect(perth.text).toContain("[the ATO](https://www.ato.gov.au/bas)");
  expect(perth.text).toContain(`[book]: ${ORIGIN}/booking`);
  expect(perth.text).not.toMatch(/\]\(\//);
  const headings = perth.text.match(/^## .+$/gm) ?? [];
  expect(headings.length).toBeGreaterThanOrEqual(2);
  for (const heading of headings) expect(heading).toMatch(/^## (You|ClarityAI) · \w+day \d{1,2} \w+ \d{4}, \d{1,2}:\d{2} [ap]m AWST/);
  expect(perth.text).toMatch(/^Exported from ClarityAI \(.+\) on \w+day \d{1,2} \w+ \d{4}, \d{1,2}:\d{2} [ap]m AWST\.$/m);
  const brisbane = await exported(user.cookie, conversationId, "?tz=Australia%2FBrisbane");
  expect(brisbane.text).toMatch(/^## You · .+ AEST$/m);
  expect(brisbane.text).not.toMatch(/AEDT|AWST/);
});
