import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { PageHero } from "~/components/page-hero";
import { loadModulePage, type ModuleLessonRow, type ModulePageData, type UnlockPath } from "~/learning/module-page.server";
import stylesHref from "~/styles/learning-module.css?url";
import { NOINDEX, pageMeta } from "~/utils/meta";

// /learning/module/{id}: the module's overview and outcomes, its lessons with the learner's
// completion and what keeps a lesson shut, the quiz result and the certificate. A locked module shows
// what it contains and how to unlock it; an unknown or draft module is the 404.

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  return loadModulePage(context, viewer, params.moduleId);
}

const UNLOCK: Record<UnlockPath, { heading: string; text: string; href: string; action: string }> = {
  subscribers: {
    heading: "This module is part of ClarityAI",
    text: "Its lessons, worksheets and quiz open with a ClarityAI subscription (Lite or Pro), along with the 24/7 AI business coach. You can look through what it covers below.",
    href: "/services/clarityai#plans",
    action: "See the ClarityAI plans",
  },
  package: {
    heading: "This module comes with a coaching package",
    text: "Its lessons, worksheets and quiz open when you buy a package of coaching sessions, so you can work through it with your coach. You can look through what it covers below.",
    href: "/booking",
    action: "See the coaching packages",
  },
};

export default function LearningModule() {
  const data = useLoaderData<typeof loader>();
  const { module, locked, progress, nextLesson } = data;
  return (
    <>
      <PageHero
        eyebrow={`Learning hub · ${module.topic}`}
        title={module.title}
        lead={module.summary}
        crumbs={[{ label: "Learning hub", to: "/learning" }, { label: module.title }]}
      >
        {locked ? (
          <Link to={UNLOCK[locked.unlock].href} className="button button-primary">
            {UNLOCK[locked.unlock].action}
          </Link>
        ) : nextLesson ? (
          <Link to={`/learning/lesson/${nextLesson.id}`} className="button button-primary">
            {progress.complete > 0 || progress.started ? `Continue: ${nextLesson.title}` : "Start the module"}
          </Link>
        ) : data.quiz && !data.quiz.passed ? (
          <Link to={`/learning/module/${module.id}/quiz`} className="button button-primary">
            Take the quiz
          </Link>
        ) : null}
      </PageHero>

      <div className="section course-module">
        <div className="container course-module-grid">
          <div className="course-module-main">
            <dl className="course-module-facts" aria-label="About this module">
              <div>
                <dt>Level</dt>
                <dd>{module.level}</dd>
              </div>
              <div>
                <dt>Time</dt>
                <dd>About {formatMinutes(module.estimatedMinutes)}</dd>
              </div>
              <div>
                <dt>Lessons</dt>
                <dd>{progress.total}</dd>
              </div>
            </dl>

            {locked ? <LockedNotice unlock={locked.unlock} /> : <ProgressBar complete={progress.complete} total={progress.total} />}

            <section aria-labelledby="overview-heading" className="course-module-block">
              <h2 id="overview-heading">Overview</h2>
              <div className="prose" dangerouslySetInnerHTML={{ __html: module.overviewHtml }} />
              {module.outcomes.length ? (
                <>
                  <h3>What you'll be able to do</h3>
                  <ul className="course-outcomes">
                    {module.outcomes.map((outcome) => (
                      <li key={outcome}>{outcome}</li>
                    ))}
                  </ul>
                </>
              ) : null}
            </section>

            <section aria-labelledby="lessons-heading" className="course-module-block">
              <h2 id="lessons-heading">Lessons</h2>
              <ol className="course-lessons">
                {data.lessons.map((lesson) => (
                  <LessonItem key={lesson.id} lesson={lesson} />
                ))}
              </ol>
            </section>
          </div>

          <aside className="course-module-side" aria-label="Quiz and certificate">
            <QuizPanel data={data} />
            <CertificatePanel data={data} />
          </aside>
        </div>
      </div>
    </>
  );
}

function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `${hours} ${hours === 1 ? "hour" : "hours"}${rest ? ` ${rest} minutes` : ""}`;
}

function ProgressBar({ complete, total }: { complete: number; total: number }) {
  const label = `${complete} of ${total} ${total === 1 ? "lesson" : "lessons"} complete`;
  return (
    <div className="course-progress">
      <progress max={Math.max(total, 1)} value={complete} aria-labelledby="module-progress-label" />
      <p id="module-progress-label">{label}</p>
    </div>
  );
}

function LockedNotice({ unlock }: { unlock: UnlockPath }) {
  const copy = UNLOCK[unlock];
  return (
    <section className="notice course-locked" aria-labelledby="locked-heading">
      <h2 id="locked-heading">{copy.heading}</h2>
      <p>{copy.text}</p>
      <p>
        <Link to={copy.href} className="button button-primary button-small">
          {copy.action}
        </Link>
      </p>
      <p className="course-muted">A lesson your coach assigns you opens straight away, whatever the module's access.</p>
    </section>
  );
}

function LessonItem({ lesson }: { lesson: ModuleLessonRow }) {
  const open = lesson.gate.state === "open";
  const status = lesson.complete
    ? { text: "Completed", kind: "done" }
    : lesson.gate.state === "locked"
      ? { text: "Locked", kind: "locked" }
      : lesson.gate.state === "scheduled"
        ? { text: `Opens ${lesson.gate.opensLabel}`, kind: "scheduled" }
        : { text: "Not completed yet", kind: "todo" };
  return (
    <li className="course-lesson" data-state={status.kind}>
      <span className="course-lesson-mark" aria-hidden="true">
        {lesson.complete ? "✓" : lesson.position}
      </span>
      <div>
        <h3 className="course-lesson-title">{open ? <Link to={`/learning/lesson/${lesson.id}`}>{lesson.title}</Link> : lesson.title}</h3>
        <p>{lesson.summary}</p>
        <p className="course-lesson-meta">
          <span className={`course-status course-status-${status.kind}`}>{status.text}</span>
          <span>{lesson.estimatedMinutes} min</span>
          {lesson.hasVideo ? <span>Video and transcript</span> : null}
          {lesson.assigned ? <span className="badge">Assigned by your coach</span> : null}
        </p>
      </div>
    </li>
  );
}

function QuizPanel({ data }: { data: ModulePageData }) {
  const { quiz, module, locked } = data;
  if (!quiz) return null;
  return (
    <section className="card course-module-card" aria-labelledby="quiz-heading">
      <h2 id="quiz-heading">Module quiz</h2>
      <p>
        {quiz.questionCount} questions. You pass with {quiz.passPercent}% or more, and you can retake it as often as you like.
      </p>
      {quiz.best ? (
        <p className="course-quiz-result" data-passed={quiz.passed ? "true" : "false"}>
          {quiz.passed ? <strong>Passed.</strong> : <strong>Not passed yet.</strong>} Your best score: {quiz.best.correct} of {quiz.best.total} (
          {quiz.best.percent}%).
          {quiz.latest ? ` Last attempt on ${quiz.latest.on}.` : null}
        </p>
      ) : (
        <p>You haven't taken the quiz yet. It's best taken once you've worked through the lessons.</p>
      )}
      {locked ? null : (
        <Link to={`/learning/module/${module.id}/quiz`} className={`button ${quiz.passed ? "button-secondary" : "button-primary"} button-small`}>
          {quiz.attempts ? "Retake the quiz" : "Take the quiz"}
        </Link>
      )}
    </section>
  );
}

function CertificatePanel({ data }: { data: ModulePageData }) {
  const { certificate, certificateNeeds, module } = data;
  return (
    <section className="card course-module-card" aria-labelledby="certificate-heading">
      <h2 id="certificate-heading">Certificate of completion</h2>
      {certificate ? (
        <>
          <p>You completed this module on {certificate.issuedOn}. Well done!</p>
          <p>
            <a href={`/learning/module/${module.id}/certificate.pdf`} className="button button-primary button-small" download>
              Download your certificate (PDF)
            </a>
          </p>
          <p className="course-muted">
            Anyone can check it's genuine at <a href={certificate.verifyUrl}>{certificate.verifyUrl}</a> (certificate ID {certificate.id}).
          </p>
        </>
      ) : (
        <>
          <p>Complete every lesson{data.quiz ? " and pass the quiz" : ""} to earn a certificate with your name, the module and the date.</p>
          {certificateNeeds ? (
            <ul className="course-needs">
              {certificateNeeds.lessons > 0 ? (
                <li>
                  {certificateNeeds.lessons} {certificateNeeds.lessons === 1 ? "lesson" : "lessons"} to complete
                </li>
              ) : null}
              {certificateNeeds.quiz ? <li>The quiz to pass</li> : null}
              {certificateNeeds.name ? (
                <li>
                  Your name for the certificate: <Link to="/profile?tab=details">add it to your profile</Link>
                </li>
              ) : null}
            </ul>
          ) : null}
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta(matches, {
    title: data ? data.module.title : "Learning Module",
    description: data ? data.module.summary : "A learning module for ClarityAI Coaching members.",
    path: data ? `/learning/module/${data.module.id}` : "/learning",
  }),
  NOINDEX,
];
