import { data } from "@remix-run/cloudflare";
import type * as z from "zod";
import { notFoundResponse } from "~/auth/permissions.server";
import { redirectWithToast } from "~/platform/toast.server";
import { parseForm } from "~/utils/forms";
import { wasConfirmed } from "~/components/ui/confirm-action";
import type { Db } from "~/db/client.server";
import { QuestionFieldsSchema, QuestionIdSchema, QuestionMoveSchema, questionInputOf, RevisionNumberSchema } from "./admin-schemas";
import { addQuestion, deleteQuestion, moveQuestion, saveQuestion, type QuestionSet } from "./admin-questions.server";
import { LearningAdminError } from "./admin.server";

// The parts the module and lesson editors' actions share: a refused save, restoring a revision and
// turning the domain's refusals into answers.

type Actor = { actorId: string; ipHash?: string | null };

export type EditorActionData = { intent: string; errors: Record<string, string | undefined>; values?: Record<string, string> };

/** A save whose fields were refused: 400 with the errors and what was typed in the form's own fields (nothing else is echoed). */
export function refusedSave(form: FormData, schema: z.ZodObject<z.ZodRawShape>, errors: Record<string, string | undefined>) {
  const values = Object.fromEntries(Object.keys(schema.shape).map((name) => [name, String(form.get(name) ?? "")]));
  return data<EditorActionData>({ intent: "save", errors: { form: "Check the fields marked below.", ...errors }, values }, { status: 400 });
}

/** Restores the revision the form names (as a new revision) and returns to the editor with a toast. */
export async function restoreFromForm(form: FormData, here: string, secret: string, restore: (revision: number) => Promise<unknown>) {
  const parsed = parseForm(form, RevisionNumberSchema);
  if (!parsed.success) return data<EditorActionData>({ intent: "restore", errors: { form: parsed.errors.revision ?? "Choose a revision." } }, { status: 400 });
  await restore(parsed.data.revision);
  return redirectWithToast(
    here,
    { title: `Revision ${parsed.data.revision} restored`, description: "It was saved as a new revision.", variant: "success" },
    secret,
  );
}

/** A refusal of the learning admin as the editor's answer: an unknown item is the site's 404 (an unknown revision the form's error). */
export function editorFailure(error: unknown, intent: string) {
  if (!(error instanceof LearningAdminError)) throw error;
  if (error.status === 404 && intent !== "restore") throw notFoundResponse();
  return data<EditorActionData>({ intent, errors: { form: error.message } }, { status: error.status });
}

// The question list both editors carry (the module's quiz, a lesson's knowledge check): one set of
// intents, answered the same way on either page.

export const QUESTION_INTENTS = ["add-question", "save-question", "move-question", "delete-question"] as const;
export type QuestionIntent = (typeof QUESTION_INTENTS)[number];

/** A question form that was refused: 400 with the errors and what was typed in its own fields. */
function refusedQuestion(intent: QuestionIntent, form: FormData, errors: Record<string, string | undefined>) {
  const names = [...Object.keys(QuestionFieldsSchema.shape), "questionId"];
  const values = Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? "")]));
  return data<EditorActionData>({ intent, errors: { form: "Check the question's fields marked below.", ...errors }, values }, { status: 400 });
}

/** Runs one of the question intents on the set and returns to the editor (the list's anchor) with a toast. */
export async function questionAction(intent: QuestionIntent, form: FormData, db: Db, set: QuestionSet, actor: Actor, here: string, secret: string) {
  const back = `${here}#questions`;
  const toast = (title: string, description?: string) => redirectWithToast(back, { title, description, variant: "success" }, secret);
  if (intent === "add-question" || intent === "save-question") {
    const parsed = parseForm(form, QuestionFieldsSchema);
    const id = intent === "save-question" ? parseForm(form, QuestionIdSchema) : null;
    if (id && !id.success) return refusedQuestion(intent, form, { form: id.errors.questionId });
    if (!parsed.success) return refusedQuestion(intent, form, parsed.errors);
    const input = questionInputOf(parsed.data);
    if (id?.success) {
      await saveQuestion(db, set, id.data.questionId, input, actor);
      return toast("Question saved", "Learners see the change from their next visit.");
    }
    await addQuestion(db, set, input, actor);
    return toast("Question added", "Learners see it from their next visit.");
  }
  if (intent === "move-question") {
    const parsed = parseForm(form, QuestionMoveSchema);
    if (!parsed.success) return data<EditorActionData>({ intent, errors: { form: parsed.errors.questionId ?? parsed.errors.direction } }, { status: 400 });
    const moved = await moveQuestion(db, set, parsed.data.questionId, parsed.data.direction, actor);
    return moved ? toast("Question moved") : redirectWithToast(back, { title: `It's already ${parsed.data.direction === "up" ? "first" : "last"}` }, secret);
  }
  const parsed = parseForm(form, QuestionIdSchema);
  if (!parsed.success) return data<EditorActionData>({ intent, errors: { form: parsed.errors.questionId } }, { status: 400 });
  if (!wasConfirmed(form)) return data<EditorActionData>({ intent, errors: { form: "Confirm that the question should be deleted." } }, { status: 400 });
  await deleteQuestion(db, set, parsed.data.questionId, actor);
  return toast("Question deleted", "Past attempts keep their scores.");
}
