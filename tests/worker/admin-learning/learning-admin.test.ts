import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { createLearningModule } from "../../factories/learning";
import { createSignedInUser } from "../../factories/users";
import { countRows, fetchApp, pageText } from "../app";

// The learning editors (/admin/learning): a module and a lesson saved with a revision and an audit
// entry each time; the learning pages read what is published through the catalogue, so a saved
// lesson shows at once and an unpublished one leaves the module; a revision restores; publishing
// needs a complete item; bad input is a 400 with nothing written; only admins get in.

function lessonForm(overrides: Record<string, string> = {}) {
  return {
    intent: "save",
    title: "Reading your cash flow",
    summary: "What the bank balance doesn't tell you.",
    bodyMd: "## Money in, money out\n\nA **fresh** paragraph about timing.",
    estimatedMinutes: "12",
    position: "1",
    releaseAfterDays: "",
    ...overrides,
  };
}

function moduleForm(overrides: Record<string, string> = {}) {
  return {
    intent: "save",
    title: "Cash flow for trades",
    summary: "Keep the business funded between jobs.",
    overviewMd: "What this module covers.",
    outcomes: "Forecast 13 weeks\nChase invoices on time",
    topic: "cash-flow",
    level: "beginner",
    access: "free",
    estimatedMinutes: "40",
    position: "50",
    quizPassPercent: "80",
    ...overrides,
  };
}

test("saving a published lesson shows on the lesson page at once, with a revision and an audit entry; unpublishing takes it out of the module", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const learner = await createSignedInUser();
  const module = await createLearningModule({ lessons: [{ title: "First" }, { title: "Second" }] });
  const lessonId = module.lessonIds[0]!;
  const editor = `/admin/learning/lessons/${lessonId}`;

  const saved = await fetchApp(editor, { form: lessonForm(), cookie: admin.cookie });
  expect(saved.status).toBe(302);
  expect(saved.headers.get("Location")).toBe(editor);
  expect(await countRows("content_revisions", "content_type = 'learning_lesson' AND content_id = ? AND number = 1", lessonId)).toBe(1);
  const audit = await env.DB.prepare("SELECT detail FROM audit_log WHERE action = 'learning_lesson_saved' AND target_id = ? AND actor_id = ?")
    .bind(lessonId, admin.id)
    .first<{ detail: string }>();
  const changes = JSON.parse(audit!.detail).changes;
  expect(changes.title).toEqual({ from: "First", to: "Reading your cash flow" });
  // The lesson's text is named as changed, not copied into the log (the revisions keep it).
  expect(changes.bodyMd).toEqual({ from: "(hidden)", to: "(hidden)" });

  const lesson = await pageText(await fetchApp(`/learning/lesson/${lessonId}`, { cookie: learner.cookie }));
  expect(lesson).toContain("Money in, money out");
  expect(lesson).toContain("<strong>fresh</strong>");

  // Unpublished: the lesson is the 404 and the module's outline no longer lists it.
  const unpublished = await fetchApp(editor, { form: { intent: "unpublish" }, cookie: admin.cookie });
  expect(unpublished.status).toBe(302);
  expect(await countRows("audit_log", "action = 'learning_lesson_unpublished' AND target_id = ?", lessonId)).toBe(1);
  expect((await fetchApp(`/learning/lesson/${lessonId}`, { cookie: learner.cookie })).status).toBe(404);
  const outline = await pageText(await fetchApp(`/learning/module/${module.id}`, { cookie: learner.cookie }));
  expect(outline).not.toContain("Reading your cash flow");
  expect(outline).toContain("Second");

  // Published again, it's back.
  await fetchApp(editor, { form: { intent: "publish" }, cookie: admin.cookie });
  expect((await fetchApp(`/learning/lesson/${lessonId}`, { cookie: learner.cookie })).status).toBe(200);
});

test("restoring a revision copies its fields back as a new revision", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const module = await createLearningModule({ lessons: [{ title: "Original" }] });
  const lessonId = module.lessonIds[0]!;
  const editor = `/admin/learning/lessons/${lessonId}`;
  await fetchApp(editor, { form: lessonForm({ title: "Take one" }), cookie: admin.cookie });
  await fetchApp(editor, { form: lessonForm({ title: "Take two" }), cookie: admin.cookie });

  // The comparison names the field that changed.
  const compared = await pageText(await fetchApp(`${editor}?from=1&to=2`, { cookie: admin.cookie }));
  expect(compared).toContain("Revision 1 → revision 2");
  expect(compared).toContain("Take two");

  const restored = await fetchApp(editor, { form: { intent: "restore", revision: "1" }, cookie: admin.cookie });
  expect(restored.status).toBe(302);
  const row = await env.DB.prepare("SELECT title FROM learning_lessons WHERE id = ?").bind(lessonId).first<{ title: string }>();
  expect(row!.title).toBe("Take one");
  const revisions = await env.DB.prepare("SELECT number, note FROM content_revisions WHERE content_type = 'learning_lesson' AND content_id = ? ORDER BY number")
    .bind(lessonId)
    .all<{ number: number; note: string }>();
  expect(revisions.results).toEqual([
    { number: 1, note: "" },
    { number: 2, note: "" },
    { number: 3, note: "Restored revision 1" },
  ]);
  expect(await countRows("audit_log", "action = 'learning_lesson_restored' AND target_id = ?", lessonId)).toBe(1);
  expect((await fetchApp(editor, { form: { intent: "restore", revision: "9" }, cookie: admin.cookie })).status).toBe(404);
});

test("a new module starts as a draft off the hub; it publishes only once complete and with a published lesson", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const learner = await createSignedInUser();
  const created = await fetchApp("/admin/learning?index", { form: { title: "Cash flow for trades" }, cookie: admin.cookie });
  expect(created.status).toBe(302);
  const location = created.headers.get("Location")!;
  expect(location).toMatch(/^\/admin\/learning\/cash-flow-for-trades(-\d+)?$/);
  const moduleId = location.split("/").pop()!;
  expect(await countRows("learning_modules", "id = ? AND status = 'draft'", moduleId)).toBe(1);
  expect(await countRows("audit_log", "action = 'learning_module_created' AND target_id = ?", moduleId)).toBe(1);

  // Incomplete (no summary yet): refused with the reason.
  const early = await fetchApp(location, { form: { intent: "publish" }, cookie: admin.cookie });
  expect(early.status).toBe(400);
  expect(await pageText(early)).toContain("Finish the module before publishing it");

  expect((await fetchApp(location, { form: moduleForm(), cookie: admin.cookie })).status).toBe(302);
  const noLessons = await fetchApp(location, { form: { intent: "publish" }, cookie: admin.cookie });
  expect(noLessons.status).toBe(400);
  expect(await pageText(noLessons)).toContain("Publish at least one of its lessons");

  const added = await fetchApp(location, { form: { intent: "add-lesson", title: "Thirteen weeks" }, cookie: admin.cookie });
  expect(added.status).toBe(302);
  const lessonPath = added.headers.get("Location")!;
  expect(lessonPath).toBe(`/admin/learning/lessons/${moduleId}-thirteen-weeks`);
  // A lesson without its text can't be published.
  expect((await fetchApp(lessonPath, { form: { intent: "publish" }, cookie: admin.cookie })).status).toBe(400);
  await fetchApp(lessonPath, { form: lessonForm({ title: "Thirteen weeks" }), cookie: admin.cookie });
  expect((await fetchApp(lessonPath, { form: { intent: "publish" }, cookie: admin.cookie })).status).toBe(302);
  expect((await fetchApp(location, { form: { intent: "publish" }, cookie: admin.cookie })).status).toBe(302);

  expect(await countRows("learning_modules", "id = ? AND status = 'published' AND published_at IS NOT NULL", moduleId)).toBe(1);
  expect(await countRows("audit_log", "action = 'learning_module_published' AND target_id = ?", moduleId)).toBe(1);
  const hub = await pageText(await fetchApp("/learning", { cookie: learner.cookie }));
  expect(hub).toContain("Cash flow for trades");

  // The list finds it.
  const list = await pageText(await fetchApp("/admin/learning?q=trades&status=published", { cookie: admin.cookie }));
  expect(list).toContain("Cash flow for trades");
  expect(list).toContain("1 of 1");
});

test("bad input is a 400 naming each field, with what was typed kept and nothing written", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const module = await createLearningModule();
  const path = `/admin/learning/${module.id}`;
  const response = await fetchApp(path, {
    form: moduleForm({ title: "Kept title", summary: "", topic: "astrology", quizPassPercent: "150", position: "1.5" }),
    cookie: admin.cookie,
  });
  expect(response.status).toBe(400);
  const html = await pageText(response);
  for (const message of ["Enter the summary.", "Choose a topic.", "The quiz pass mark must be between 50 and 100.", "Enter the order as a whole number."])
    expect(html).toContain(message);
  expect(html).toContain('value="Kept title"');
  expect(await countRows("content_revisions", "content_id = ?", module.id)).toBe(0);
  expect(await countRows("learning_modules", "id = ? AND title = 'Kept title'", module.id)).toBe(0);

  const lessonPath = `/admin/learning/lessons/${module.lessonIds[0]}`;
  const lesson = await fetchApp(lessonPath, { form: lessonForm({ bodyMd: " ", releaseAfterDays: "-2" }), cookie: admin.cookie });
  expect(lesson.status).toBe(400);
  const lessonHtml = await pageText(lesson);
  expect(lessonHtml).toContain("Enter the lesson text.");
  expect(lessonHtml).toContain("The days must be between 0 and 365.");

  expect((await fetchApp("/admin/learning?index", { form: { title: "   " }, cookie: admin.cookie })).status).toBe(400);
  expect((await fetchApp(path, { form: { intent: "drop-table" }, cookie: admin.cookie })).status).toBe(400);
  expect((await fetchApp("/admin/learning/no-such-module", { cookie: admin.cookie })).status).toBe(404);
  expect((await fetchApp("/admin/learning/lessons/no-such-lesson", { form: lessonForm(), cookie: admin.cookie })).status).toBe(404);
});

test("only admins reach the learning editors or change a lesson", async () => {
  const module = await createLearningModule({ lessons: [{ title: "Untouched" }] });
  const lessonId = module.lessonIds[0]!;
  for (const roles of [["client"], ["coach"]] as const) {
    const user = await createSignedInUser({ roles: [...roles] });
    const response = await fetchApp(`/admin/learning/lessons/${lessonId}`, { form: lessonForm({ title: "Hijacked" }), cookie: user.cookie });
    expect(response.headers.get("Location")).toBe("/");
    expect((await fetchApp(`/admin/learning/${module.id}`, { form: { intent: "unpublish" }, cookie: user.cookie })).headers.get("Location")).toBe("/");
  }
  expect((await fetchApp(`/admin/learning/${module.id}`, { form: { intent: "unpublish" } })).headers.get("Location")).toMatch(/^\/auth/);
  expect(await countRows("learning_lessons", "id = ? AND title = 'Untouched' AND status = 'published'", lessonId)).toBe(1);
  expect(await countRows("learning_modules", "id = ? AND status = 'published'", module.id)).toBe(1);
});
