import { env } from "cloudflare:workers";
import { beforeAll, expect, inject, test } from "vitest";
import { lessonKeyPoints, lessonMessage } from "~/learning/ask.server";
import { conversationJson, createSubscriber, ensureContentIndex, modelEnv } from "../../factories/conversations";
import { createLearningModule } from "../../factories/learning";
import { createSignedInUser } from "../../factories/users";
import { waitFor } from "../../wait-for";
import { countRows, fetchApp } from "../app";

// "Ask ClarityAI about this lesson": a subscriber's POST starts a conversation with the AI coach whose
// first message quotes the lesson (and, if chosen, their worksheet answers) and opens it; the model
// gets it with the system prompt saying where the conversation started; without a model the offline
// coach says plainly what it received. Everyone else is sent to the plans; locked lessons are refused.

beforeAll(() => ensureContentIndex());

const BODY = [
  "Cash is what pays the bills, not profit.",
  "",
  "## Map every dollar in and out",
  "",
  "- List receipts by **when** they land, not when you invoice",
  "- Put [BAS and PAYG](/blog/bas) on the weeks they are due",
  "",
  "## Find your lowest week",
].join("\n");

async function lessonWithWorksheet(access: "free" | "package" = "free") {
  const module = await createLearningModule({
    title: "Cash flow, for asking",
    access,
    lessons: [
      { title: "Your first forecast", worksheet: { kind: "template", title: "Your cash gaps", fields: [{ id: "gap", label: "Your biggest cash gap" }] } },
    ],
  });
  const lessonId = module.lessonIds[0]!;
  await env.DB.prepare("UPDATE learning_lessons SET body_md = ?, summary = ? WHERE id = ?")
    .bind(BODY, "Forecast 13 weeks of cash, week by week.", lessonId)
    .run();
  return { module, lessonId };
}

async function saveAnswers(userId: string, lessonId: string, gap: string) {
  await env.DB.prepare("INSERT INTO learning_worksheets (user_id, lesson_id, kind, answers, updated_at) VALUES (?, ?, 'template', ?, ?)")
    .bind(userId, lessonId, JSON.stringify({ fields: { gap } }), new Date().toISOString())
    .run();
}

async function fakeRequests(): Promise<{ messages: { role: string; content: string | null }[] }[]> {
  return (await fetch(`${inject("fakeOpenAiUrl").replace(/\/v1$/, "")}/__requests`)).json();
}

function conversationOf(response: Response): string {
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  expect(location).toMatch(/^\/profile\?tab=ai-assistant&c=[0-9a-f-]{36}$/);
  return new URL(location, "http://localhost").searchParams.get("c")!;
}

async function replyOf(cookie: string, conversationId: string, bindings: Env) {
  return waitFor(async () => {
    const response = await fetchApp(`/ai-coach/conversations/${conversationId}`, { cookie, bindings });
    const { messages, streaming } = (await response.json()) as Awaited<ReturnType<typeof conversationJson>>;
    const reply = messages.find((message) => message.role === "assistant");
    return !streaming && reply?.status === "complete" ? { messages, reply } : null;
  });
}

test("the lesson's key points are its headings and list items as plain words, and the message stays within the chat's limit", () => {
  expect(lessonKeyPoints(BODY)).toEqual([
    "Map every dollar in and out",
    "List receipts by when they land, not when you invoice",
    "Put BAS and PAYG on the weeks they are due",
    "Find your lowest week",
  ]);
  expect(lessonKeyPoints("Just one paragraph. And more.\n\nA second one.")).toEqual(["Just one paragraph.", "A second one."]);
  const long = lessonMessage({ moduleTitle: "M", lesson: { title: "T", summary: "S", bodyMd: BODY }, answers: "x".repeat(10_000) });
  expect(long.length).toBeLessThanOrEqual(4000);
  expect(long).toContain("My worksheet answers:");
});

test("with the model: the conversation opens with the lesson and the chosen answers, and the model receives them with where the conversation started", async () => {
  const bindings = modelEnv();
  const user = await createSubscriber("lite");
  const { lessonId } = await lessonWithWorksheet();
  const gap = `The August gap ${crypto.randomUUID().slice(0, 8)}`;
  await saveAnswers(user.id, lessonId, gap);

  const opened = await fetchApp(`/learning/lesson/${lessonId}/ask`, { form: { includeAnswers: "on" }, cookie: user.cookie, bindings });
  const conversationId = conversationOf(opened);
  const { messages, reply } = await replyOf(user.cookie, conversationId, bindings);
  const first = messages[0]!;
  expect(first.role).toBe("user");
  expect(first.content).toContain('the lesson "Your first forecast" (Cash flow, for asking)');
  expect(first.content).toContain("Forecast 13 weeks of cash, week by week.");
  expect(first.content).toContain("- List receipts by when they land, not when you invoice");
  expect(first.content).toContain(gap);
  expect(reply.offline).not.toBe(true);

  const sent = (await fakeRequests()).find((request) => request.messages.some((message) => message.role === "user" && message.content?.includes(gap)));
  expect(sent, "the model received the lesson and the answers").toBeDefined();
  const system = sent!.messages.find((message) => message.role === "system")!.content!;
  expect(system).toContain('The user started this conversation from the lesson "Your first forecast"');
  expect(system).toContain("its summary and key points and your worksheet answers");

  // Asking again with the same lesson and answers opens the same conversation, not a second one.
  const again = await fetchApp(`/learning/lesson/${lessonId}/ask`, { form: { includeAnswers: "on" }, cookie: user.cookie, bindings });
  expect(conversationOf(again)).toBe(conversationId);
  // Without the answers: a new conversation that doesn't quote them.
  const without = conversationOf(await fetchApp(`/learning/lesson/${lessonId}/ask`, { form: {}, cookie: user.cookie, bindings }));
  expect(without).not.toBe(conversationId);
  const plain = await replyOf(user.cookie, without, bindings);
  expect(plain.messages[0]!.content).not.toContain(gap);
  expect(plain.messages[0]!.content).toContain("Key points:");
});

test("without a model: the offline coach says plainly that it received the lesson and the answers", async () => {
  const user = await createSubscriber("pro");
  const { lessonId } = await lessonWithWorksheet();
  await saveAnswers(user.id, lessonId, "Wages week in July");
  const conversationId = conversationOf(
    await fetchApp(`/learning/lesson/${lessonId}/ask`, { form: { includeAnswers: "on" }, cookie: user.cookie, bindings: env }),
  );
  const { reply } = await replyOf(user.cookie, conversationId, env);
  expect(reply.offline).toBe(true);
  const lines = reply.content.split("\n");
  expect(lines[0]).toBe("**Offline coach:** No AI model is connected, so I answer from our own guides.");
  expect(reply.content).toContain(`I've received the lesson "Your first forecast" (its summary and key points and your worksheet answers)`);
  expect(reply.content).toContain("Without the AI model I can't talk it through with you");
});

test("no plan: sent to the ClarityAI plans; answers not saved, a locked lesson or an unknown one: refused, and no conversation starts", async () => {
  const member = await createSignedInUser({ roles: ["client"] });
  const { lessonId } = await lessonWithWorksheet();
  const noPlan = await fetchApp(`/learning/lesson/${lessonId}/ask`, { form: {}, cookie: member.cookie });
  expect(noPlan.status).toBe(302);
  expect(noPlan.headers.get("Location")).toBe("/services/clarityai#plans");
  expect(await countRows("ai_conversations", "user_id = ?", member.id)).toBe(0);

  const subscriber = await createSubscriber("lite");
  const noAnswers = await fetchApp(`/learning/lesson/${lessonId}/ask`, { form: { includeAnswers: "on" }, cookie: subscriber.cookie });
  expect(noAnswers.status).toBe(302);
  expect(noAnswers.headers.get("Location")).toBe(`/learning/lesson/${lessonId}`);

  const locked = await lessonWithWorksheet("package");
  const refused = await fetchApp(`/learning/lesson/${locked.lessonId}/ask`, { form: {}, cookie: subscriber.cookie });
  expect(refused.status).toBe(302);
  expect(refused.headers.get("Location")).toBe(`/learning/lesson/${locked.lessonId}`);

  expect((await fetchApp("/learning/lesson/no-such-lesson/ask", { form: {}, cookie: subscriber.cookie })).status).toBe(404);
  expect(await countRows("ai_conversations", "user_id = ?", subscriber.id)).toBe(0);
  // A GET is no way in: back to the lesson.
  expect((await fetchApp(`/learning/lesson/${lessonId}/ask`, { cookie: subscriber.cookie })).headers.get("Location")).toBe(`/learning/lesson/${lessonId}`);
});
