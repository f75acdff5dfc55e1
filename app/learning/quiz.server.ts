import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { learningQuizAttempts } from "~/db/schema";
import type { Question } from "./catalogue.server";

// A module's quiz: the learner answers every question, the server scores the answers against the
// stored ones, records the attempt and gives feedback with each question's explanation. The module
// counts as passed once any attempt reached its pass mark (quiz_pass_percent); a learner may retake
// the quiz as often as they like, and a later failed attempt never takes a pass away.

/** Whether `correct` answers out of `total` reach the pass mark (a share in per cent, inclusive). */
export function passes(correct: number, total: number, passPercent: number): boolean {
  return total > 0 && correct * 100 >= passPercent * total;
}

/** A score as a whole per cent, rounded down so it never shows more than was earned. */
export function scorePercent(correct: number, total: number): number {
  return total > 0 ? Math.floor((correct * 100) / total) : 0;
}

export type QuizFeedback = {
  questionId: string;
  prompt: string;
  options: string[];
  /** The option the learner chose (null: none, or the question is newer than the attempt). */
  chosen: number | null;
  answerIndex: number;
  correct: boolean;
  explanation: string;
};

export type QuizScore = { correct: number; total: number; percent: number; passed: boolean; passPercent: number; feedback: QuizFeedback[] };

/** Scores chosen options (in question order) against the questions. */
export function scoreQuiz(questions: Question[], answers: readonly (number | null)[], passPercent: number): QuizScore {
  const feedback = questions.map((question, i) => {
    const chosen = answers[i] ?? null;
    return {
      questionId: question.id,
      prompt: question.prompt,
      options: question.options,
      chosen,
      answerIndex: question.answerIndex,
      correct: chosen === question.answerIndex,
      explanation: question.explanation,
    };
  });
  const correct = feedback.filter((item) => item.correct).length;
  const total = questions.length;
  return { correct, total, percent: scorePercent(correct, total), passed: passes(correct, total, passPercent), passPercent, feedback };
}

/** The form field of a question's answer. */
export const answerField = (question: Pick<Question, "id">) => `answer-${question.id}`;

export type QuizAnswers = { ok: true; answers: number[] } | { ok: false; errors: Record<string, string> };

/**
 * The chosen options from the submitted form: every question needs exactly one of its own options.
 * Errors are keyed by question id, worded for the learner.
 */
export function parseQuizAnswers(form: FormData, questions: Question[]): QuizAnswers {
  const errors: Record<string, string> = {};
  const answers: number[] = [];
  questions.forEach((question, i) => {
    const values = form.getAll(answerField(question));
    const value = values.length === 1 && typeof values[0] === "string" ? values[0] : null;
    const index = value !== null && /^\d{1,3}$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(index) || index >= question.options.length) {
      errors[question.id] = `Choose an answer to question ${i + 1}.`;
      return;
    }
    answers.push(index);
  });
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, answers };
}

/**
 * Records one scored attempt; returns its id. The answers are kept by question id, so the attempt
 * still reads right after its questions are reordered, deleted or added to in the editor.
 */
export async function recordQuizAttempt(
  db: Db,
  attempt: { userId: string; moduleId: string; answers: Record<string, number>; score: Pick<QuizScore, "correct" | "total" | "passed"> },
  now: Date,
): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(learningQuizAttempts).values({
    id,
    userId: attempt.userId,
    moduleId: attempt.moduleId,
    correct: attempt.score.correct,
    total: attempt.score.total,
    passed: attempt.score.passed,
    answers: JSON.stringify(attempt.answers),
    createdAt: now.toISOString(),
  });
  return id;
}

/** An attempt's answers: by question id, or (attempts recorded before the quiz could be edited) in question order. */
export type StoredAnswers = Record<string, number> | (number | null)[];

export type QuizAttempt = { id: string; correct: number; total: number; passed: boolean; answers: StoredAnswers; createdAt: string };

function readAnswers(text: string): StoredAnswers {
  try {
    const value: unknown = JSON.parse(text);
    if (Array.isArray(value)) return value.map((item) => (typeof item === "number" ? item : null));
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === "number"));
    return [];
  } catch {
    return [];
  }
}

/** The attempt's answer to each of the questions as they are now (null: a question newer than the attempt). */
export function answersFor(answers: StoredAnswers, questions: Pick<Question, "id">[]): (number | null)[] {
  return questions.map((question, i) => (Array.isArray(answers) ? (answers[i] ?? null) : (answers[question.id] ?? null)));
}

/**
 * A past attempt as its result page shows it: the score it was marked with when it was taken (a
 * later edit of the quiz never changes it), and the feedback against the questions as they are now;
 * `changed` says that the two no longer agree.
 */
export function attemptResult(attempt: QuizAttempt, questions: Question[], passPercent: number): QuizScore & { changed: boolean } {
  const now = scoreQuiz(questions, answersFor(attempt.answers, questions), passPercent);
  const changed = now.total !== attempt.total || now.correct !== attempt.correct || passes(attempt.correct, attempt.total, passPercent) !== attempt.passed;
  return { ...now, correct: attempt.correct, total: attempt.total, percent: scorePercent(attempt.correct, attempt.total), passed: attempt.passed, changed };
}

/** The learner's attempts at a module's quiz, newest first. */
export async function listQuizAttempts(db: Db, userId: string, moduleId: string): Promise<QuizAttempt[]> {
  const rows = await db
    .select()
    .from(learningQuizAttempts)
    .where(and(eq(learningQuizAttempts.userId, userId), eq(learningQuizAttempts.moduleId, moduleId)))
    .orderBy(desc(learningQuizAttempts.createdAt));
  return rows.map((row) => ({
    id: row.id,
    correct: row.correct,
    total: row.total,
    passed: Boolean(row.passed),
    answers: readAnswers(row.answers),
    createdAt: row.createdAt,
  }));
}

export type QuizSummary = {
  attempts: number;
  passed: boolean;
  /** The best attempt (the highest share correct; the earliest of equals). */
  best: { correct: number; total: number; percent: number } | null;
  latest: QuizAttempt | null;
};

/** What the module page says about the quiz, from the learner's attempts (newest first). */
export function summariseAttempts(attempts: QuizAttempt[]): QuizSummary {
  let best: QuizAttempt | null = null;
  for (const attempt of attempts) {
    if (!best || attempt.correct * best.total >= best.correct * attempt.total) best = attempt;
  }
  return {
    attempts: attempts.length,
    passed: attempts.some((attempt) => attempt.passed),
    best: best ? { correct: best.correct, total: best.total, percent: scorePercent(best.correct, best.total) } : null,
    latest: attempts[0] ?? null,
  };
}
