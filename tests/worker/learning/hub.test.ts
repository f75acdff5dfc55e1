import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { completeLesson, recordLessonVisit } from "~/learning/progress.server";
import { createPurchase } from "../../factories/bookings";
import { createCoach } from "../../factories/coaches";
import { createLearningModule } from "../../factories/learning";
import { createSubscription } from "../../factories/subscriptions";
import { createSignedInUser } from "../../factories/users";
import { contextFor, fetchApp, pageText } from "../app";

// The learning hub (/learning): every published module with its level, time, lock state and the
// learner's progress; "Continue where you left off"; the coach's assignments at the top; filters by
// topic and status through the query string (no JavaScript needed); bad filters never fail.

const DAY = 86_400_000;

/** The module card of `title` on the page: from its heading to the next card's. */
function cardOf(html: string, title: string) {
  const start = html.lastIndexOf('<li class="card learning-module"', html.indexOf(`>${title}</a>`));
  expect(start, `card of ${title}`).toBeGreaterThan(-1);
  const end = html.indexOf("</li>", start);
  return html.slice(start, end);
}

async function hub(cookie: string, query = "") {
  const response = await fetchApp(`/learning${query}`, { cookie });
  expect(response.status, `/learning${query}`).toBe(200);
  return pageText(response);
}

test("/learning asks a visitor to sign in", async () => {
  const response = await fetchApp("/learning");
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toMatch(/^\/auth\?/);
});

test("the hub lists published modules with level, time, lessons and progress; drafts are not listed", async () => {
  const tag = crypto.randomUUID().slice(0, 6);
  const started = await createLearningModule({ title: `Started ${tag}`, lessons: [{}, {}, {}, {}] });
  await createLearningModule({ title: `Fresh ${tag}`, lessons: [{}, {}] });
  await createLearningModule({ title: `Draft ${tag}`, status: "draft" });
  const user = await createSignedInUser({ roles: ["client"] });
  const db = contextFor().db;
  await completeLesson(db, user.id, { id: started.lessonIds[0]!, moduleId: started.id }, new Date());
  await completeLesson(db, user.id, { id: started.lessonIds[1]!, moduleId: started.id }, new Date());
  // Completing twice counts once.
  await completeLesson(db, user.id, { id: started.lessonIds[1]!, moduleId: started.id }, new Date());

  const html = await hub(user.cookie);
  expect(html).toContain('href="/learning/module/cash-flow"'); // the seeded curriculum is listed too
  expect(html).not.toContain(`Draft ${tag}`);
  const startedCard = cardOf(html, `Started ${tag}`);
  expect(startedCard).toContain("Beginner");
  expect(startedCard).toContain("4 lessons · about 40 min");
  expect(startedCard).toContain("In progress");
  expect(startedCard).toContain('<progress max="4" value="2"');
  expect(startedCard).toContain("2 of 4 lessons complete (50%)");
  expect(startedCard).toContain(`href="/learning/module/${started.id}"`);
  const freshCard = cardOf(html, `Fresh ${tag}`);
  expect(freshCard).toContain("Not started");
  expect(freshCard).toContain("0 of 2 lessons complete (0%)");
});

test("a module for subscribers or package clients is locked with its unlock path until the learner qualifies", async () => {
  const tag = crypto.randomUUID().slice(0, 6);
  await createLearningModule({ title: `Members ${tag}`, access: "subscribers" });
  await createLearningModule({ title: `Clients ${tag}`, access: "package" });
  const user = await createSignedInUser({ roles: ["client"] });

  let html = await hub(user.cookie);
  expect(cardOf(html, `Members ${tag}`)).toContain("Locked.");
  expect(cardOf(html, `Members ${tag}`)).toContain('href="/services/clarityai#plans"');
  expect(cardOf(html, `Clients ${tag}`)).toContain("Locked.");
  expect(cardOf(html, `Clients ${tag}`)).toContain('href="/booking"');

  await createSubscription(user.id);
  await createPurchase(user.id, 4);
  html = await hub(user.cookie);
  expect(cardOf(html, `Members ${tag}`)).not.toContain("Locked.");
  expect(cardOf(html, `Clients ${tag}`)).not.toContain("Locked.");
  expect(cardOf(html, `Clients ${tag}`)).toContain("Not started");
});

test("Continue where you left off links to the last lesson of the most recently visited module", async () => {
  const tag = crypto.randomUUID().slice(0, 6);
  const older = await createLearningModule({ title: `Older ${tag}`, lessons: [{ title: `Older lesson ${tag}` }, {}] });
  const newer = await createLearningModule({ title: `Newer ${tag}`, lessons: [{}, { title: `Newer lesson ${tag}` }, {}] });
  const user = await createSignedInUser({ roles: ["client"] });
  expect(await hub(user.cookie)).not.toContain("Continue where you left off");

  const db = contextFor().db;
  const now = Date.now();
  await recordLessonVisit(db, user.id, { id: newer.lessonIds[1]!, moduleId: newer.id }, new Date(now - 2 * DAY));
  await completeLesson(db, user.id, { id: newer.lessonIds[0]!, moduleId: newer.id }, new Date(now - 2 * DAY));
  await recordLessonVisit(db, user.id, { id: older.lessonIds[0]!, moduleId: older.id }, new Date(now - 3 * DAY));
  let html = await hub(user.cookie);
  let block = html.slice(html.indexOf("Continue where you left off"), html.indexOf('id="modules-heading"'));
  expect(block).toContain(`Newer lesson ${tag}`);
  expect(block).toContain(`href="/learning/lesson/${newer.lessonIds[1]}"`);
  expect(block).toContain("1 of 3 lessons complete");

  await recordLessonVisit(db, user.id, { id: older.lessonIds[0]!, moduleId: older.id }, new Date(now - DAY));
  html = await hub(user.cookie);
  block = html.slice(html.indexOf("Continue where you left off"), html.indexOf('id="modules-heading"'));
  expect(block).toContain(`Older lesson ${tag}`);
  expect(block).toContain(`href="/learning/lesson/${older.lessonIds[0]}"`);
});

test("filters by topic and by status (not started, in progress, done) through the query string", async () => {
  const tag = crypto.randomUUID().slice(0, 6);
  const done = await createLearningModule({ title: `Done ${tag}`, topic: "marketing", lessons: [{}], quiz: [0] });
  const going = await createLearningModule({ title: `Going ${tag}`, topic: "pricing", lessons: [{}, {}] });
  await createLearningModule({ title: `Untouched ${tag}`, topic: "pricing" });
  const user = await createSignedInUser({ roles: ["client"] });
  const db = contextFor().db;
  await completeLesson(db, user.id, { id: going.lessonIds[0]!, moduleId: going.id }, new Date());
  await completeLesson(db, user.id, { id: done.lessonIds[0]!, moduleId: done.id }, new Date());
  await env.DB.prepare(
    "INSERT INTO learning_quiz_attempts (id, user_id, module_id, correct, total, passed, answers, created_at) VALUES (?, ?, ?, 1, 1, 1, '[0]', ?)",
  )
    .bind(crypto.randomUUID(), user.id, done.id, new Date().toISOString())
    .run();
  await completeLesson(db, user.id, { id: done.lessonIds[0]!, moduleId: done.id }, new Date());

  const titles = (html: string) => [`Done ${tag}`, `Going ${tag}`, `Untouched ${tag}`].filter((title) => html.includes(`>${title}</a>`));
  expect(titles(await hub(user.cookie))).toEqual([`Done ${tag}`, `Going ${tag}`, `Untouched ${tag}`]);
  expect(titles(await hub(user.cookie, "?status=done"))).toEqual([`Done ${tag}`]);
  expect(titles(await hub(user.cookie, "?status=in-progress"))).toEqual([`Going ${tag}`]);
  expect(titles(await hub(user.cookie, "?status=not-started"))).toEqual([`Untouched ${tag}`]);
  expect(titles(await hub(user.cookie, "?topic=pricing"))).toEqual([`Going ${tag}`, `Untouched ${tag}`]);
  expect(titles(await hub(user.cookie, "?topic=pricing&status=not-started"))).toEqual([`Untouched ${tag}`]);
  expect(titles(await hub(user.cookie, "?topic=marketing&status="))).toEqual([`Done ${tag}`]);
  expect(cardOf(await hub(user.cookie), `Done ${tag}`)).toContain("Done");

  const filtered = await hub(user.cookie, "?topic=pricing&status=not-started");
  expect(filtered).toMatch(/Showing \d+ of \d+ modules/);
  expect(filtered).toContain('<option value="pricing" selected="">');
  expect(filtered).toContain('href="/learning">Clear filters');

  // Unknown values read as "any": the page answers, unfiltered.
  for (const query of ["?topic=nonsense", "?status=finished", "?topic[]=x&status=%00", "?topic=" + "x".repeat(5000)]) {
    expect(titles(await hub(user.cookie, query)), query).toEqual([`Done ${tag}`, `Going ${tag}`, `Untouched ${tag}`]);
  }
  const none = await hub(user.cookie, "?topic=people&status=done");
  expect(none).toContain("No modules match these filters.");
});

test("lessons assigned by the coach come first on the hub, with the note, the due date and what is done", async () => {
  const tag = crypto.randomUUID().slice(0, 6);
  const module = await createLearningModule({
    title: `Assigned module ${tag}`,
    access: "package",
    lessons: [{ title: `First ${tag}` }, { title: `Second ${tag}` }],
  });
  const coach = await createCoach();
  const user = await createSignedInUser({ roles: ["client"] });
  const at = new Date().toISOString();
  const assign = (lessonId: string, dueOn: string | null, note: string) =>
    env.DB.prepare(
      "INSERT INTO learning_assignments (id, coach_id, client_id, lesson_id, due_on, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    )
      .bind(crypto.randomUUID(), coach.id, user.id, lessonId, dueOn, note, at, at)
      .run();
  await assign(module.lessonIds[0]!, "2020-01-31", "Before our next call, please.");
  await assign(module.lessonIds[1]!, "2099-03-05", "");
  expect(await hub(user.cookie)).toContain("Assigned by your coach");
  await completeLesson(contextFor().db, user.id, { id: module.lessonIds[1]!, moduleId: module.id }, new Date());

  const html = await hub(user.cookie);
  const assigned = html.indexOf("Assigned by your coach");
  expect(assigned).toBeGreaterThan(-1);
  expect(assigned).toBeLessThan(html.indexOf('id="modules-heading"'));
  const block = html.slice(assigned, html.indexOf('id="modules-heading"'));
  expect(block).toContain(`href="/learning/lesson/${module.lessonIds[0]}"`);
  expect(block).toContain("Before our next call, please.");
  expect(block).toContain("Overdue");
  expect(block).toContain("Due Fri 31 January 2020");
  expect(block).toContain("Due Thu 5 March 2099");
  // What is left to do comes before what is done.
  expect(block.indexOf(`First ${tag}`)).toBeLessThan(block.indexOf(`Second ${tag}`));
  expect(block.slice(block.indexOf(`Second ${tag}`))).toContain(">Done<");
});

test("someone without assignments or visits sees neither block", async () => {
  const user = await createSignedInUser({ roles: ["client"] });
  const html = await hub(user.cookie);
  expect(html).not.toContain("Assigned by your coach");
  expect(html).not.toContain("Continue where you left off");
  expect(html).toContain('id="modules-heading"');
});
