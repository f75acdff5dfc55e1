import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { createDb } from "~/db/client.server";
import { assignedLessonIds, listAssignmentsForClient } from "~/learning/assignments.server";
import { lessonGate, type Learner } from "~/learning/access.server";
import { createBooking } from "../../factories/bookings";
import { createCoach, createSignedInCoach } from "../../factories/coaches";
import { createLearningModule } from "../../factories/learning";
import { createUser, webSession } from "../../factories/users";
import { countRows, fetchApp, pageText } from "../app";

// A coach assigns lessons to a client they have had sessions with, from the client's page and from
// a session's record: the client is emailed, the lesson opens whatever the module's rule or drip,
// and the coach sees its completion. Another coach's client (and their forms) is the 404.

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const dayAhead = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

async function coachWithClient() {
  const coach = await createSignedInCoach();
  const client = await createUser({ roles: ["client"], firstName: "Mia", lastName: "Cartwright" });
  const booking = await createBooking({
    coachId: coach.id,
    clientId: client.id,
    email: client.email,
    name: "Mia Cartwright",
    startsAt: ago(2),
    status: "completed",
  });
  return { coach, client, booking, clientCookie: await webSession(client) };
}

const learner = (userId: string): Learner => ({ userId, subscriber: false, hasPackage: false, staff: false });

test("a coach assigns a lesson from the client's page: the client is emailed once, sees it on their list, and re-assigning updates it", async () => {
  const { coach, client } = await coachWithClient();
  const module = await createLearningModule({ title: "Cash flow for test", lessons: [{ title: "Your 13-week forecast" }, {}] });
  const lessonId = module.lessonIds[0]!;
  const path = `/coach/clients/${client.id}`;
  const due = dayAhead(7);

  const page = await pageText(await fetchApp(path, { cookie: coach.cookie }));
  expect(page).toContain("Assign a lesson");
  expect(page).toContain(`value="${lessonId}"`);
  expect(page).toContain(client.email);

  const assigned = await fetchApp(path, { form: { intent: "assign-lesson", lessonId, dueOn: due, note: "Bring your bank balance." }, cookie: coach.cookie });
  expect(assigned.status).toBe(302);
  expect(assigned.headers.get("Location")).toBe(`${path}#learning`);
  expect(
    await countRows("email_outbox", "dedupe_key LIKE 'learning-assignment:%' AND to_address = ? AND subject LIKE ?", client.email, "%Your 13-week forecast%"),
  ).toBe(1);
  const body = await env.DB.prepare("SELECT text_body FROM email_outbox WHERE to_address = ? AND dedupe_key LIKE 'learning-assignment:%'")
    .bind(client.email)
    .first<string>("text_body");
  expect(body).toContain("Bring your bank balance.");
  expect(body).toContain(`/learning/lesson/${lessonId}`);

  // The same values again (a double submit) change nothing and send nothing.
  expect(
    (await fetchApp(path, { form: { intent: "assign-lesson", lessonId, dueOn: due, note: "Bring your bank balance." }, cookie: coach.cookie })).status,
  ).toBe(302);
  expect(await countRows("email_outbox", "dedupe_key LIKE 'learning-assignment:%' AND to_address = ?", client.email)).toBe(1);

  // A new note updates the one assignment and tells the client.
  expect((await fetchApp(path, { form: { intent: "assign-lesson", lessonId, dueOn: "", note: "No rush." }, cookie: coach.cookie })).status).toBe(302);
  expect(await countRows("learning_assignments", "client_id = ? AND lesson_id = ?", client.id, lessonId)).toBe(1);
  expect(await countRows("email_outbox", "dedupe_key LIKE 'learning-assignment:%' AND to_address = ? AND subject LIKE '%updated%'", client.email)).toBe(1);

  const list = await listAssignmentsForClient(createDb(env.DB), client.id);
  expect(list.map((item) => [item.lessonId, item.note, item.dueOn])).toEqual([[lessonId, "No rush.", null]]);
});

test("bad input is a 400 with the field's message, and nothing is written", async () => {
  const { coach, client } = await coachWithClient();
  const module = await createLearningModule({ lessons: [{}] });
  const draft = await createLearningModule({ status: "draft", lessons: [{}] });
  const path = `/coach/clients/${client.id}`;
  const cases: [Record<string, string>, string][] = [
    [{ intent: "assign-lesson", lessonId: "" }, "Choose a lesson."],
    [{ intent: "assign-lesson", lessonId: "no-such-lesson" }, "Choose a lesson from the list."],
    [{ intent: "assign-lesson", lessonId: draft.lessonIds[0]! }, "Choose a lesson from the list."],
    [{ intent: "assign-lesson", lessonId: module.lessonIds[0]!, dueOn: "2026-02-31" }, "Enter the due date as a date"],
    [{ intent: "assign-lesson", lessonId: module.lessonIds[0]!, dueOn: "2020-01-01" }, "Choose today or a later date."],
    [{ intent: "assign-lesson", lessonId: module.lessonIds[0]!, note: "x".repeat(1001) }, "Keep the note to 1000 characters."],
    [{ intent: "nonsense" }, "Choose what to do."],
  ];
  for (const [form, message] of cases) {
    const response = await fetchApp(path, { form, cookie: coach.cookie });
    expect(response.status, JSON.stringify(form).slice(0, 80)).toBe(400);
    expect(await pageText(response)).toContain(message);
  }
  expect(await countRows("learning_assignments", "client_id = ?", client.id)).toBe(0);
});

test("another coach's client is not found: the page and the form are the 404 and nothing is assigned", async () => {
  const { client } = await coachWithClient();
  const other = await createSignedInCoach();
  const module = await createLearningModule({ lessons: [{}] });
  const path = `/coach/clients/${client.id}`;
  expect((await fetchApp(path, { cookie: other.cookie })).status).toBe(404);
  const response = await fetchApp(path, { form: { intent: "assign-lesson", lessonId: module.lessonIds[0]! }, cookie: other.cookie });
  expect(response.status).toBe(404);
  expect(await countRows("learning_assignments", "client_id = ?", client.id)).toBe(0);
  // Someone who is no coach is sent to sign in as one (SPEC §6), and nothing is assigned.
  const stranger = await createUser({ roles: ["client"] });
  const denied = await fetchApp(path, { form: { intent: "assign-lesson", lessonId: module.lessonIds[0]! }, cookie: await webSession(stranger) });
  expect(denied.status).toBe(302);
  expect(denied.headers.get("Location")).toContain("denied=coach");
  expect(await countRows("learning_assignments", "client_id = ?", client.id)).toBe(0);
});

test("an assignment opens the lesson whatever the module's access rule or drip", async () => {
  const { coach, client } = await coachWithClient();
  const locked = await createLearningModule({ access: "package", lessons: [{}, {}] });
  const drip = await createLearningModule({ lessons: [{}, { releaseAfterDays: 14 }] });
  const now = new Date();
  for (const lessonId of [locked.lessonIds[1]!, drip.lessonIds[1]!]) {
    expect((await fetchApp(`/coach/clients/${client.id}`, { form: { intent: "assign-lesson", lessonId }, cookie: coach.cookie })).status).toBe(302);
  }
  const ids = await assignedLessonIds(createDb(env.DB), client.id, [...locked.lessonIds, ...drip.lessonIds]);
  expect([...ids].sort()).toEqual([locked.lessonIds[1]!, drip.lessonIds[1]!].sort());

  const packageModule = { access: "package" as const };
  const freeModule = { access: "free" as const };
  const options = (lessonId: string) => ({ startedAt: now.toISOString(), assigned: ids.has(lessonId), now });
  expect(lessonGate(packageModule, { releaseAfterDays: null }, learner(client.id), options(locked.lessonIds[0]!)).state).toBe("locked");
  expect(lessonGate(packageModule, { releaseAfterDays: null }, learner(client.id), options(locked.lessonIds[1]!)).state).toBe("open");
  expect(lessonGate(freeModule, { releaseAfterDays: 14 }, learner(client.id), { ...options(drip.lessonIds[1]!), assigned: false }).state).toBe("scheduled");
  expect(lessonGate(freeModule, { releaseAfterDays: 14 }, learner(client.id), options(drip.lessonIds[1]!)).state).toBe("open");
  // Another client's assignments open nothing for this one.
  const otherClient = await createUser({ roles: ["client"] });
  expect((await assignedLessonIds(createDb(env.DB), otherClient.id, locked.lessonIds)).size).toBe(0);
});

test("from a session's record: the coach assigns beside the notes, the client completes it, and the coach sees it completed on the client's page", async () => {
  const { coach, client, booking } = await coachWithClient();
  const module = await createLearningModule({ lessons: [{ title: "Price with GST in mind" }] });
  const lessonId = module.lessonIds[0]!;
  const record = `/meeting/${booking.id}/record`;

  const before = await pageText(await fetchApp(record, { cookie: coach.cookie }));
  expect(before).toContain("Lessons for Mia Cartwright");
  expect(before).toContain("Assign a lesson");
  // The client's own view of the record has no assignment form.
  const clientCookie = await webSession(client);
  expect(await pageText(await fetchApp(record, { cookie: clientCookie }))).not.toContain("Assign a lesson");
  const byClient = await fetchApp(record, { form: { intent: "assign-lesson", lessonId }, cookie: clientCookie });
  expect(byClient.status).toBe(403);

  const assigned = await fetchApp(record, {
    form: { intent: "assign-lesson", lessonId, dueOn: dayAhead(3), note: "Try it on your best seller." },
    cookie: coach.cookie,
  });
  expect(assigned.status).toBe(302);
  expect(assigned.headers.get("Location")).toBe(`${record}#learning`);
  expect(
    await env.DB.prepare("SELECT booking_id FROM learning_assignments WHERE client_id = ? AND lesson_id = ?").bind(client.id, lessonId).first("booking_id"),
  ).toBe(booking.id);
  expect(await countRows("email_outbox", "dedupe_key LIKE 'learning-assignment:%' AND to_address = ?", client.email)).toBe(1);

  const open = await pageText(await fetchApp(`/coach/clients/${client.id}`, { cookie: coach.cookie }));
  expect(open).toContain("Price with GST in mind");
  expect(open).toContain("Try it on your best seller.");
  expect(open).toContain("0 of 1 assigned lesson completed.");
  expect(open).toContain("Not completed yet");

  await env.DB.prepare("INSERT INTO learning_lesson_progress (user_id, lesson_id, module_id, started_at, completed_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(client.id, lessonId, module.id, ago(1), "2026-11-20T03:00:00.000Z", ago(0))
    .run();
  const done = await pageText(await fetchApp(`/coach/clients/${client.id}`, { cookie: coach.cookie }));
  expect(done).toContain("1 of 1 assigned lesson completed.");
  expect(done).toContain("Completed 20 November 2026");

  // Another coach's assignment of the same lesson to the same client is theirs alone.
  const other = await createCoach();
  expect(await countRows("learning_assignments", "coach_id = ?", other.id)).toBe(0);
});

test("the client's page lists the worksheets the client shared with this coach, with their downloads, and nothing shared with another coach", async () => {
  const { coach, client } = await coachWithClient();
  const other = await createCoach();
  const module = await createLearningModule({ lessons: [{ title: "Write your first SOP", worksheet: { kind: "sop", title: "Your first SOP" } }] });
  const lessonId = module.lessonIds[0]!;
  const artefactId = crypto.randomUUID();
  const answers = JSON.stringify({
    title: "Quoting a job",
    purpose: "Quotes out in a day",
    owner: "Office manager",
    trigger: "An enquiry",
    steps: ["Call back"],
    checks: ["Sent"],
  });
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO learning_shared_artefacts (id, user_id, coach_id, lesson_id, kind, title, answers, shared_at) VALUES (?, ?, ?, ?, 'sop', ?, ?, ?)",
    ).bind(artefactId, client.id, coach.id, lessonId, "Quoting a job", answers, "2026-11-21T01:00:00.000Z"),
    env.DB.prepare(
      "INSERT INTO learning_shared_artefacts (id, user_id, coach_id, lesson_id, kind, title, answers, shared_at) VALUES (?, ?, ?, ?, 'sop', ?, ?, ?)",
    ).bind(crypto.randomUUID(), client.id, other.id, lessonId, "Shared with someone else", answers, "2026-11-21T01:00:00.000Z"),
  ]);
  const page = await pageText(await fetchApp(`/coach/clients/${client.id}`, { cookie: coach.cookie }));
  expect(page).toContain("Worksheets Mia Cartwright shared with you");
  expect(page).toContain("Quoting a job");
  expect(page).toContain("Write your first SOP");
  expect(page).toContain(`href="/coach/clients/${client.id}/artefacts/${artefactId}/pdf"`);
  expect(page).toContain("PDF document (.pdf)");
  expect(page).not.toContain("Shared with someone else");
  const download = await fetchApp(`/coach/clients/${client.id}/artefacts/${artefactId}/txt`, { cookie: coach.cookie });
  expect(download.status).toBe(200);
  expect(await download.text()).toContain("Quotes out in a day");
});
