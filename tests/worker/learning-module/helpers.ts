import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { TestModule } from "../../factories/learning";
import { fetchApp } from "../app";

// What the module, quiz and certificate tests share: a learner's finished lessons written straight
// into D1 (as the lesson page's "Mark complete" leaves them), and the quiz's form.

/** Records the lessons as complete for the user, with their enrolment in the module. */
export async function completeLessons(userId: string, module: Pick<TestModule, "id">, lessonIds: string[], at = "2026-11-20T01:00:00.000Z") {
  await env.DB.batch([
    env.DB.prepare(
      "INSERT OR IGNORE INTO learning_enrolments (user_id, module_id, started_at, last_lesson_id, last_visited_at) VALUES (?, ?, ?, NULL, ?)",
    ).bind(userId, module.id, at, at),
    ...lessonIds.map((lessonId) =>
      env.DB.prepare(
        "INSERT OR REPLACE INTO learning_lesson_progress (user_id, lesson_id, module_id, started_at, completed_at, reading_position, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?)",
      ).bind(userId, lessonId, module.id, at, at, at),
    ),
  ]);
}

/** The quiz form with these chosen options, one per question (null leaves a question unanswered). */
export function quizForm(module: Pick<TestModule, "quizQuestionIds">, answers: (number | string | null)[]): URLSearchParams {
  const form = new URLSearchParams();
  module.quizQuestionIds.forEach((id, i) => {
    const answer = answers[i];
    if (answer !== null && answer !== undefined) form.set(`answer-${id}`, String(answer));
  });
  return form;
}

/** Submits the quiz and follows nothing: answers the response. */
export function submitQuiz(cookie: string, module: Pick<TestModule, "id" | "quizQuestionIds">, answers: (number | string | null)[]) {
  return fetchApp(`/learning/module/${module.id}/quiz`, { cookie, form: quizForm(module, answers) });
}

/** Submits a passing quiz (every answer right) and expects the redirect to its result. */
export async function passQuiz(cookie: string, module: Pick<TestModule, "id" | "quizQuestionIds">, rightAnswers: number[]) {
  const response = await submitQuiz(cookie, module, rightAnswers);
  expect(response.status, "quiz submitted").toBe(302);
  return response.headers.get("Location")!;
}
