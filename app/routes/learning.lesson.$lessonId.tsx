import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { requireUser } from "~/auth/guards.server";
import { PageHero } from "~/components/page-hero";
import { FormError } from "~/components/ui/form-error";
import { renderMarkdown } from "~/content/markdown.server";
import type { LessonGate } from "~/learning/access.server";
import { loadQuestions } from "~/learning/catalogue.server";
import { closedLessonResponse, lessonForViewer, scoreCheck, type CheckFeedback } from "~/learning/lesson.server";
import { completeLesson, recordLessonVisit, saveCheckResult } from "~/learning/progress.server";
import { AskClarityAi } from "~/learning/ui/ask-clarityai";
import { useLessonShortcuts, useReadingPosition } from "~/learning/ui/lesson-client";
import { WorksheetPanel } from "~/learning/ui/worksheet-panel";
import { loadWorksheetPanelData } from "~/learning/worksheets/lesson.server";
import stylesHref from "~/styles/learning-lesson.css?url";
import { formatDate } from "~/utils/format";
import { NOINDEX, NOT_FOUND_META, pageMeta } from "~/utils/meta";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

type ClosedGate = Exclude<LessonGate, { state: "open" }>;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const { module, lesson, lessons, gates, gate, progress, learner, now } = await lessonForViewer(context, viewer, params.lessonId ?? "");
  const index = lessons.findIndex((l) => l.id === lesson.id);
  const completed = new Set(progress.completedLessonIds);
  const outline = lessons.map((l) => ({
    id: l.id,
    title: l.title,
    completed: completed.has(l.id),
    gate: gates.get(l.id) ?? ({ state: "open" } as LessonGate),
  }));
  const base = {
    module: { id: module.id, title: module.title },
    lesson: {
      id: lesson.id,
      title: lesson.title,
      summary: lesson.summary,
      estimatedMinutes: lesson.estimatedMinutes,
      number: index + 1,
      hasVideo: lesson.videoKey !== null,
      videoSeconds: lesson.videoSeconds,
      hasTranscript: Boolean(lesson.transcriptMd),
      worksheetTitle: lesson.worksheet?.title ?? null,
    },
    lessonCount: lessons.length,
    outline,
    previousId: lessons[index - 1]?.id ?? null,
    nextId: lessons[index + 1]?.id ?? null,
  };
  if (gate.state !== "open") {
    const questions = await loadQuestions(context.db, module.id, lesson.id);
    return { ...base, open: false as const, gate: gate as ClosedGate, checkCount: questions.length };
  }
  const [questions, worksheet] = await Promise.all([
    loadQuestions(context.db, module.id, lesson.id),
    lesson.worksheet ? loadWorksheetPanelData(context.db, viewer.id, lesson.id, lesson.worksheet, now) : null,
    recordLessonVisit(context.db, viewer.id, { id: lesson.id, moduleId: module.id }, now),
  ]);
  const completedAt = completed.has(lesson.id);
  return {
    ...base,
    open: true as const,
    bodyHtml: renderMarkdown(lesson.bodyMd).html,
    transcriptHtml: lesson.transcriptMd ? renderMarkdown(lesson.transcriptMd).html : null,
    hasCaptions: lesson.captionsKey !== null,
    videoType: lesson.videoType,
    completed: completedAt,
    readingPosition: progress.readingPositions[lesson.id] ?? 0,
    questions: questions.map((q) => ({ id: q.id, prompt: q.prompt, options: q.options })),
    lastCheck: progress.checkResults[lesson.id] ?? null,
    worksheet: lesson.worksheet && worksheet ? { spec: lesson.worksheet, ...worksheet } : null,
    subscriber: learner.subscriber,
  };
}

type ActionResult =
  | { intent: "complete"; ok: true; newlyCompleted: boolean }
  | { intent: "check"; ok: true; correct: number; total: number; feedback: CheckFeedback[] }
  | { intent: "check"; ok: false; missing: string[]; message: string }
  | { intent: null; ok: false; message: string };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const { module, lesson, gate, now } = await lessonForViewer(context, viewer, params.lessonId ?? "");
  if (gate.state !== "open") throw closedLessonResponse(gate);
  const form = await request.formData();
  const intent = form.get("intent");
  const ref = { id: lesson.id, moduleId: module.id };
  if (intent === "complete") {
    const { newlyCompleted } = await completeLesson(context.db, viewer.id, ref, now);
    return { intent: "complete", ok: true, newlyCompleted } satisfies ActionResult;
  }
  if (intent === "check") {
    const questions = await loadQuestions(context.db, module.id, lesson.id);
    if (questions.length === 0)
      return data({ intent: null, ok: false, message: "This lesson has no knowledge check." } satisfies ActionResult, { status: 400 });
    const scored = scoreCheck(questions, form);
    if (!scored.ok) {
      const message =
        scored.missing.length === 1 ? "Choose an answer to the question marked below." : "Choose an answer to each of the questions marked below.";
      return data({ intent: "check", ok: false, missing: scored.missing, message } satisfies ActionResult, { status: 400 });
    }
    await saveCheckResult(context.db, viewer.id, ref, scored.result, now);
    return { intent: "check", ok: true, ...scored.result } satisfies ActionResult;
  }
  return data({ intent: null, ok: false, message: "That action isn't one this page knows. Please reload the page and try again." } satisfies ActionResult, {
    status: 400,
  });
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type OpenData = Extract<LoaderData, { open: true }>;

const lessonHref = (id: string) => `/learning/lesson/${id}`;

function minutesLabel(minutes: number) {
  return `${minutes} min`;
}

function durationLabel(seconds: number | null) {
  if (!seconds) return null;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return minutes ? `${minutes} min ${rest ? `${rest} s` : ""}`.trim() : `${rest} s`;
}

export default function LearningLesson() {
  const loaded = useLoaderData<typeof loader>();
  const { module, lesson, lessonCount, outline, previousId, nextId } = loaded;
  const previousHref = previousId ? lessonHref(previousId) : null;
  const nextHref = nextId ? lessonHref(nextId) : null;
  useLessonShortcuts(previousHref, nextHref);
  return (
    <>
      <PageHero
        eyebrow={`${module.title} · Lesson ${lesson.number} of ${lessonCount}`}
        title={lesson.title}
        lead={lesson.summary}
        crumbs={[{ label: "Learning hub", to: "/learning" }, { label: module.title, to: `/learning/module/${module.id}` }, { label: lesson.title }]}
      />
      <div className="container lesson-layout">
        <nav className="lesson-outline" aria-labelledby="lesson-outline-heading">
          <h2 id="lesson-outline-heading">Lessons in this module</h2>
          <ol>
            {outline.map((item, i) => (
              <li key={item.id} className={item.completed ? "is-complete" : undefined}>
                <Link to={lessonHref(item.id)} aria-current={item.id === lesson.id ? "page" : undefined} prefetch="intent">
                  <span className="lesson-outline-mark" aria-hidden="true">
                    {item.completed ? "✓" : item.gate.state === "open" ? i + 1 : "🔒"}
                  </span>
                  <span className="lesson-outline-title">{item.title}</span>
                  <span className="visually-hidden">{outlineState(item.completed, item.gate)}</span>
                  {item.gate.state === "scheduled" ? <span className="lesson-outline-note">Opens {formatDate(item.gate.availableAt)}</span> : null}
                </Link>
              </li>
            ))}
          </ol>
        </nav>
        <div className="lesson-main">
          {loaded.open ? <OpenLesson data={loaded} /> : <ClosedLesson gate={loaded.gate} lesson={lesson} checkCount={loaded.checkCount} module={module} />}
          <nav className="lesson-pager" aria-label="Previous and next lessons">
            {previousHref ? (
              <Link to={previousHref} rel="prev" className="button button-secondary">
                ← Previous lesson
              </Link>
            ) : (
              <Link to={`/learning/module/${module.id}`} className="button button-secondary">
                ← Module overview
              </Link>
            )}
            {nextHref ? (
              <Link to={nextHref} rel="next" className="button button-primary">
                Next lesson →
              </Link>
            ) : (
              <Link to={`/learning/module/${module.id}`} className="button button-primary">
                Back to the module
              </Link>
            )}
          </nav>
          <p className="lesson-shortcuts" id="lesson-shortcuts">
            Keyboard shortcuts: press <kbd>N</kbd> for the next lesson and <kbd>P</kbd> for the previous one (not while you&apos;re typing in a field).
          </p>
        </div>
      </div>
    </>
  );
}

function outlineState(completed: boolean, gate: LessonGate): string {
  if (completed) return "(completed)";
  if (gate.state === "locked") return "(locked)";
  if (gate.state === "scheduled") return "(not open yet)";
  return "";
}

function ClosedLesson({
  gate,
  lesson,
  module,
  checkCount,
}: {
  gate: ClosedGate;
  lesson: LoaderData["lesson"];
  module: LoaderData["module"];
  checkCount: number;
}) {
  const contents = [
    `About ${minutesLabel(lesson.estimatedMinutes)} of reading`,
    lesson.hasVideo ? `A video${durationLabel(lesson.videoSeconds) ? ` (${durationLabel(lesson.videoSeconds)})` : ""} with captions and a transcript` : null,
    lesson.worksheetTitle ? `A worksheet: ${lesson.worksheetTitle}` : null,
    checkCount ? `A knowledge check of ${checkCount} question${checkCount === 1 ? "" : "s"}` : null,
  ].filter((item): item is string => item !== null);
  return (
    <section className="card lesson-closed" aria-labelledby="lesson-closed-heading">
      {gate.state === "locked" ? (
        <>
          <h2 id="lesson-closed-heading">This lesson is locked</h2>
          <p>
            {gate.unlock === "subscribers"
              ? `“${module.title}” is included with a ClarityAI subscription. Subscribe to open every lesson in it, with the AI coach to help you apply them.`
              : `“${module.title}” is included with a coaching package. Book a package with one of our coaches to open every lesson in it.`}
          </p>
        </>
      ) : (
        <>
          <h2 id="lesson-closed-heading">This lesson opens on {formatDate(gate.availableAt)}</h2>
          <p>
            Lessons in this module open one step at a time after you start it, so you have time to put each one into practice. Until then, work through the
            lessons already open.
          </p>
        </>
      )}
      <h3>What this lesson contains</h3>
      <ul>
        {contents.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <div className="button-row">
        {gate.state === "locked" ? (
          gate.unlock === "subscribers" ? (
            <Link to="/services/clarityai#plans" className="button button-primary">
              See ClarityAI plans
            </Link>
          ) : (
            <Link to="/booking" className="button button-primary">
              See coaching packages
            </Link>
          )
        ) : null}
        <Link to={`/learning/module/${module.id}`} className="button button-secondary">
          Back to the module
        </Link>
      </div>
    </section>
  );
}

function OpenLesson({ data }: { data: OpenData }) {
  const { lesson, module } = data;
  const base = lessonHref(lesson.id);
  const { restored, dismiss } = useReadingPosition(`${base}/position`, data.readingPosition, "lesson-content", true);
  return (
    <>
      <p className="lesson-meta">
        {minutesLabel(lesson.estimatedMinutes)}
        {data.completed ? <span className="lesson-badge">Completed</span> : null}
      </p>
      {restored ? (
        <p className="lesson-restored" role="status">
          We&apos;ve taken you back to where you were reading.{" "}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              window.scrollTo({ top: 0 });
              dismiss();
            }}
          >
            Start from the top
          </button>
        </p>
      ) : null}
      {lesson.hasVideo ? (
        <section className="lesson-video" aria-labelledby="lesson-video-heading">
          <h2 id="lesson-video-heading" className="visually-hidden">
            Video
          </h2>
          {/* preload="none": on a slow connection nothing is fetched until Play; the transcript below carries the lesson. */}
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the captions' <track> is there whenever the lesson has captions */}
          <video controls preload="none" playsInline aria-describedby={lesson.hasTranscript ? "lesson-transcript-note" : undefined}>
            <source src={`${base}/video`} type={data.videoType ?? undefined} />
            {data.hasCaptions ? <track kind="captions" src={`${base}/captions.vtt`} srcLang="en-AU" label="English" default /> : null}
          </video>
          {lesson.hasTranscript ? (
            <p id="lesson-transcript-note" className="lesson-video-note">
              Prefer to read? The <a href="#lesson-transcript-heading">transcript</a> is below, or{" "}
              <a href={`${base}/transcript.txt`} download>
                download it as text
              </a>
              .
            </p>
          ) : null}
        </section>
      ) : null}
      {/* Rendered on the server from the lesson's markdown with raw HTML disabled (markdown.server.ts). */}
      <article id="lesson-content" className="prose lesson-body" aria-labelledby="page-title" dangerouslySetInnerHTML={{ __html: data.bodyHtml }} />
      {data.transcriptHtml ? (
        <section className="lesson-transcript" aria-labelledby="lesson-transcript-heading">
          <h2 id="lesson-transcript-heading">Transcript</h2>
          <details>
            <summary>Show the video&apos;s transcript</summary>
            <div className="prose" dangerouslySetInnerHTML={{ __html: data.transcriptHtml }} />
          </details>
          <p>
            <a href={`${base}/transcript.txt`} download>
              Download the transcript (.txt)
            </a>
          </p>
        </section>
      ) : null}
      {data.questions.length ? <KnowledgeCheck data={data} /> : null}
      {data.worksheet ? (
        <WorksheetPanel
          lessonId={lesson.id}
          spec={data.worksheet.spec}
          answers={data.worksheet.answers}
          canShareWithCoach={data.worksheet.canShareWithCoach}
          coaches={data.worksheet.coaches}
          savedAt={data.worksheet.savedAt}
        />
      ) : null}
      <AskClarityAi lessonId={lesson.id} subscriber={data.subscriber} hasWorksheetAnswers={Boolean(data.worksheet?.answers)} />
      <CompleteLesson completed={data.completed} nextId={data.nextId} moduleId={module.id} />
    </>
  );
}

function KnowledgeCheck({ data }: { data: OpenData }) {
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const result = actionData?.intent === "check" ? actionData : null;
  const missing = new Set(result && !result.ok ? result.missing : []);
  const feedback = new Map(result && result.ok ? result.feedback.map((f) => [f.questionId, f]) : []);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "check";
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);
  return (
    <section className="card lesson-check" aria-labelledby="lesson-check-heading">
      <h2 id="lesson-check-heading">Check your understanding</h2>
      <p>
        {data.questions.length === 1 ? "One quick question" : `${data.questions.length} quick questions`} on this lesson. Your answers are checked straight
        away; try as often as you like.
      </p>
      <div ref={resultRef} tabIndex={-1} className="lesson-check-result">
        {result && !result.ok ? <FormError message={result.message} /> : null}
        {result && result.ok ? (
          <p role="status" className={result.correct === result.total ? "lesson-check-pass" : "lesson-check-partial"}>
            You got {result.correct} of {result.total} right.
            {result.correct === result.total ? " Well done." : " The explanations below show where to look again."}
          </p>
        ) : data.lastCheck ? (
          <p>
            Your last result: {data.lastCheck.correct} of {data.lastCheck.total}.
          </p>
        ) : null}
      </div>
      <Form method="post" replace preventScrollReset>
        <input type="hidden" name="intent" value="check" />
        {data.questions.map((question, q) => {
          const f = feedback.get(question.id);
          const errorId = `check-${question.id}-error`;
          return (
            <fieldset
              key={question.id}
              className="lesson-question"
              aria-invalid={missing.has(question.id) || undefined}
              aria-describedby={missing.has(question.id) ? errorId : f ? `check-${question.id}-feedback` : undefined}
            >
              <legend>
                {q + 1}. {question.prompt}
              </legend>
              {missing.has(question.id) ? (
                <p id={errorId} className="field-error">
                  Choose an answer.
                </p>
              ) : null}
              {question.options.map((option, i) => (
                <label key={option} className="lesson-option">
                  <input type="radio" name={`q-${question.id}`} value={i} defaultChecked={f?.chosen === i} required />
                  <span>{option}</span>
                </label>
              ))}
              {f ? (
                <p id={`check-${question.id}-feedback`} className={f.correct ? "lesson-feedback is-correct" : "lesson-feedback is-wrong"}>
                  <strong>{f.correct ? "Correct." : `Not quite — the answer is “${question.options[f.answerIndex]}”.`}</strong> {f.explanation}
                </p>
              ) : null}
            </fieldset>
          );
        })}
        <button type="submit" className="button button-secondary" disabled={busy}>
          {busy ? "Checking…" : "Check my answers"}
        </button>
      </Form>
    </section>
  );
}

function CompleteLesson({ completed, nextId, moduleId }: { completed: boolean; nextId: string | null; moduleId: string }) {
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "complete";
  const justCompleted = actionData?.intent === "complete";
  return (
    <section className="card lesson-complete" aria-labelledby="lesson-complete-heading">
      <h2 id="lesson-complete-heading">{completed ? "You've completed this lesson" : "Finished this lesson?"}</h2>
      <div role="status">
        {justCompleted && completed ? (
          <p>Marked complete. {nextId ? "On to the next lesson when you're ready." : "That's the last lesson in this module."}</p>
        ) : null}
      </div>
      {completed ? (
        <div className="button-row">
          <Link to={nextId ? lessonHref(nextId) : `/learning/module/${moduleId}`} className="button button-primary">
            {nextId ? "Go to the next lesson" : "Back to the module"}
          </Link>
        </div>
      ) : (
        <Form method="post" replace preventScrollReset>
          <input type="hidden" name="intent" value="complete" />
          <p>Mark it complete to track your progress through the module.</p>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? "Saving…" : "Mark complete"}
          </button>
        </Form>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return NOT_FOUND_META;
  return [
    ...pageMeta(matches, {
      title: `${data.lesson.title} · ${data.module.title}`,
      description: data.lesson.summary,
      path: `/learning/lesson/${data.lesson.id}`,
    }),
    NOINDEX,
  ];
};
