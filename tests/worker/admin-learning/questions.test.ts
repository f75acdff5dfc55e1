import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { createLearningModule, type TestModule } from "../../factories/learning";
import { createSignedInUser } from "../../factories/users";
import { countRows, fetchApp, pageText } from "../app";
import { completeLessons, submitQuiz } from "../learning-module/helpers";

// The question editors: a module's quiz on the module editor and a lesson's knowledge check on the
// lesson editor, one set of intents. Each change saves at once with an audit entry (with its diff),
// positions stay 1…n, a question of another module is the 404, bad input is a 400 with nothing
// written, and the learner's pages follow the edit while past attempts keep their scores.

function questionForm(overrides: Record<string, string> = {}) {
  return {
    intent: "add-question",
    prompt: "Which report shows the money you'll have next month?",
    option1: "A cash flow forecast",
    option2: "",
    option3: "A balance sheet",
    option4: "",
    option5: "",
    option6: "",
    answer: "1",
    explanation: "A forecast looks ahead; the balance sheet is a snapshot.",
    ...overrides,
  };
}

type Row = { id: string; position: number; prompt: string; options: string; answer_index: number; explanation: string };

async function questionsOf(module: Pick<TestModule, "id">, lessonId: string | null): Promise<Row[]> {
  const where = lessonId === null ? "lesson_id IS NULL" : "lesson_id = ?";
  const binds = lessonId === null ? [module.id] : [module.id, lessonId];
  const { results } = await env.DB.prepare(
    `SELECT id, position, prompt, options, answer_index, explanation FROM learning_questions WHERE module_id = ? AND ${where} ORDER BY position`,
  )
    .bind(...binds)
    .all<Row>();
  return results;
}

async function auditChanges(action: string, targetId: string) {
  const row = await env.DB.prepare("SELECT detail FROM audit_log WHERE action = ? AND target_id = ? ORDER BY rowid DESC LIMIT 1")
    .bind(action, targetId)
    .first<{ detail: string }>();
  return row ? (JSON.parse(row.detail) as { targetType: string; changes: Record<string, { from: unknown; to: unknown }> }) : null;
}

test("a module's quiz: add, edit, reorder and delete, each audited with its diff and the positions kept 1…n", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const module = await createLearningModule({ quiz: [0, 1] });
  const editor = `/admin/learning/${module.id}`;

  const added = await fetchApp(editor, { form: questionForm(), cookie: admin.cookie });
  expect(added.status).toBe(302);
  expect(added.headers.get("Location")).toBe(`${editor}#questions`);
  let rows = await questionsOf(module, null);
  expect(rows.map((row) => row.position)).toEqual([1, 2, 3]);
  const newId = rows[2]!.id;
  // The blank option is dropped and the right answer is the chosen field's option among those kept.
  expect(rows[2]).toMatchObject({ options: '["A cash flow forecast","A balance sheet"]', answer_index: 0 });
  const addedAudit = await auditChanges("learning_question_added", module.id);
  expect(addedAudit?.targetType).toBe("learning_module");
  expect(addedAudit?.changes.questionId).toEqual({ from: null, to: newId });
  expect(addedAudit?.changes.prompt).toEqual({ from: null, to: "Which report shows the money you'll have next month?" });

  const page = await pageText(await fetchApp(editor, { cookie: admin.cookie }));
  expect(page).toContain("Which report shows the money you'll have next month?");
  expect(page).toContain("Quiz question 1?");

  // Edit: the right answer becomes the balance sheet (option field 3, the second kept option).
  const saved = await fetchApp(editor, {
    form: questionForm({ intent: "save-question", questionId: newId, prompt: "Which report is a snapshot?", answer: "3" }),
    cookie: admin.cookie,
  });
  expect(saved.status).toBe(302);
  rows = await questionsOf(module, null);
  expect(rows[2]).toMatchObject({ id: newId, prompt: "Which report is a snapshot?", answer_index: 1 });
  const savedAudit = await auditChanges("learning_question_saved", module.id);
  expect(savedAudit?.changes.prompt).toEqual({ from: "Which report shows the money you'll have next month?", to: "Which report is a snapshot?" });
  expect(savedAudit?.changes.answerIndex).toEqual({ from: 0, to: 1 });
  expect(savedAudit?.changes.options).toBeUndefined();

  // Move up to the top, one place at a time; moving the first up again changes nothing.
  for (let i = 0; i < 3; i += 1) {
    const moved = await fetchApp(editor, { form: { intent: "move-question", questionId: newId, direction: "up" }, cookie: admin.cookie });
    expect(moved.status).toBe(302);
  }
  rows = await questionsOf(module, null);
  expect(rows.map((row) => row.id)).toEqual([newId, module.quizQuestionIds[0], module.quizQuestionIds[1]]);
  expect(rows.map((row) => row.position)).toEqual([1, 2, 3]);
  expect(await countRows("audit_log", "action = 'learning_question_moved' AND target_id = ?", module.id)).toBe(2);
  expect((await auditChanges("learning_question_moved", module.id))?.changes.position).toEqual({ from: 2, to: 1 });

  // Delete needs the confirmation panel's field; the gap closes.
  const unconfirmed = await fetchApp(editor, { form: { intent: "delete-question", questionId: module.quizQuestionIds[0]! }, cookie: admin.cookie });
  expect(unconfirmed.status).toBe(400);
  expect(await questionsOf(module, null)).toHaveLength(3);
  const deleted = await fetchApp(editor, {
    form: { intent: "delete-question", questionId: module.quizQuestionIds[0]!, confirmed: "yes" },
    cookie: admin.cookie,
  });
  expect(deleted.status).toBe(302);
  rows = await questionsOf(module, null);
  expect(rows.map((row) => [row.id, row.position])).toEqual([
    [newId, 1],
    [module.quizQuestionIds[1], 2],
  ]);
  const deletedAudit = await auditChanges("learning_question_deleted", module.id);
  expect(deletedAudit?.changes.prompt).toEqual({ from: "Quiz question 1?", to: null });
});

test("a lesson's knowledge check uses the same editor, and its questions stay apart from the quiz's", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const learner = await createSignedInUser();
  const module = await createLearningModule({ quiz: [0], lessons: [{ check: [0] }, {}] });
  const lessonId = module.lessonIds[0]!;
  const editor = `/admin/learning/lessons/${lessonId}`;

  const added = await fetchApp(editor, { form: questionForm({ prompt: "What does a forecast look at?" }), cookie: admin.cookie });
  expect(added.status).toBe(302);
  let rows = await questionsOf(module, lessonId);
  expect(rows.map((row) => [row.prompt, row.position])).toEqual([
    ["Check question 1?", 1],
    ["What does a forecast look at?", 2],
  ]);
  expect(await questionsOf(module, null)).toHaveLength(1);
  const audit = await auditChanges("learning_question_added", lessonId);
  expect(audit?.targetType).toBe("learning_lesson");
  expect(audit?.changes.prompt).toEqual({ from: null, to: "What does a forecast look at?" });

  const newId = rows[1]!.id;
  expect((await fetchApp(editor, { form: { intent: "move-question", questionId: newId, direction: "up" }, cookie: admin.cookie })).status).toBe(302);
  expect(
    (
      await fetchApp(editor, {
        form: questionForm({ intent: "save-question", questionId: newId, prompt: "What does a forecast look at?", option3: "Next month's cash" }),
        cookie: admin.cookie,
      })
    ).status,
  ).toBe(302);
  rows = await questionsOf(module, lessonId);
  expect(rows.map((row) => row.id)).toEqual([newId, `${lessonId}-q1`]);
  expect(rows[0]?.options).toBe('["A cash flow forecast","Next month\'s cash"]');

  // The learner's lesson shows the edited check.
  const lesson = await pageText(await fetchApp(`/learning/lesson/${lessonId}`, { cookie: learner.cookie }));
  expect(lesson).toContain("What does a forecast look at?");
  expect(lesson).toContain("Next month's cash");

  // Every question of a lesson's check may go: the lesson then has none.
  for (const row of rows)
    expect((await fetchApp(editor, { form: { intent: "delete-question", questionId: row.id, confirmed: "yes" }, cookie: admin.cookie })).status).toBe(302);
  expect(await questionsOf(module, lessonId)).toHaveLength(0);
  expect((await fetchApp(`/learning/lesson/${lessonId}`, { cookie: learner.cookie })).status).toBe(200);
});

test("bad question forms are a 400 naming the field, with what was typed kept and nothing written", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const module = await createLearningModule({ quiz: [0] });
  const editor = `/admin/learning/${module.id}`;
  const before = await questionsOf(module, null);
  const audits = await countRows("audit_log", "target_id = ?", module.id);
  const cases: [Record<string, string>, string][] = [
    [{ option1: "", option3: "" }, "Give at least 2 options."],
    [{ answer: "2" }, "The correct option is blank: choose one of the options you filled in."],
    [{ answer: "" }, "Choose the correct option."],
    [{ prompt: "   " }, "Enter the question."],
    [{ prompt: "x".repeat(501) }, "The question must be 500 characters or fewer."],
    [{ option1: "y".repeat(201) }, "Keep each option to 200 characters or fewer."],
    [{ explanation: "z".repeat(1001) }, "The explanation must be 1,000 characters or fewer."],
  ];
  for (const [overrides, message] of cases) {
    const response = await fetchApp(editor, { form: questionForm({ ...overrides, option5: "Kept option" }), cookie: admin.cookie });
    expect(response.status, message).toBe(400);
    const html = await pageText(response);
    expect(html).toContain(message);
    expect(html).toContain('value="Kept option"');
    // Said once, next to the form that was sent (not again at the top of the page).
    expect(html.split(">Check the question's fields marked below.<").length - 1).toBe(1);
  }
  // The same rules on an edit, which answers for that question's form.
  const edit = await fetchApp(editor, { form: questionForm({ intent: "save-question", questionId: before[0]!.id, prompt: "" }), cookie: admin.cookie });
  expect(edit.status).toBe(400);
  expect(await pageText(edit)).toContain("Enter the question.");
  expect(await questionsOf(module, null)).toEqual(before);
  expect(await countRows("audit_log", "target_id = ?", module.id)).toBe(audits);
});

test("a question of another module or lesson is the 404; a move without a direction is a 400", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const module = await createLearningModule({ quiz: [0, 1] });
  const other = await createLearningModule({ quiz: [0, 1] });
  const editor = `/admin/learning/${module.id}`;
  const foreign = other.quizQuestionIds[0]!;
  const lessonCheck = `${module.lessonIds[0]}-q1`;
  for (const questionId of [foreign, lessonCheck, "no-such-question"]) {
    const forms: Record<string, string>[] = [
      questionForm({ intent: "save-question", questionId }),
      { intent: "move-question", questionId, direction: "down" },
      { intent: "delete-question", questionId, confirmed: "yes" },
    ];
    for (const form of forms) expect((await fetchApp(editor, { form, cookie: admin.cookie })).status, `${form.intent} ${questionId}`).toBe(404);
  }
  // A lesson's editor doesn't reach its module's quiz either.
  const lessonEditor = `/admin/learning/lessons/${module.lessonIds[0]}`;
  expect(
    (await fetchApp(lessonEditor, { form: { intent: "delete-question", questionId: module.quizQuestionIds[0]!, confirmed: "yes" }, cookie: admin.cookie }))
      .status,
  ).toBe(404);
  // An unknown module: the 404, nothing added.
  expect((await fetchApp("/admin/learning/no-such-module", { form: questionForm(), cookie: admin.cookie })).status).toBe(404);
  expect(await countRows("learning_questions", "module_id = 'no-such-module'")).toBe(0);
  expect((await fetchApp(editor, { form: { intent: "move-question", questionId: module.quizQuestionIds[0]! }, cookie: admin.cookie })).status).toBe(400);
  expect(await countRows("learning_questions", "id = ?", foreign)).toBe(1);
  expect((await questionsOf(module, null)).map((row) => row.id)).toEqual(module.quizQuestionIds);
});

test("only admins edit questions", async () => {
  const member = await createSignedInUser();
  const coach = await createSignedInUser({ roles: ["coach"] });
  const module = await createLearningModule({ quiz: [0] });
  for (const cookie of [member.cookie, coach.cookie, undefined]) {
    for (const path of [`/admin/learning/${module.id}`, `/admin/learning/lessons/${module.lessonIds[0]}`]) {
      const response = await fetchApp(path, { form: questionForm(), cookie });
      expect([302, 403, 404], path).toContain(response.status);
      const denied = await fetchApp(path, { form: { intent: "delete-question", questionId: module.quizQuestionIds[0]!, confirmed: "yes" }, cookie });
      expect([302, 403, 404]).toContain(denied.status);
    }
  }
  expect(await countRows("learning_questions", "module_id = ?", module.id)).toBe(4);
  expect(await countRows("audit_log", "target_id = ? AND action LIKE 'learning_question_%'", module.id)).toBe(0);
});

test("the last question of a published module's quiz stays until the module is unpublished", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const module = await createLearningModule({ quiz: [0] });
  const editor = `/admin/learning/${module.id}`;
  const form = { intent: "delete-question", questionId: module.quizQuestionIds[0]!, confirmed: "yes" };
  const refused = await fetchApp(editor, { form, cookie: admin.cookie });
  expect(refused.status).toBe(409);
  expect(await pageText(refused)).toContain("A published module's quiz keeps at least one question");
  expect(await questionsOf(module, null)).toHaveLength(1);

  expect((await fetchApp(editor, { form: { intent: "unpublish" }, cookie: admin.cookie })).status).toBe(302);
  expect((await fetchApp(editor, { form, cookie: admin.cookie })).status).toBe(302);
  expect(await questionsOf(module, null)).toHaveLength(0);
});

test("the learner's quiz shows the edited question and scores against its new answer; a past attempt keeps its score and a certificate is kept", async () => {
  const admin = await createSignedInUser({ roles: ["admin"] });
  const learner = await createSignedInUser({ firstName: "Quinn", lastName: "Learner" });
  const module = await createLearningModule({ quiz: [0, 1], lessons: [{}] });
  await completeLessons(learner.id, module, module.lessonIds);
  const editor = `/admin/learning/${module.id}`;

  // A passing attempt, with its certificate.
  const first = await submitQuiz(learner.cookie, module, [0, 1]);
  expect(first.status).toBe(302);
  const firstResult = first.headers.get("Location")!.replace(/#.*/, "");
  expect(await countRows("learning_certificates", "user_id = ? AND module_id = ?", learner.id, module.id)).toBe(1);

  // The admin changes question 2's right answer, moves it first and adds a third question.
  const [q1, q2] = module.quizQuestionIds as [string, string];
  const edit = questionForm({
    intent: "save-question",
    questionId: q2,
    prompt: "Which option is right now?",
    option1: "Option A",
    option2: "Option B",
    option3: "Option C",
    answer: "3",
    explanation: "C, since the edit.",
  });
  expect((await fetchApp(editor, { form: edit, cookie: admin.cookie })).status).toBe(302);
  expect((await fetchApp(editor, { form: { intent: "move-question", questionId: q2, direction: "up" }, cookie: admin.cookie })).status).toBe(302);
  expect((await fetchApp(editor, { form: questionForm({ prompt: "A question added later?" }), cookie: admin.cookie })).status).toBe(302);
  const third = (await questionsOf(module, null))[2]!.id;

  const quiz = await pageText(await fetchApp(`/learning/module/${module.id}/quiz`, { cookie: learner.cookie }));
  expect(quiz).toContain("Which option is right now?");
  expect(quiz).toContain("A question added later?");
  expect(quiz.indexOf("Which option is right now?")).toBeLessThan(quiz.indexOf("Quiz question 1?"));
  expect(quiz).not.toContain("C, since the edit.");

  // Scored against the new answer: the old right answer (B) is now wrong.
  const form = { [`answer-${q2}`]: "1", [`answer-${q1}`]: "0", [`answer-${third}`]: "0" };
  const retake = await fetchApp(`/learning/module/${module.id}/quiz`, { form, cookie: learner.cookie });
  expect(retake.status).toBe(302);
  const retakeHtml = await pageText(await fetchApp(retake.headers.get("Location")!.replace(/#.*/, ""), { cookie: learner.cookie }));
  expect(retakeHtml).toContain("You scored 2 out of 3 (66%).");
  expect(retakeHtml).toContain("Right answer: Option C");
  expect(retakeHtml).toContain("C, since the edit.");

  // The first attempt still renders with the score it was marked with, and says the quiz changed.
  const past = await fetchApp(firstResult, { cookie: learner.cookie });
  expect(past.status).toBe(200);
  const pastHtml = await pageText(past);
  expect(pastHtml).toContain("You passed the quiz");
  expect(pastHtml).toContain("You scored 2 out of 2 (100%).");
  expect(pastHtml).toContain("The quiz has changed since this attempt.");
  // Its answers follow their questions through the move: question 1's answer (A) is still shown against it.
  expect(pastHtml).toMatch(/Quiz question 1\?<\/h3><p class="course-verdict-right">Correct<\/p><p>Your answer: (<!-- -->)?Option A/);
  expect(await countRows("learning_certificates", "user_id = ? AND module_id = ?", learner.id, module.id)).toBe(1);
  expect((await fetchApp(`/learning/module/${module.id}/certificate.pdf`, { cookie: learner.cookie })).status).toBe(200);
});
