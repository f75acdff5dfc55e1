import { env } from "cloudflare:workers";
import { beforeAll, expect, inject, test } from "vitest";
import { rebuildContentIndex } from "~/ai-coach/content-index.server";
import { OFFLINE_ASSISTANT_LABEL } from "~/sales-chat/offline-answer";
import { replyPromiseText } from "~/sales-chat/reply-promise";
import { dueText, replyDueBy } from "~/sales-chat/reply-promise.server";
import { contactSummary, type ContactInfo, type SalesChatMessage } from "~/sales-chat/types";
import { modelEnv } from "../../factories/conversations";
import { fetchApp } from "../app";
import { chatBody, functionReply, streamedReply } from "./helpers";

// The Service Assistant closes the loop: a visitor who shares their details is thanked by name and
// told when the team will reply (business hours, Sydney time, public holidays off), with or without
// a model; a question about an industry or a city is answered with the service, case studies and
// coaches that fit, from the site's own facts.

beforeAll(async () => {
  await rebuildContentIndex(env.DB);
});

const HISTORY: SalesChatMessage[] = [
  { role: "user", content: "Can you help with cash flow and planning?" },
  { role: "assistant", content: "Yes: we help owners plan cash flow." },
];

function visitor(): ContactInfo {
  return { name: "Mia Cartwright", email: `mia-${crypto.randomUUID().slice(0, 8)}@example.com.au`, company: "Salamanca Café", marketingConsent: false };
}

async function shareDetails(contact: ContactInfo, bindings: Env = env) {
  const before = new Date();
  const response = await fetchApp("/sales-chat", {
    json: chatBody(contactSummary(contact), { conversationHistory: HISTORY, contactInfo: contact }),
    headers: { Accept: "text/event-stream" },
    bindings,
  });
  expect(response.status).toBe(200);
  const reply = await streamedReply(response);
  const after = new Date();
  // The deadline as the team's clock had it when the message arrived (before or after the request).
  const deadlines = [before, after].map((at) => `by ${dueText(replyDueBy(at), at)}.`);
  return { ...reply, deadlines };
}

test("sharing details is answered with thanks by name, where and when the team will reply, not with generic text", async () => {
  const contact = visitor();
  const { done, text, deadlines } = await shareDetails(contact);
  expect(done).not.toBeNull();
  expect(text).toBe(done!.content);
  expect(done!.content).toMatch(/^Thanks, Mia! Your details are with our team\./);
  expect(done!.content).toContain(replyPromiseText());
  expect(done!.content).toContain(`You'll hear from us by email at ${contact.email}`);
  expect(
    deadlines.some((deadline) => done!.content.includes(deadline)),
    `${done!.content}\n${deadlines.join("\n")}`,
  ).toBe(true);
  expect(done!.content).toMatch(/\b(AEST|AEDT)\b/);
  expect(done!.content).toContain("(/booking)");
  expect(done!.content).not.toContain(OFFLINE_ASSISTANT_LABEL);
});

test("with a model configured the thanks is the same, and the details are not sent to the model for an answer", async () => {
  const contact = visitor();
  const { done } = await shareDetails(contact, modelEnv());
  expect(done!.content).toMatch(/^Thanks, Mia! /);
  expect(done!.content).toContain(replyPromiseText());
  expect(done!.content).not.toContain("Coach reply to");
  const requests = (await (await fetch(`${inject("fakeOpenAiUrl").replace(/\/v1$/, "")}/__requests`)).json()) as { messages?: { content: string | null }[] }[];
  expect(requests.some((request) => request.messages?.some((message) => message.content?.includes(contact.email)))).toBe(false);
});

test("a question sent with new details gets the thanks first, then its answer; later messages are not thanked again", async () => {
  const contact = visitor();
  const conversationId = crypto.randomUUID();
  const first = await functionReply("How much does business coaching cost?", { contactInfo: contact, conversationId });
  expect(first).toMatch(/^Thanks, Mia! /);
  expect(first).toContain("from $150 per hour");
  const later = await functionReply("And the discovery call?", {
    contactInfo: contact,
    conversationId,
    conversationHistory: [{ role: "user", content: "How much?" }],
  });
  expect(later).not.toContain("Thanks, Mia");
});

test("'do you work with cafes in Hobart?' names the service, the hospitality case studies and the coaches in Tasmania and on Hobart's clock, with no model", async () => {
  const response = await fetchApp("/sales-chat", { json: chatBody("Do you work with cafes in Hobart?"), headers: { Accept: "text/event-stream" } });
  const { done } = await streamedReply(response);
  const answer = done!.content;
  expect(done!.offline).toBe(true);
  expect(answer).toContain("Yes, we work with hospitality businesses in Hobart");
  expect(answer).toContain("[Operational Improvement](/services/operational-improvement)");
  expect(answer).toContain("(/case-studies/hospitality/cafe-bakery-rostering-and-wage-costs)");
  expect(answer).toContain("(/locations/hobart-business-coaching)");
  expect(answer).toMatch(/Our coach in Tasmania: Sophie Bennett \(Hobart, TAS, AEST\/AEDT\)/);
  expect(answer).toContain("(/booking?type=discovery&coach=sophie-bennett)");
  expect(answer).toContain("Liam Murphy");
});

test("the model is given the same facts for the question, as facts it may state", async () => {
  const question = `[echo-system] Do you work with cafes in Hobart? (${crypto.randomUUID()})`;
  const response = await fetchApp("/sales-chat", { json: chatBody(question), headers: { Accept: "text/event-stream" }, bindings: modelEnv() });
  const { done } = await streamedReply(response);
  expect(done!.offline).toBe(false);
  expect(done!.content).toContain("Facts for the visitor's latest question");
  expect(done!.content).toContain("[Operational Improvement](/services/operational-improvement)");
  expect(done!.content).toContain("Sophie Bennett (Hobart, TAS, AEST/AEDT)");
});
