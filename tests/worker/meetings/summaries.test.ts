import { env } from "cloudflare:workers";
import { inject, expect, test } from "vitest";
import { collectUserData } from "~/accounts/data-export.server";
import {
  draftSessionSummary,
  readSessionNotes,
  saveSessionNotes,
  saveSummaryDraft,
  sendSessionSummary,
  summaryOf,
  TEMPLATE_DRAFT_LABEL,
} from "~/meetings/summaries.server";
import { allowConsoleErrors } from "../../console-errors";
import { countRows } from "../app";
import { HOUR, recordContext, sessionCast, thrown } from "./session-record-helpers";

// The coach's private notes (theirs alone: not the client's, not an admin's, not in the client's
// export), and the summary with action items: a draft until sent, sent once (one email), drafted
// by ClarityAI from the notes and the call's chat, or from a labelled template without a model.

const START = "2027-05-03T00:00:00.000Z";
const AFTER = new Date(Date.parse(START) + 2 * HOUR);
const modelBindings = (extra: Record<string, string> = {}) =>
  ({ ...env, OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: inject("fakeOpenAiUrl"), ...extra }) as Env;

test("notes are the coach's alone: the client, an admin and a stranger cannot read them, and the client's export leaves them out", async () => {
  const { coach, client, stranger, admin, booking } = await sessionCast({ startsAt: START });
  const context = recordContext(AFTER);
  const notes = `Private: seemed stressed about the overdraft ${crypto.randomUUID()}`;
  await saveSessionNotes(context, coach, booking.id, notes);
  expect(await readSessionNotes(context, coach, booking.id)).toBe(notes);
  expect(await thrown(readSessionNotes(context, client, booking.id))).toMatchObject({ status: 403, code: "coach_only" });
  expect(await thrown(readSessionNotes(context, admin, booking.id))).toMatchObject({ status: 403 });
  expect(((await thrown(readSessionNotes(context, stranger, booking.id))) as Response).status).toBe(404);
  // Nor can anyone else write them.
  expect(await thrown(saveSessionNotes(context, client, booking.id, "mine now"))).toMatchObject({ status: 403 });
  expect(await readSessionNotes(context, coach, booking.id)).toBe(notes);

  const clientExport = JSON.stringify(await collectUserData(context, client.id));
  expect(clientExport).toContain(booking.id);
  expect(clientExport).not.toContain(notes);
  expect(JSON.stringify(await collectUserData(context, coach.id))).toContain(notes);
});

test("a draft is the coach's until sent; sending writes one email to the client, once, and the summary no longer changes", async () => {
  const { coach, client, booking } = await sessionCast({ startsAt: START });
  const context = recordContext(AFTER);
  const input = {
    summary: "We mapped your cash flow for the next quarter.",
    items: [
      { text: "Build the 13-week forecast", due: "2027-05-17" },
      { text: "Call the bank", due: null },
    ],
  };
  // Not before the session, and only its coach.
  expect(await thrown(saveSummaryDraft(recordContext(new Date(Date.parse(START) - HOUR)), coach, booking.id, input))).toMatchObject({
    status: 409,
    code: "not_started",
  });
  expect(await thrown(sendSessionSummary(context, client, booking.id, input))).toMatchObject({ status: 403 });

  await saveSummaryDraft(context, coach, booking.id, input);
  expect(await summaryOf(context, booking.id)).toMatchObject({ summary: input.summary, actionItems: input.items, sentAt: null });
  expect(await countRows("email_outbox", "dedupe_key = ?", `session-summary:${booking.id}`)).toBe(0);

  expect(await sendSessionSummary(context, coach, booking.id, { ...input, summary: `${input.summary} Well done.` })).toEqual({ sent: true });
  const email = await env.DB.prepare("SELECT to_address, subject, text_body FROM email_outbox WHERE dedupe_key = ?")
    .bind(`session-summary:${booking.id}`)
    .first<{ to_address: string; subject: string; text_body: string }>();
  expect(email!.to_address).toBe(client.email);
  expect(email!.subject).toBe("Your session summary from Your coach");
  expect(email!.text_body).toContain("We mapped your cash flow for the next quarter. Well done.");
  expect(email!.text_body).toContain("- Build the 13-week forecast (by 17 May 2027)");
  expect(email!.text_body).toContain(`/meeting/${booking.id}/record#rating`);
  const sent = await summaryOf(context, booking.id);
  expect(sent!.sentAt).toBe(AFTER.toISOString());

  // Sent once: a second send, a later edit or a new draft is refused, and no second email is written.
  expect(await thrown(sendSessionSummary(context, coach, booking.id, input))).toMatchObject({ status: 409, code: "already_sent" });
  expect(await thrown(saveSummaryDraft(context, coach, booking.id, input))).toMatchObject({ status: 409, code: "already_sent" });
  expect(await thrown(draftSessionSummary(context, coach, booking.id))).toMatchObject({ status: 409, code: "already_sent" });
  expect(await countRows("email_outbox", "dedupe_key = ?", `session-summary:${booking.id}`)).toBe(1);
  expect((await summaryOf(context, booking.id))!.summary).toBe(`${input.summary} Well done.`);

  // The client's export has the summary they were sent.
  expect(JSON.stringify(await collectUserData(context, client.id))).toContain("Well done.");
});

test("with no model configured, the draft is a labelled template built from the notes and the call's chat", async () => {
  const { coach, booking } = await sessionCast({ startsAt: START });
  const context = recordContext(AFTER);
  expect(context.services.model.configured).toBe(false);
  await saveSessionNotes(context, coach, booking.id, "Review pricing on call-outs\n- Chase the two overdue invoices");
  const chat = [
    { id: "m1", clientMessageId: "c1", from: "client" as const, text: "I'll send you the spreadsheet tonight", sentAt: START },
    { id: "m2", clientMessageId: "c2", from: "coach" as const, text: "Great, aim for Friday", sentAt: START },
  ];
  expect(await draftSessionSummary(context, coach, booking.id, { readChat: async () => chat })).toEqual({ source: "template" });
  const draft = await summaryOf(context, booking.id);
  expect(draft!.draftSource).toBe("template");
  expect(draft!.sentAt).toBeNull();
  expect(draft!.summary.startsWith(TEMPLATE_DRAFT_LABEL)).toBe(true);
  expect(draft!.summary).toContain("Review pricing on call-outs");
  expect(draft!.summary).toContain('"I\'ll send you the spreadsheet tonight"');
  expect(draft!.actionItems).toEqual([
    { text: "Review pricing on call-outs", due: null },
    { text: "Chase the two overdue invoices", due: null },
  ]);
});

test("with a model configured, ClarityAI drafts from the notes and the chat; if it fails, the template drafts instead", async () => {
  const { coach, booking } = await sessionCast({ startsAt: START });
  const marker = crypto.randomUUID();
  const context = recordContext(AFTER, modelBindings());
  await saveSessionNotes(context, coach, booking.id, `Pricing review ${marker}`);
  const chat = [{ id: "m1", clientMessageId: "c1", from: "client" as const, text: `Chat line ${marker}`, sentAt: START }];
  expect(await draftSessionSummary(context, coach, booking.id, { readChat: async () => chat })).toEqual({ source: "model" });
  const draft = await summaryOf(context, booking.id);
  expect(draft!.draftSource).toBe("model");
  // The fake model answers "Coach reply to: <the prompt>…": the prompt carried the notes and the chat.
  expect(draft!.summary).toContain("Coach reply to:");
  expect(draft!.summary).toContain(`Pricing review ${marker}`);
  expect(draft!.summary).toContain(`Chat line ${marker}`);
  expect(draft!.summary).not.toContain(TEMPLATE_DRAFT_LABEL);

  // The fake model answers 500 to a prompt containing [fail]: the coach still gets a (template) draft.
  const errors = allowConsoleErrors();
  await saveSessionNotes(context, coach, booking.id, `[fail] Pricing review ${marker}`);
  expect(await draftSessionSummary(context, coach, booking.id, { readChat: async () => [] })).toEqual({ source: "template" });
  expect((await summaryOf(context, booking.id))!.summary.startsWith(TEMPLATE_DRAFT_LABEL)).toBe(true);
  expect(errors).toEqual([expect.stringContaining("session summary: the model is unavailable, drafting from the template")]);
});
