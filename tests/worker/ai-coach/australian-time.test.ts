import { env } from "cloudflare:workers";
import { beforeAll, expect, test } from "vitest";
import { chatToEnd, clientMessageId, createSubscriber, ensureContentIndex, modelEnv, sendChat } from "../../factories/conversations";
import { fetchApp, pageText } from "../app";

// The AI coach shows every time on the reader's own clock, named: the zone of the state on their
// profile (Darwin keeps ACST and Perth AWST all year), never Sydney's AEDT.

beforeAll(() => ensureContentIndex());

async function setState(userId: string, state: string) {
  await env.DB.prepare("UPDATE profiles SET state = ? WHERE user_id = ?").bind(state, userId).run();
}

/** "9:05 pm ACST": an instant on a clock a fixed number of minutes ahead of UTC, worked out here by hand. */
function clockOf(iso: string, offsetMinutes: number, abbreviation: string) {
  const local = new Date(Date.parse(iso) + offsetMinutes * 60_000);
  const hours = local.getUTCHours();
  return `${hours % 12 || 12}:${String(local.getUTCMinutes()).padStart(2, "0")} ${hours < 12 ? "am" : "pm"} ${abbreviation}`;
}

test("a Darwin subscriber sees each message's time and the daily reset on their own clock, in ACST", async () => {
  const user = await createSubscriber("lite");
  await setState(user.id, "NT");
  const { conversationId } = await chatToEnd(user.cookie, "How do I price my services?");
  const html = await pageText(await fetchApp(`/profile?tab=ai-assistant&c=${conversationId}`, { cookie: user.cookie }));
  // Each message's heading line: the author, then its time.
  const metas = html.split('class="coach-message-meta"').slice(1);
  const times = metas
    .map((meta) => /<time dateTime="([^"]+)"[^>]*>([^<]+)<\/time>/.exec(meta))
    .map((match) => ({ iso: match?.[1] ?? "", text: match?.[2] ?? "" }));
  expect(times.length).toBeGreaterThanOrEqual(2);
  for (const { iso, text } of times) expect(text).toBe(clockOf(iso, 570, "ACST"));
  // The conversation list names the same clock.
  expect(html).not.toMatch(/AE[SD]T/);
  // Sydney's midnight is 11:30 pm in Darwin in winter and 10:30 pm while Sydney is on daylight saving.
  expect(html).toMatch(/Resets at (11|10):30 pm ACST \(midnight in Sydney\)/);
});

test("a Perth subscriber at the daily limit is told when it resets in AWST", async () => {
  const user = await createSubscriber("lite");
  await setState(user.id, "WA");
  const bindings = modelEnv({ CLARITYAI_DAILY_MESSAGES_LITE: "1" });
  const first = await chatToEnd(user.cookie, "One", null, bindings);
  const over = await sendChat(user.cookie, { message: "Two", conversationId: first.conversationId, clientMessageId: clientMessageId() }, bindings);
  expect(over.status).toBe(429);
  const body = (await over.json()) as { error: string; usage: { resetsAt: string } };
  const sydneyOffset = new Date(body.usage.resetsAt).getUTCHours() === 13 ? 660 : 600;
  expect(clockOf(body.usage.resetsAt, sydneyOffset, "")).toBe("12:00 am ");
  expect(body.error).toContain(`Your limit resets at ${clockOf(body.usage.resetsAt, 480, "AWST")} (midnight in Sydney), so`);
  expect(body.error).not.toMatch(/AE[SD]T/);
});
