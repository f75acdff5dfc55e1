import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { requireFound } from "~/auth/permissions.server";
import type { Viewer } from "~/auth/viewer";
import { formatDate } from "~/utils/format";
import { loadLearner, moduleAccess } from "./access.server";
import { getPublishedModule, loadQuestions, type Question } from "./catalogue.server";
import { issueCertificate } from "./certificates.server";
import { answerField, attemptResult, listQuizAttempts, parseQuizAnswers, recordQuizAttempt, scoreQuiz, summariseAttempts } from "./quiz.server";

// /learning/module/{id}/quiz: the module's quiz as a plain form (it works without JavaScript). A
// submitted attempt is scored on the server, stored, and shown at ?attempt={id} (so reloading the
// result never submits again): the score, pass or not, and each question with the right answer
// and its explanation. The questions' answers never reach the browser before an attempt.

/** The quiz's module, for a learner the module is open to; the 404 for an unknown or draft module or one without a quiz. */
async function quizContext(context: AppLoadContext, viewer: Viewer, moduleId: string | undefined) {
  const found = requireFound(moduleId ? await getPublishedModule(context.db, moduleId) : null);
  const [learner, questions] = await Promise.all([loadLearner(context, viewer), loadQuestions(context.db, found.module.id, null)]);
  requireFound(questions.length ? questions : null);
  return { module: found.module, lessonCount: found.lessons.length, access: moduleAccess(found.module, learner), questions };
}

const asFormQuestion = (question: Question) => ({ id: question.id, field: answerField(question), prompt: question.prompt, options: question.options });

export async function loadQuizPage(context: AppLoadContext, viewer: Viewer, moduleId: string | undefined, url: URL) {
  const { module, access, questions } = await quizContext(context, viewer, moduleId);
  const base = { module: { id: module.id, title: module.title, passPercent: module.quizPassPercent }, questionCount: questions.length };
  if (!access.open) return { ...base, locked: { unlock: access.unlock }, questions: [], summary: null, result: null, certificate: null };
  const attempts = await listQuizAttempts(context.db, viewer.id, module.id);
  const summary = summariseAttempts(attempts);
  const shown = attempts.find((attempt) => attempt.id === url.searchParams.get("attempt")) ?? null;
  const result = shown ? { ...attemptResult(shown, questions, module.quizPassPercent), on: formatDate(shown.createdAt) } : null;
  // The certificate is issued when the quiz is passed (see the action); the result links to it.
  const certificate = result?.passed ? await issueCertificate(context.db, viewer.id, module.id, context.services.clock.now()) : null;
  return {
    ...base,
    locked: null,
    questions: questions.map(asFormQuestion),
    summary: { attempts: summary.attempts, passed: summary.passed, best: summary.best },
    result,
    certificate: certificate?.status === "issued" ? { id: certificate.certificate.id } : certificate ? { id: null, status: certificate.status } : null,
  };
}

export async function submitQuiz(request: Request, context: AppLoadContext, viewer: Viewer, moduleId: string | undefined) {
  const { module, access, questions } = await quizContext(context, viewer, moduleId);
  if (!access.open) {
    return data({ errors: {} as Record<string, string>, formError: "This module is locked, so its quiz can't be taken yet." }, { status: 403 });
  }
  const parsed = parseQuizAnswers(await request.formData(), questions);
  if (!parsed.ok) {
    const count = Object.keys(parsed.errors).length;
    return data(
      { errors: parsed.errors, formError: `Please answer every question: ${count} ${count === 1 ? "question has" : "questions have"} no answer yet.` },
      { status: 400 },
    );
  }
  const now = context.services.clock.now();
  const score = scoreQuiz(questions, parsed.answers, module.quizPassPercent);
  const answers = Object.fromEntries(questions.map((question, i) => [question.id, parsed.answers[i]!]));
  const attemptId = await recordQuizAttempt(context.db, { userId: viewer.id, moduleId: module.id, answers, score }, now);
  if (score.passed) await issueCertificate(context.db, viewer.id, module.id, now);
  return redirect(`/learning/module/${module.id}/quiz?attempt=${attemptId}#result`);
}
