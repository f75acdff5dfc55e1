import { Form } from "@remix-run/react";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { describedByOf, FieldFrame } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import { OPTION_FIELDS, QUESTION_LIMITS } from "~/learning/admin-schemas";

// The question list of the module editor (its quiz) and the lesson editor (its knowledge check):
// each question with edit, move up or down and delete, and a form to add one. Every form is a plain
// POST, so it all works without JavaScript; the edit form opens in a <details>.

export type EditorQuestion = { id: string; prompt: string; options: string[]; answerIndex: number; explanation: string };

type ActionData = { intent: string; errors: Record<string, string | undefined>; values?: Record<string, string> } | undefined;

const LETTERS = "ABCDEF";

/** Whether an action's answer belongs to the question list (which shows its own errors, next to the form that was sent). */
export const isQuestionIntent = (intent: string | undefined) => Boolean(intent?.endsWith("-question"));

export function QuestionEditor({
  heading,
  intro,
  empty,
  questions,
  actionData,
  busy,
}: {
  heading: string;
  /** What the questions are for and when learners see a change. */
  intro: string;
  empty: string;
  questions: EditorQuestion[];
  actionData: ActionData;
  busy: boolean;
}) {
  const questionIntent = isQuestionIntent(actionData?.intent) ? actionData : undefined;
  const refusedFor = (id: string | null) =>
    questionIntent && (id === null ? questionIntent.intent === "add-question" : questionIntent.values?.questionId === id) ? questionIntent : undefined;
  // A move or delete answers for the list; so does a save of a question that is no longer listed.
  const inAForm =
    questionIntent?.intent === "add-question" ||
    (questionIntent?.intent === "save-question" && questions.some((question) => question.id === questionIntent.values?.questionId));
  const listError = questionIntent && !inAForm ? questionIntent.errors.form : undefined;
  return (
    <section aria-labelledby="questions-heading" className="learning-questions" id="questions">
      <h3 id="questions-heading">{heading}</h3>
      <p className="hint">{intro}</p>
      <FormError id="questions-error" message={listError} />
      {questions.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ol className="learning-question-list">
          {questions.map((question, i) => {
            const refused = refusedFor(question.id);
            return (
              <li key={question.id} className="card">
                <p>
                  <strong>{question.prompt}</strong>
                </p>
                <ol className="learning-question-options" type="A">
                  {question.options.map((option, o) => (
                    <li key={o}>
                      {option}
                      {o === question.answerIndex ? <strong> (correct)</strong> : null}
                    </li>
                  ))}
                </ol>
                {question.explanation ? <p className="hint">Explanation: {question.explanation}</p> : null}
                <div className="button-row">
                  <MoveButton id={question.id} direction="up" disabled={busy || i === 0} prompt={question.prompt} />
                  <MoveButton id={question.id} direction="down" disabled={busy || i === questions.length - 1} prompt={question.prompt} />
                  <ConfirmAction
                    label="Delete"
                    consequence="Deletes this question. Learners' past attempts keep their scores and certificates already earned are kept."
                    confirmLabel="Yes, delete the question"
                    fields={{ intent: "delete-question", questionId: question.id }}
                    disabled={busy}
                  />
                </div>
                <details open={refused ? true : undefined}>
                  <summary>Edit question {i + 1}</summary>
                  <QuestionForm key={JSON.stringify(question)} idPrefix={`q${i + 1}`} question={question} refused={refused} busy={busy} />
                </details>
              </li>
            );
          })}
        </ol>
      )}
      <h4 id="new-question-heading">Add a question</h4>
      <QuestionForm key={`new-${questions.length}`} idPrefix="new" question={null} refused={refusedFor(null)} busy={busy} />
    </section>
  );
}

function MoveButton({ id, direction, disabled, prompt }: { id: string; direction: "up" | "down"; disabled: boolean; prompt: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="move-question" />
      <input type="hidden" name="questionId" value={id} />
      <input type="hidden" name="direction" value={direction} />
      <button type="submit" className="button button-secondary" disabled={disabled} aria-label={`Move “${prompt}” ${direction}`}>
        {direction === "up" ? "Move up" : "Move down"}
      </button>
    </Form>
  );
}

function QuestionForm({ idPrefix, question, refused, busy }: { idPrefix: string; question: EditorQuestion | null; refused: ActionData; busy: boolean }) {
  const errors = refused?.errors ?? {};
  const typed = refused?.values;
  const value = (name: string, stored: string) => typed?.[name] ?? stored;
  const answer = typed?.answer ?? (question ? String(question.answerIndex + 1) : "");
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <Form method="post" className="learning-form" aria-label={question ? `Edit “${question.prompt}”` : "Add a question"}>
      <input type="hidden" name="intent" value={question ? "save-question" : "add-question"} />
      {question ? <input type="hidden" name="questionId" value={question.id} /> : null}
      <FormError id={id("error")} message={errors.form} />
      <FieldFrame id={id("prompt")} label="Question" error={errors.prompt}>
        <textarea
          id={id("prompt")}
          name="prompt"
          rows={2}
          required
          maxLength={QUESTION_LIMITS.prompt}
          defaultValue={value("prompt", question?.prompt ?? "")}
          aria-invalid={errors.prompt ? true : undefined}
          aria-describedby={describedByOf(id("prompt"), undefined, errors.prompt)}
        />
      </FieldFrame>
      <fieldset className="learning-question-options-field" aria-describedby={errors.option1 || errors.answer ? id("options-error") : id("options-hint")}>
        <legend>Options</legend>
        <p className="hint" id={id("options-hint")}>
          Fill in {QUESTION_LIMITS.minOptions} to {QUESTION_LIMITS.options} options (blank ones are left out) and choose the correct one.
        </p>
        {OPTION_FIELDS.map((name, o) => (
          <div key={name} className="learning-question-option">
            <input
              type="radio"
              name="answer"
              value={String(o + 1)}
              id={id(`${name}-correct`)}
              defaultChecked={answer === String(o + 1)}
              aria-label={`Option ${LETTERS[o]} is correct`}
            />
            <label htmlFor={id(name)}>Option {LETTERS[o]}</label>
            <input
              id={id(name)}
              name={name}
              maxLength={QUESTION_LIMITS.option}
              defaultValue={value(name, question?.options[o] ?? "")}
              aria-invalid={o === 0 && errors.option1 ? true : undefined}
            />
          </div>
        ))}
        {errors.option1 || errors.answer ? (
          <p className="field-error" id={id("options-error")}>
            {errors.option1 ?? errors.answer}
          </p>
        ) : null}
      </fieldset>
      <FieldFrame id={id("explanation")} label="Explanation" hint="Shown to the learner after they answer." error={errors.explanation}>
        <textarea
          id={id("explanation")}
          name="explanation"
          rows={2}
          maxLength={QUESTION_LIMITS.explanation}
          defaultValue={value("explanation", question?.explanation ?? "")}
          aria-invalid={errors.explanation ? true : undefined}
          aria-describedby={describedByOf(id("explanation"), "hint", errors.explanation)}
        />
      </FieldFrame>
      <button type="submit" className={question ? "button button-primary" : "button button-secondary"} disabled={busy}>
        {question ? "Save question" : "Add question"}
      </button>
    </Form>
  );
}
