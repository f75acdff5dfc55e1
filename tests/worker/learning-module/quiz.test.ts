import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { loadQuestions } from "~/learning/catalogue.server";
import { passes, scoreQuiz, scorePercent, summariseAttempts } from "~/learning/quiz.server";
import { createLearningModule } from "../../factories/learning";
import { createSignedInUser } from "../../factories/users";
import { contextFor, countRows, fetchApp, pageText } from "../app";
import { submitQuiz } from "./helpers";

// The module quiz (app/learning/quiz.server.ts and /learning/module/{id}/quiz): scored on the server
// against the stored answers, the pass mark is the module's quiz_pass_percent (inclusive), every
// attempt is kept, feedback explains each question, and a retake never takes a pass away.

const RIGHT = [0, 1, 2, 0, 1];

test("the pass mark is inclusive and a score is never rounded up", () => {
  expect(passes(4, 5, 80)).toBe(true);
  expect(passes(3, 5, 80)).toBe(false);
  expect(passes(7, 9, 78)).toBe(false); // 77.8 %
  expect(passes(8, 9, 78)).toBe(true);
  expect(passes(0, 0, 1)).toBe(false);
  expect(scorePercent(2, 3)).toBe(66);
  expect(scorePercent(5, 5)).toBe(100);
});

test("scoring compares each chosen option with the stored answer and explains every question", async () => {
  const module = await createLearningModule({ quiz: RIGHT, quizPassPercent: 60 });
  const questions = await loadQuestions(contextFor().db, module.id, null);
  const score = scoreQuiz(questions, [0, 1, 0, 0, null], 60);
  expect(score).toMatchObject({ correct: 3, total: 5, percent: 60, passed: true, passPercent: 60 });
  expect(score.feedback.map((item) => item.correct)).toEqual([true, true, false, true, false]);
  expect(score.feedback[2]).toMatchObject({ chosen: 0, answerIndex: 2, explanation: "Why.", prompt: "Quiz question 3?" });
  expect(scoreQuiz(questions, [0, 1, 0, 0, null], 61).passed).toBe(false);
});

test("the best attempt and a pass survive a later, worse attempt", () => {
  const at = (minute: number) => `2026-11-20T01:0${minute}:00.000Z`;
  const summary = summariseAttempts([
    { id: "c", correct: 2, total: 5, passed: false, answers: [], createdAt: at(3) },
    { id: "b", correct: 5, total: 5, passed: true, answers: [], createdAt: at(2) },
    { id: "a", correct: 1, total: 5, passed: false, answers: [], createdAt: at(1) },
  ]);
  expect(summary).toMatchObject({ attempts: 3, passed: true, best: { correct: 5, total: 5, percent: 100 } });
  expect(summary.latest?.id).toBe("c");
  expect(summariseAttempts([])).toEqual({ attempts: 0, passed: false, best: null, latest: null });
});

test("the quiz page asks every question without giving its answer away", async () => {
  const module = await createLearningModule({ quiz: RIGHT });
  const learner = await createSignedInUser();
  const response = await fetchApp(`/learning/module/${module.id}/quiz`, { cookie: learner.cookie });
  expect(response.status).toBe(200);
  const html = await pageText(response);
  expect(html).toContain("Quiz question 1?");
  expect(html).toContain("Quiz question 5?");
  expect(html).toContain(`name="answer-${module.quizQuestionIds[0]}"`);
  expect(html).toContain("You pass with 80% or more");
  expect(html).not.toContain("answerIndex");
  expect(html).not.toContain("Why.");
});

test("a passing attempt is stored and its result shows the score, the feedback and the certificate's state", async () => {
  const module = await createLearningModule({ quiz: RIGHT });
  const learner = await createSignedInUser();
  const response = await submitQuiz(learner.cookie, module, [0, 1, 2, 0, 2]);
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  expect(location).toMatch(new RegExp(`^/learning/module/${module.id}/quiz\\?attempt=[0-9a-f-]{36}#result$`));
  const attempt = await env.DB.prepare("SELECT correct, total, passed, answers FROM learning_quiz_attempts WHERE user_id = ? AND module_id = ?")
    .bind(learner.id, module.id)
    .first();
  // The answers are kept by question id, so the attempt still reads right after the quiz is edited.
  const ids = module.quizQuestionIds;
  expect(attempt).toEqual({
    correct: 4,
    total: 5,
    passed: 1,
    answers: JSON.stringify({ [ids[0]!]: 0, [ids[1]!]: 1, [ids[2]!]: 2, [ids[3]!]: 0, [ids[4]!]: 2 }),
  });

  const html = await pageText(await fetchApp(location.replace(/#.*/, ""), { cookie: learner.cookie }));
  expect(html).toContain("You passed the quiz");
  expect(html).toContain("You scored 4 out of 5 (80%). The pass mark is 80%.");
  expect(html).toContain("Right answer: Option B");
  expect(html).toContain("Why.");
  expect(html).toContain("Retake the quiz");
  // The lessons aren't done, so no certificate yet.
  expect(html).toContain("Complete every lesson of the module to earn your certificate.");
});

test("a failed attempt says so, and a retake that passes counts", async () => {
  const module = await createLearningModule({ quiz: RIGHT });
  const learner = await createSignedInUser();
  const failed = await submitQuiz(learner.cookie, module, [1, 1, 2, 1, 2]);
  const failedHtml = await pageText(await fetchApp(failed.headers.get("Location")!.replace(/#.*/, ""), { cookie: learner.cookie }));
  expect(failedHtml).toContain("Not quite — you can try again");
  expect(failedHtml).toContain("You scored 2 out of 5 (40%)");

  const retake = await submitQuiz(learner.cookie, module, RIGHT);
  expect(retake.status).toBe(302);
  expect(await countRows("learning_quiz_attempts", "user_id = ? AND module_id = ?", learner.id, module.id)).toBe(2);
  const modulePage = await pageText(await fetchApp(`/learning/module/${module.id}`, { cookie: learner.cookie }));
  expect(modulePage).toContain("Passed.");
  expect(modulePage).toContain("Your best score: 5 of 5 (100%)");
});

test("an unanswered question or an option that isn't there is a 400 with a clear message, and no attempt is stored", async () => {
  const module = await createLearningModule({ quiz: RIGHT });
  const learner = await createSignedInUser();
  const missing = await submitQuiz(learner.cookie, module, [0, 1, null, 0, 1]);
  expect(missing.status).toBe(400);
  const html = await pageText(missing);
  expect(html).toContain("Please answer every question: 1 question has no answer yet.");
  expect(html).toContain("Choose an answer to question 3.");
  for (const bad of ["3", "-1", "1.5", "x", "", "9999"]) {
    const response = await submitQuiz(learner.cookie, module, [0, 1, bad, 0, 1]);
    expect(response.status, `option ${JSON.stringify(bad)}`).toBe(400);
  }
  expect(await countRows("learning_quiz_attempts", "user_id = ?", learner.id)).toBe(0);
});

test("someone else's attempt is never shown: the page offers the quiz instead", async () => {
  const module = await createLearningModule({ quiz: RIGHT });
  const owner = await createSignedInUser();
  const other = await createSignedInUser();
  const location = (await submitQuiz(owner.cookie, module, RIGHT)).headers.get("Location")!.replace(/#.*/, "");
  const html = await pageText(await fetchApp(location, { cookie: other.cookie }));
  expect(html).not.toContain("You scored");
  expect(html).toContain("Submit my answers");
});

test("a locked module's quiz cannot be taken: the page says how to unlock it and a post is refused", async () => {
  const module = await createLearningModule({ access: "subscribers", quiz: RIGHT });
  const learner = await createSignedInUser();
  const page = await fetchApp(`/learning/module/${module.id}/quiz`, { cookie: learner.cookie });
  expect(page.status).toBe(200);
  const html = await pageText(page);
  expect(html).toContain("This quiz is part of a locked module");
  expect(html).not.toContain("Quiz question 1?");
  const post = await submitQuiz(learner.cookie, module, RIGHT);
  expect(post.status).toBe(403);
  expect(await countRows("learning_quiz_attempts", "user_id = ?", learner.id)).toBe(0);
});

test("an unknown or draft module, or one without a quiz, has no quiz page", async () => {
  const learner = await createSignedInUser();
  const draft = await createLearningModule({ status: "draft" });
  const noQuiz = await createLearningModule({ quiz: [] });
  for (const id of ["no-such-module", draft.id, noQuiz.id]) {
    expect((await fetchApp(`/learning/module/${id}/quiz`, { cookie: learner.cookie })).status, id).toBe(404);
    expect((await fetchApp(`/learning/module/${id}/quiz`, { cookie: learner.cookie, form: { "answer-x": "0" } })).status, id).toBe(404);
  }
});

test("a visitor is sent to sign in", async () => {
  const module = await createLearningModule();
  const response = await fetchApp(`/learning/module/${module.id}/quiz`);
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(`/learning/module/${module.id}/quiz`)}`);
});
