import { and, eq, isNull, type SQL } from "drizzle-orm";
import { adminAuditStatement } from "~/admin/audit.server";
import type { Db } from "~/db/client.server";
import { learningModules, learningQuestions } from "~/db/schema";
import type { QuestionInput } from "./admin-schemas";
import { LearningAdminError } from "./admin.server";
import { loadQuestions, type Question } from "./catalogue.server";

// Editing a module's quiz (lesson_id NULL) and a lesson's knowledge check (lesson_id set) from
// their editors. Questions save directly, like the module's lesson list: there is no draft of a
// question, so a change to a published module's quiz is what the next learner sees. Every change
// renumbers the set's positions 1…n and writes its audit entry in the same batch.
//
// Past attempts keep the score they were marked with (learning_quiz_attempts keeps correct, total
// and passed, and the answers by question id), and a certificate once issued is kept whatever the
// quiz becomes. The one refused change: removing the last question of a published module's quiz,
// which would silently drop the quiz from the module's completion rule for every learner still
// working on it; unpublish the module first.

type Actor = { actorId: string; ipHash?: string | null };

/** Whose questions: a module's quiz (lessonId null) or a lesson's knowledge check. */
export type QuestionSet = { moduleId: string; lessonId: string | null };

function inSet(set: QuestionSet): SQL {
  return and(
    eq(learningQuestions.moduleId, set.moduleId),
    set.lessonId === null ? isNull(learningQuestions.lessonId) : eq(learningQuestions.lessonId, set.lessonId),
  )!;
}

/** The set's questions in order, as the editor lists them. */
export function listQuestionsForAdmin(db: Db, set: QuestionSet): Promise<Question[]> {
  return loadQuestions(db, set.moduleId, set.lessonId);
}

const auditTarget = (set: QuestionSet) =>
  set.lessonId === null ? { targetType: "learning_module", targetId: set.moduleId } : { targetType: "learning_lesson", targetId: set.lessonId };

const snapshot = (question: Pick<Question, "prompt" | "options" | "answerIndex" | "explanation">) => ({
  prompt: question.prompt,
  options: question.options,
  answerIndex: question.answerIndex,
  explanation: question.explanation,
});

/** The statements that give the questions, in this order, the positions 1…n. */
function renumber(db: Db, ordered: readonly Pick<Question, "id" | "position">[]) {
  return ordered.flatMap((question, i) =>
    question.position === i + 1
      ? []
      : [
          db
            .update(learningQuestions)
            .set({ position: i + 1 })
            .where(eq(learningQuestions.id, question.id)),
        ],
  );
}

async function questionIn(db: Db, set: QuestionSet, questionId: string) {
  const questions = await listQuestionsForAdmin(db, set);
  const index = questions.findIndex((question) => question.id === questionId);
  if (index < 0) throw new LearningAdminError("That question no longer exists.", 404);
  return { questions, index, question: questions[index]! };
}

/** Adds a question at the end of the set. */
export async function addQuestion(db: Db, set: QuestionSet, input: QuestionInput, actor: Actor): Promise<string> {
  const questions = await listQuestionsForAdmin(db, set);
  const id = crypto.randomUUID();
  await db.batch([
    db.insert(learningQuestions).values({
      id,
      moduleId: set.moduleId,
      lessonId: set.lessonId,
      position: questions.length + 1,
      prompt: input.prompt,
      options: JSON.stringify(input.options),
      answerIndex: input.answerIndex,
      explanation: input.explanation,
    }),
    ...renumber(db, questions),
    adminAuditStatement(db, {
      action: "learning_question_added",
      actorId: actor.actorId,
      ...auditTarget(set),
      after: { questionId: id, position: questions.length + 1, ...snapshot(input) },
      ipHash: actor.ipHash,
    }),
  ]);
  return id;
}

/** Saves a question's prompt, options, right answer and explanation. */
export async function saveQuestion(db: Db, set: QuestionSet, questionId: string, input: QuestionInput, actor: Actor) {
  const { question } = await questionIn(db, set, questionId);
  await db.batch([
    db
      .update(learningQuestions)
      .set({ prompt: input.prompt, options: JSON.stringify(input.options), answerIndex: input.answerIndex, explanation: input.explanation })
      .where(eq(learningQuestions.id, questionId)),
    adminAuditStatement(db, {
      action: "learning_question_saved",
      actorId: actor.actorId,
      ...auditTarget(set),
      before: { questionId, ...snapshot(question) },
      after: { questionId, ...snapshot(input) },
      ipHash: actor.ipHash,
    }),
  ]);
}

/** Moves a question one place up or down; answers false when it is already first (or last). */
export async function moveQuestion(db: Db, set: QuestionSet, questionId: string, direction: "up" | "down", actor: Actor): Promise<boolean> {
  const { questions, index } = await questionIn(db, set, questionId);
  const other = direction === "up" ? index - 1 : index + 1;
  if (other < 0 || other >= questions.length) return false;
  const ordered = [...questions];
  [ordered[index], ordered[other]] = [ordered[other]!, ordered[index]!];
  await db.batch([
    adminAuditStatement(db, {
      action: "learning_question_moved",
      actorId: actor.actorId,
      ...auditTarget(set),
      before: { questionId, position: index + 1 },
      after: { questionId, position: other + 1 },
      ipHash: actor.ipHash,
    }),
    ...renumber(db, ordered),
  ]);
  return true;
}

/** Deletes a question and closes the gap it leaves. */
export async function deleteQuestion(db: Db, set: QuestionSet, questionId: string, actor: Actor) {
  const { questions, question } = await questionIn(db, set, questionId);
  if (set.lessonId === null && questions.length === 1) {
    const [module] = await db.select({ status: learningModules.status }).from(learningModules).where(eq(learningModules.id, set.moduleId));
    if (module?.status === "published")
      throw new LearningAdminError(
        "A published module's quiz keeps at least one question: learners still working on the module must pass it. Unpublish the module to remove its quiz.",
        409,
      );
  }
  const rest = questions.filter((item) => item.id !== questionId);
  await db.batch([
    db.delete(learningQuestions).where(and(eq(learningQuestions.id, questionId), inSet(set))!),
    ...renumber(db, rest),
    adminAuditStatement(db, {
      action: "learning_question_deleted",
      actorId: actor.actorId,
      ...auditTarget(set),
      before: { questionId, position: question.position, ...snapshot(question) },
      after: null,
      ipHash: actor.ipHash,
    }),
  ]);
}
