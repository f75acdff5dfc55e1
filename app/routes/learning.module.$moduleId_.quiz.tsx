import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { requireUser } from "~/auth/guards.server";
import { PageHero } from "~/components/page-hero";
import { loadQuizPage, submitQuiz } from "~/learning/quiz-page.server";
import stylesHref from "~/styles/learning-module.css?url";
import { NOINDEX, pageMeta } from "~/utils/meta";

// /learning/module/{id}/quiz: the module's quiz, its result with feedback, and a retake. The "_"
// keeps it out of the module page's layout: it is a page of its own.

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  return loadQuizPage(context, viewer, params.moduleId, new URL(request.url));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  return submitQuiz(request, context, viewer, params.moduleId);
}

const LETTERS = "ABCDEFGHIJ";

export default function ModuleQuiz() {
  const page = useLoaderData<typeof loader>();
  const moduleHref = `/learning/module/${page.module.id}`;
  return (
    <>
      <PageHero
        eyebrow="Module quiz"
        title={`Quiz: ${page.module.title}`}
        lead={`${page.questionCount} questions. You pass with ${page.module.passPercent}% or more; you can retake the quiz as often as you like.`}
        crumbs={[{ label: "Learning hub", to: "/learning" }, { label: page.module.title, to: moduleHref }, { label: "Quiz" }]}
      />
      <div className="section course-module">
        <div className="container page-narrow">
          {page.locked ? (
            <section className="notice course-locked" aria-labelledby="locked-heading">
              <h2 id="locked-heading">This quiz is part of a locked module</h2>
              <p>
                {page.locked.unlock === "subscribers"
                  ? "The module and its quiz open with a ClarityAI subscription."
                  : "The module and its quiz open with a coaching package."}
              </p>
              <p>
                <Link to={moduleHref}>See what the module covers and how to unlock it</Link>
              </p>
            </section>
          ) : page.result ? (
            <QuizResult />
          ) : (
            <QuizForm />
          )}
        </div>
      </div>
    </>
  );
}

function QuizResult() {
  const page = useLoaderData<typeof loader>();
  const result = page.result!;
  const heading = useRef<HTMLHeadingElement>(null);
  // The result replaces the form: move focus to it so a screen reader announces the score.
  useEffect(() => heading.current?.focus(), []);
  const moduleHref = `/learning/module/${page.module.id}`;
  return (
    <section aria-labelledby="result" className="course-quiz">
      <div className="card">
        <h2 id="result" ref={heading} tabIndex={-1}>
          {result.passed ? "You passed the quiz" : "Not quite — you can try again"}
        </h2>
        <p className="course-score">
          You scored {result.correct} out of {result.total} ({result.percent}%). The pass mark is {result.passPercent}%.
        </p>
        {result.changed ? (
          <p className="notice">
            The quiz has changed since this attempt. Your score stays as it was marked then; the answers below are checked against the questions as they are
            now.
          </p>
        ) : null}
        {result.passed ? (
          page.certificate?.id ? (
            <p>
              You've completed the module and earned your certificate.{" "}
              <a href={`${moduleHref}/certificate.pdf`} download>
                Download your certificate (PDF)
              </a>
            </p>
          ) : (
            <p>
              {page.certificate && "status" in page.certificate && page.certificate.status === "needs-name"
                ? "Add your name to your profile to receive your certificate."
                : "Complete every lesson of the module to earn your certificate."}
            </p>
          )
        ) : (
          <p>Read the explanations below, revisit the lessons if you need to, then retake the quiz.</p>
        )}
        <div className="button-row">
          <Link to={`${moduleHref}/quiz`} className={`button ${result.passed ? "button-secondary" : "button-primary"}`}>
            Retake the quiz
          </Link>
          <Link to={moduleHref} className={`button ${result.passed ? "button-primary" : "button-secondary"}`}>
            Back to the module
          </Link>
        </div>
      </div>
      <h2>Your answers</h2>
      <ol className="course-feedback">
        {result.feedback.map((item, i) => (
          <li key={item.questionId} data-correct={item.correct ? "true" : "false"}>
            <h3>
              {i + 1}. {item.prompt}
            </h3>
            <p className={item.correct ? "course-verdict-right" : "course-verdict-wrong"}>{item.correct ? "Correct" : "Incorrect"}</p>
            <p>
              Your answer: {item.chosen === null ? "none" : (item.options[item.chosen] ?? "none")}
              {item.correct ? null : (
                <>
                  <br />
                  Right answer: {item.options[item.answerIndex]}
                </>
              )}
            </p>
            {item.explanation ? <p>{item.explanation}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function QuizForm() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors: Record<string, string> = actionData?.errors ?? {};
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (actionData?.formError) summaryRef.current?.focus();
  }, [actionData]);
  return (
    <>
      {page.summary?.best ? (
        <p className="notice">
          {page.summary.passed ? "You've passed this quiz already. " : ""}Your best score so far: {page.summary.best.correct} of {page.summary.best.total} (
          {page.summary.best.percent}%).
        </p>
      ) : null}
      {actionData?.formError ? (
        <div className="form-error" role="alert" tabIndex={-1} ref={summaryRef}>
          {actionData.formError}
        </div>
      ) : null}
      <Form method="post" className="course-quiz" aria-label="Module quiz">
        {page.questions.map((question, i) => {
          const error = errors[question.id];
          return (
            <fieldset
              key={question.id}
              className="course-question"
              data-invalid={error ? "true" : undefined}
              aria-describedby={error ? `${question.field}-error` : undefined}
            >
              <legend>
                {i + 1}. {question.prompt}
              </legend>
              {question.options.map((option, index) => (
                <label key={index} className="course-option">
                  <input type="radio" name={question.field} value={index} required />
                  <span>
                    <span className="visually-hidden">{LETTERS[index]}. </span>
                    {option}
                  </span>
                </label>
              ))}
              {error ? (
                <p id={`${question.field}-error`} className="course-field-error">
                  {error}
                </p>
              ) : null}
            </fieldset>
          );
        })}
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? "Checking your answers…" : "Submit my answers"}
          </button>
        </div>
      </Form>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta(matches, {
    title: data ? `Quiz: ${data.module.title}` : "Module Quiz",
    description: "A learning module's quiz for ClarityAI Coaching members.",
    path: data ? `/learning/module/${data.module.id}/quiz` : "/learning",
  }),
  NOINDEX,
];
