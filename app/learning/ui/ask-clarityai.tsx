import { Form, Link, useNavigation } from "@remix-run/react";

// "Ask ClarityAI about this lesson": for subscribers, a form that starts a new conversation with the
// AI coach quoting the lesson (and, if the learner ticks the box, their saved worksheet answers) and
// opens it in the AI assistant; for everyone else, what ClarityAI is and where its plans are. A plain
// POST to /learning/lesson/{id}/ask, so it works without JavaScript. A section of the lesson page
// with its own heading.

export function AskClarityAi({ lessonId, subscriber, hasWorksheetAnswers }: { lessonId: string; subscriber: boolean; hasWorksheetAnswers: boolean }) {
  const navigation = useNavigation();
  const action = `/learning/lesson/${lessonId}/ask`;
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  return (
    <section className="card ask-clarityai" aria-labelledby="ask-clarityai-heading">
      <h2 id="ask-clarityai-heading">Ask ClarityAI about this lesson</h2>
      {subscriber ? (
        <Form method="post" action={action} className="form">
          <p className="hint" id="ask-clarityai-hint">
            Opens a new conversation with your AI coach that starts from this lesson&apos;s summary and key points. You&apos;ll see exactly what was shared.
          </p>
          {hasWorksheetAnswers ? (
            <div className="field field-checkbox">
              <input id="ask-include-answers" type="checkbox" name="includeAnswers" value="on" aria-describedby="ask-include-answers-hint" />
              <label htmlFor="ask-include-answers">Include my worksheet answers</label>
              <p className="hint" id="ask-include-answers-hint">
                Your saved answers go into the conversation so ClarityAI can work with your own figures.
              </p>
            </div>
          ) : null}
          <div className="button-row">
            <button type="submit" className="button button-primary button-small" disabled={busy} aria-describedby="ask-clarityai-hint">
              {busy ? "Opening ClarityAI…" : "Ask ClarityAI"}
            </button>
          </div>
        </Form>
      ) : (
        <p className="hint">
          Stuck on something, or want to apply it to your own numbers? ClarityAI subscribers can talk any lesson through with the AI coach, any time.{" "}
          <Link to="/services/clarityai#plans">See the ClarityAI plans</Link>.
        </p>
      )}
    </section>
  );
}
