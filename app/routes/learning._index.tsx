import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { PageHero } from "~/components/page-hero";
import { SelectField } from "~/components/ui/select-field";
import type { AssignedLesson } from "~/learning/assignments.server";
import { loadLearningHub, type ContinueLesson, type HubModule } from "~/learning/hub.server";
import { LEARNING_TOPICS, LEVEL_LABELS } from "~/learning/types";
import { ACCESS_LABELS, formatCalendarDay, formatMinutes, MODULE_STATUSES, UNLOCK_PATHS } from "~/learning/ui/labels";
import { NOINDEX, pageMeta } from "~/utils/meta";

// The learning hub: what the coach assigned, where the learner left off, and every module with its
// level, time, lock state and progress, filtered by topic and status through the query string (a
// plain GET form, so the filters work without JavaScript).

const todayIn = (zone: string, now: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const hub = await loadLearningHub(context, viewer, new URL(request.url).searchParams);
  return { ...hub, firstName: viewer.firstName, today: todayIn(viewer.timeZone ?? "Australia/Sydney", context.services.clock.now()) };
}

const TOPIC_OPTIONS = Object.entries(LEARNING_TOPICS).map(([value, label]) => ({ value, label }));
const STATUS_OPTIONS = Object.entries(MODULE_STATUSES).map(([value, label]) => ({ value, label }));

function ProgressBar({ completed, total, label }: { completed: number; total: number; label: string }) {
  const percent = total > 0 ? Math.round((completed / total) * 100) : 0;
  return (
    <div className="learning-progress">
      <progress max={total || 1} value={completed} aria-label={label} />
      <span>{`${completed} of ${total} ${total === 1 ? "lesson" : "lessons"} complete (${percent}%)`}</span>
    </div>
  );
}

function AssignedLessons({ assignments, today }: { assignments: AssignedLesson[]; today: string }) {
  return (
    <section className="learning-block" aria-labelledby="assigned-heading">
      <h2 id="assigned-heading">Assigned by your coach</h2>
      <ul className="learning-assigned">
        {assignments.map((assignment) => {
          const overdue = !assignment.completedAt && assignment.dueOn !== null && assignment.dueOn < today;
          return (
            <li key={assignment.id} className="card learning-assigned-item">
              <p className="learning-meta">
                {assignment.moduleTitle} · from {assignment.coachName}
              </p>
              <h3>
                <Link to={`/learning/lesson/${assignment.lessonId}`}>{assignment.lessonTitle}</Link>
              </h3>
              {assignment.note ? <p className="learning-note">“{assignment.note}”</p> : null}
              <p className="learning-meta">
                {assignment.completedAt ? (
                  <span className="badge">Done</span>
                ) : overdue ? (
                  <span className="badge badge-warning">Overdue</span>
                ) : (
                  <span className="badge badge-muted">To do</span>
                )}{" "}
                {assignment.dueOn ? <>Due {formatCalendarDay(assignment.dueOn)}</> : "No due date"}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function ContinueCard({ lesson }: { lesson: ContinueLesson }) {
  return (
    <section className="learning-block" aria-labelledby="continue-heading">
      <div className="card learning-continue">
        <h2 id="continue-heading">Continue where you left off</h2>
        <p className="learning-meta">{lesson.moduleTitle}</p>
        <p className="learning-continue-title">{lesson.lessonTitle}</p>
        <ProgressBar completed={lesson.completedCount} total={lesson.lessonCount} label={`Progress in ${lesson.moduleTitle}`} />
        <p className="button-row">
          <Link to={`/learning/lesson/${lesson.lessonId}`} className="button button-primary">
            Continue lesson<span className="visually-hidden">: {lesson.lessonTitle}</span>
          </Link>
          <Link to={`/learning/module/${lesson.moduleId}`}>Module overview</Link>
        </p>
      </div>
    </section>
  );
}

function ModuleCard({ module }: { module: HubModule }) {
  const headingId = `module-${module.id}-title`;
  return (
    <li className="card learning-module" data-status={module.status}>
      <p className="learning-badges">
        <span className="badge">{LEARNING_TOPICS[module.topic]}</span> <span className="badge badge-muted">{LEVEL_LABELS[module.level]}</span>{" "}
        <span className="badge badge-muted">{ACCESS_LABELS[module.access]}</span>
      </p>
      <h3 id={headingId}>
        <Link to={`/learning/module/${module.id}`}>{module.title}</Link>
      </h3>
      <p>{module.summary}</p>
      <p className="learning-meta">
        {module.lessonCount} {module.lessonCount === 1 ? "lesson" : "lessons"} · about {formatMinutes(module.estimatedMinutes)}
      </p>
      {module.lock.open ? (
        <>
          <p className="learning-status">{MODULE_STATUSES[module.status]}</p>
          <ProgressBar completed={module.completedCount} total={module.lessonCount} label={`Progress in ${module.title}`} />
        </>
      ) : (
        <div className="learning-locked">
          <p>
            <span aria-hidden="true">🔒 </span>
            <strong>Locked.</strong> {UNLOCK_PATHS[module.lock.unlock].reason}
          </p>
          <p>
            <Link to={`/learning/module/${module.id}`}>
              See what's inside<span className="visually-hidden"> {module.title}</span>
            </Link>{" "}
            · <Link to={UNLOCK_PATHS[module.lock.unlock].href}>{UNLOCK_PATHS[module.lock.unlock].action}</Link>
          </p>
        </div>
      )}
    </li>
  );
}

export default function LearningHub() {
  const { firstName, assignments, continueLesson, modules, totalModules, filters, today } = useLoaderData<typeof loader>();
  const filtered = filters.topic !== null || filters.status !== null;
  return (
    <>
      <PageHero
        eyebrow="Learning hub"
        title={firstName ? `Your learning hub, ${firstName}` : "Your learning hub"}
        lead="Short, practical modules on cash flow, tax, pricing, systems, people and marketing — written by our coaches for Australian small businesses, with worksheets you fill in for your own business."
      />
      <div className="section learning-hub">
        <div className="container">
          {assignments.length > 0 ? <AssignedLessons assignments={assignments} today={today} /> : null}
          {continueLesson ? <ContinueCard lesson={continueLesson} /> : null}
          <section aria-labelledby="modules-heading">
            <h2 id="modules-heading">Modules</h2>
            <Form method="get" className="learning-filters" role="search" aria-label="Filter modules">
              <SelectField id="learning-topic" name="topic" label="Topic" defaultValue={filters.topic ?? ""} blank="Any topic" options={TOPIC_OPTIONS} />
              <SelectField id="learning-status" name="status" label="Status" defaultValue={filters.status ?? ""} blank="Any status" options={STATUS_OPTIONS} />
              <button type="submit" className="button button-secondary">
                Show modules
              </button>
              {filtered ? <Link to="/learning">Clear filters</Link> : null}
            </Form>
            <p className="learning-count" role="status">
              {filtered
                ? `Showing ${modules.length} of ${totalModules} ${totalModules === 1 ? "module" : "modules"}`
                : `${totalModules} ${totalModules === 1 ? "module" : "modules"}`}
            </p>
            {modules.length > 0 ? (
              <ul className="learning-modules">
                {modules.map((module) => (
                  <ModuleCard key={module.id} module={module} />
                ))}
              </ul>
            ) : totalModules === 0 ? (
              <p className="card">Our first modules are on their way. When they're ready you'll find them here.</p>
            ) : (
              <div className="card">
                <p>No modules match these filters.</p>
                <p>
                  <Link to="/learning">Show every module</Link>
                </p>
              </div>
            )}
          </section>
        </div>
      </div>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Learning Hub",
    description: "Practical business-coaching modules and lessons for ClarityAI Coaching members.",
    path: "/learning",
  }),
  NOINDEX,
];
