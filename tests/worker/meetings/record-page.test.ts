import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { collectUserData } from "~/accounts/data-export.server";
import type { BookingOptions } from "../../factories/bookings";
import { createSubscription } from "../../factories/subscriptions";
import { webSession } from "../../factories/users";
import { contextFor, countRows, fetchApp, pageText } from "../app";
import { HOUR, seedChat, sessionCast } from "./session-record-helpers";

// /meeting/{id}/record through the Worker, as browsers without JavaScript use it: participants and
// admins see it (each their part), anyone else gets the 404; every form is a plain POST.

/** A session that ended an hour ago (the real clock: pages run on it). */
async function pastSession(options: Partial<BookingOptions> = {}) {
  const cast = await sessionCast({ startsAt: new Date(Date.now() - 2 * HOUR).toISOString(), ...options });
  const [coachCookie, clientCookie, strangerCookie, adminCookie] = await Promise.all([
    webSession(cast.coach),
    webSession(cast.client),
    webSession(cast.stranger),
    webSession(cast.admin),
  ]);
  return {
    ...cast,
    cookies: { coach: coachCookie, client: clientCookie, stranger: strangerCookie, admin: adminCookie },
    path: `/meeting/${cast.booking.id}/record`,
  };
}

test("the record is its coach's, its client's and the admins'; a stranger and an unknown id get the 404; a visitor is asked to sign in", async () => {
  const { cookies, path, booking } = await pastSession();
  for (const who of ["coach", "client", "admin"] as const) {
    const response = await fetchApp(path, { cookie: cookies[who] });
    expect(response.status, who).toBe(200);
    expect(await pageText(response)).toContain(booking.reference);
  }
  const stranger = await fetchApp(path, { cookie: cookies.stranger });
  expect(stranger.status).toBe(404);
  expect(await stranger.text()).not.toContain(booking.reference);
  expect((await fetchApp(`/meeting/${crypto.randomUUID()}/record`, { cookie: cookies.coach })).status).toBe(404);
  const visitor = await fetchApp(path);
  expect(visitor.status).toBe(302);
  expect(visitor.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
  // A stranger's form post is the 404 too, and changes nothing.
  expect((await fetchApp(path, { form: { intent: "outcome", outcome: "no_show" }, cookie: cookies.stranger })).status).toBe(404);
  expect(await env.DB.prepare("SELECT status FROM bookings WHERE id = ?").bind(booking.id).first("status")).toBe("confirmed");
});

test("the coach marks the outcome with a plain form post; the record, the coach portal and the admin list show it", async () => {
  const { cookies, path, booking } = await pastSession();
  const marked = await fetchApp(path, { form: { intent: "outcome", outcome: "completed" }, cookie: cookies.coach });
  expect(marked.status).toBe(302);
  expect(marked.headers.get("Location")).toBe(`${path}#outcome`);
  expect(await env.DB.prepare("SELECT status FROM bookings WHERE id = ?").bind(booking.id).first("status")).toBe("completed");
  const bad = await fetchApp(path, { form: { intent: "outcome", outcome: "maybe" }, cookie: cookies.coach });
  expect(bad.status).toBe(400);
  expect(await pageText(bad)).toContain("Choose completed or no-show.");
  const byClient = await fetchApp(path, { form: { intent: "outcome", outcome: "no_show" }, cookie: cookies.client });
  expect(byClient.status).toBe(403);
  expect(await pageText(byClient)).toContain("Only the session's coach can record how the session went.");

  const portal = await pageText(await fetchApp("/coach/sessions?view=past", { cookie: cookies.coach }));
  expect(portal).toContain("Past sessions");
  expect(portal).toContain(`href="${path}"`);
  expect(portal).toMatch(/Completed/);
  const adminList = await pageText(await fetchApp(`/admin/bookings?status=completed`, { cookie: cookies.admin }));
  expect(adminList).toContain(booking.reference);
});

test("notes and an unsent draft never reach the client's page; the sent summary does, in the record and the Bookings tab", async () => {
  const { cookies, path, booking, client } = await pastSession();
  const secret = `Private impression ${crypto.randomUUID()}`;
  expect((await fetchApp(path, { form: { intent: "notes", notes: secret }, cookie: cookies.coach })).status).toBe(302);
  const draft = `Draft words ${crypto.randomUUID()}`;
  const saved = await fetchApp(path, {
    form: new URLSearchParams([
      ["intent", "save-summary"],
      ["summary", draft],
      ["itemText", "Send the spreadsheet"],
      ["itemDue", "2031-01-31"],
      ["itemText", ""],
      ["itemDue", ""],
    ]),
    cookie: cookies.coach,
  });
  expect(saved.status).toBe(302);
  const coachPage = await pageText(await fetchApp(path, { cookie: cookies.coach }));
  expect(coachPage).toContain(secret);
  expect(coachPage).toContain(draft);
  for (const who of ["client", "admin"] as const) {
    const page = await pageText(await fetchApp(path, { cookie: cookies[who] }));
    expect(page, who).not.toContain(secret);
    expect(page, who).not.toContain(draft);
  }
  expect(await pageText(await fetchApp("/profile?tab=bookings", { cookie: cookies.client }))).not.toContain(draft);

  // A due date without its action item is refused with a message, and nothing is sent.
  const orphan = await fetchApp(path, {
    form: new URLSearchParams([
      ["intent", "send-summary"],
      ["summary", draft],
      ["itemText", ""],
      ["itemDue", "2031-01-31"],
    ]),
    cookie: cookies.coach,
  });
  expect(orphan.status).toBe(400);
  expect(await pageText(orphan)).toContain("Each due date needs its action item.");
  expect(await countRows("email_outbox", "dedupe_key = ?", `session-summary:${booking.id}`)).toBe(0);

  const send = await fetchApp(path, {
    form: new URLSearchParams([
      ["intent", "send-summary"],
      ["summary", draft],
      ["itemText", "Send the spreadsheet"],
      ["itemDue", "2031-01-31"],
    ]),
    cookie: cookies.coach,
  });
  expect(send.status).toBe(302);
  expect(await countRows("email_outbox", "dedupe_key = ? AND to_address = ?", `session-summary:${booking.id}`, client.email)).toBe(1);
  const again = await fetchApp(path, {
    form: new URLSearchParams([
      ["intent", "send-summary"],
      ["summary", "Other words"],
    ]),
    cookie: cookies.coach,
  });
  expect(again.status).toBe(409);
  expect(await countRows("email_outbox", "dedupe_key = ?", `session-summary:${booking.id}`)).toBe(1);

  const clientPage = await pageText(await fetchApp(path, { cookie: cookies.client }));
  expect(clientPage).toContain(draft);
  expect(clientPage).toContain("Send the spreadsheet");
  expect(clientPage).toContain("31 January 2031");
  expect(clientPage).not.toContain(secret);
  const tab = await pageText(await fetchApp("/profile?tab=bookings", { cookie: cookies.client }));
  expect(tab).toContain("Session summary");
  expect(tab).toContain(draft);
  expect(tab).toContain(`href="${path}"`);
  expect(JSON.stringify(await collectUserData(contextFor(), client.id))).not.toContain(secret);
});

test("the coach cannot send a template draft unedited; the draft button works without a model", async () => {
  const { cookies, path } = await pastSession();
  await fetchApp(path, { form: { intent: "notes", notes: "Cash flow worries" }, cookie: cookies.coach });
  const drafted = await fetchApp(path, { form: { intent: "draft-summary" }, cookie: cookies.coach });
  expect(drafted.status).toBe(302);
  const page = await pageText(await fetchApp(path, { cookie: cookies.coach }));
  expect(page).toContain("Template draft: no AI model is available here");
  const summary = /<textarea[^>]*name="summary"[^>]*>([\s\S]*?)<\/textarea>/.exec(page)![1]!;
  expect(summary).toContain("Template draft (ClarityAI wasn't available):");
  const send = await fetchApp(path, {
    form: new URLSearchParams([
      ["intent", "send-summary"],
      ["summary", summary],
    ]),
    cookie: cookies.coach,
  });
  expect(send.status).toBe(400);
  expect(await pageText(send)).toContain("Edit the template draft into your own words");
});

test("the client rates with a plain form: 1 to 5 only, consent unticked by default, and an admin sees the rating and the consent", async () => {
  const { cookies, path, booking } = await pastSession();
  const form = await pageText(await fetchApp(path, { cookie: cookies.client }));
  expect(form).toMatch(/<input[^>]*type="checkbox"[^>]*name="publish"/);
  expect(form).not.toMatch(/<input[^>]*name="publish"[^>]*checked/);
  for (const rating of ["0", "6", "4.5", "", "five"]) {
    const refused = await fetchApp(path, { form: { intent: "rate", rating }, cookie: cookies.client });
    expect(refused.status, rating).toBe(400);
    expect(await pageText(refused)).toContain("Choose a rating from 1 to 5.");
  }
  expect(await countRows("session_ratings", "booking_id = ?", booking.id)).toBe(0);
  expect((await fetchApp(path, { form: { intent: "rate", rating: "5" }, cookie: cookies.coach })).status).toBe(403);
  const rated = await fetchApp(path, { form: { intent: "rate", rating: "4", comment: "Very useful", publish: "on" }, cookie: cookies.client });
  expect(rated.status).toBe(302);
  const stored = await env.DB.prepare("SELECT rating, comment, publish_consent, attribution FROM session_ratings WHERE booking_id = ?")
    .bind(booking.id)
    .first();
  expect(stored).toEqual({ rating: 4, comment: "Very useful", publish_consent: 1, attribution: "Alex N." });
  const adminPage = await pageText(await fetchApp(path, { cookie: cookies.admin }));
  expect(adminPage).toContain("4 out of 5");
  expect(adminPage).toContain("Very useful");
  expect(adminPage).toContain("May be published as a testimonial from “Alex N.”");
  expect(await pageText(await fetchApp(path, { cookie: cookies.coach }))).not.toContain("Very useful");
});

test("the call's chat is on the record for both; a subscriber opens the sent plan in the AI coach, others are shown how to subscribe", async () => {
  const { cookies, path, booking, coach, client } = await pastSession();
  await seedChat(booking.id, [
    { from: "coach", text: "Let's start with the overdue invoices", senderId: coach.id },
    { from: "client", text: "There are two from March", senderId: client.id },
  ]);
  for (const who of ["coach", "client", "admin"] as const) {
    const page = await pageText(await fetchApp(path, { cookie: cookies[who] }));
    expect(page, who).toContain("Let's start with the overdue invoices");
    expect(page, who).toContain("There are two from March");
  }
  await fetchApp(path, {
    form: new URLSearchParams([
      ["intent", "send-summary"],
      ["summary", "Invoices first."],
      ["itemText", "Chase both invoices"],
      ["itemDue", ""],
    ]),
    cookie: cookies.coach,
  });

  expect(await pageText(await fetchApp(path, { cookie: cookies.client }))).toContain("See the ClarityAI plans");
  const refused = await fetchApp(path, { form: { intent: "discuss-plan" }, cookie: cookies.client });
  expect(refused.status).toBe(402);

  await createSubscription(client.id, { tier: "lite" });
  const subscribed = await webSession(client);
  expect(await pageText(await fetchApp(path, { cookie: subscribed }))).toContain("Discuss this plan with ClarityAI");
  const opened = await fetchApp(path, { form: { intent: "discuss-plan" }, cookie: subscribed });
  expect(opened.status).toBe(302);
  const location = opened.headers.get("Location")!;
  expect(location).toMatch(/^\/profile\?tab=ai-assistant&c=[0-9a-f-]{36}$/);
  const conversationId = new URL(location, "http://localhost").searchParams.get("c")!;
  const first = await (
    await fetchApp(`/ai-coach/conversations/${conversationId}`, { cookie: subscribed })
  ).json<{ messages: { role: string; content: string }[] }>();
  expect(first.messages[0]).toMatchObject({ role: "user" });
  expect(first.messages[0]!.content).toContain("Invoices first.");
  expect(first.messages[0]!.content).toContain("- Chase both invoices");
  // Again: the same conversation, not a second one.
  const twice = await fetchApp(path, { form: { intent: "discuss-plan" }, cookie: subscribed });
  expect(twice.headers.get("Location")).toBe(location);
});

test("the record lists the call's complete recordings to play and download, for both participants and admins", async () => {
  const { cookies, path, booking, coach } = await pastSession();
  const recordingId = crypto.randomUUID();
  await env.DB.prepare(
    `INSERT INTO meeting_recordings (id, booking_id, uploaded_by, r2_key, status, part_size, size_bytes, content_type, duration_seconds, started_at, completed_at, delete_after)
     VALUES (?, ?, ?, ?, 'complete', 5242880, 3145728, 'video/webm', 1800, ?, ?, ?)`,
  )
    .bind(recordingId, booking.id, coach.id, `recordings/${recordingId}`, booking.startsAt, booking.endsAt, new Date(Date.now() + 90 * 24 * HOUR).toISOString())
    .run();
  for (const who of ["coach", "client", "admin"] as const) {
    const page = await pageText(await fetchApp(path, { cookie: cookies[who] }));
    expect(page, who).toContain(`src="/meeting/${booking.id}/recordings/${recordingId}"`);
    expect(page, who).toContain(`href="/meeting/${booking.id}/recordings/${recordingId}?download=1"`);
    expect(page, who).toContain("30 minutes · 3.1 MB");
  }
});
