import { Form, Link } from "@remix-run/react";
import { FormError } from "~/components/ui/form-error";

// The coach's side of assigned lessons, shared by the session record (/meeting/{id}/record) and the
// client's page (/coach/clients/{id}): the lessons assigned to this client with their completion,
// and the form that assigns one (or changes the due date or note of one already assigned). Works
// without JavaScript: a plain POST with intent "assign-lesson".

export const ASSIGN_INTENT = "assign-lesson";
export const UNASSIGN_INTENT = "unassign-lesson";

export type AssignFormResult = { errors: Record<string, string>; values?: { lessonId?: string; dueOn?: string; note?: string } } | null;

export type AssignedLessonView = {
  id: string;
  lessonId: string;
  lessonTitle: string;
  moduleTitle: string;
  dueOn: string | null;
  /** The due date in words, or null. */
  due: string | null;
  note: string;
  completedAt: string | null;
  /** The completion date in words, or null. */
  completed: string | null;
  overdue: boolean;
};

export type AssignLessonProps = {
  clientName: string;
  lessons: { id: string; title: string; lessons: { id: string; title: string }[] }[];
  assigned: AssignedLessonView[];
  /** Today (YYYY-MM-DD, Sydney): the earliest due date. */
  today: string;
  noteMax: number;
  result: AssignFormResult;
  busy: boolean;
  /** Offer "Remove" on each assignment (the client's page). */
  removable?: boolean;
  /** Headings one level below the page's section (h2 on the client's page, h3 inside a panel). */
  headingLevel?: 2 | 3;
};

export function AssignedLessonsList({ assigned, removable, clientName }: { assigned: AssignedLessonView[]; removable?: boolean; clientName: string }) {
  if (!assigned.length) return <p className="hint">No lessons assigned to {clientName} yet.</p>;
  const done = assigned.filter((item) => item.completedAt).length;
  return (
    <>
      <p>
        {done} of {assigned.length} assigned {assigned.length === 1 ? "lesson" : "lessons"} completed.
      </p>
      <ul className="portal-list assigned-lessons">
        {assigned.map((item) => (
          <li key={item.id} className="portal-item" data-testid="assigned-lesson">
            <p>
              <strong>
                <Link to={`/learning/lesson/${item.lessonId}`}>{item.lessonTitle}</Link>
              </strong>{" "}
              <span className="hint">({item.moduleTitle})</span>
            </p>
            <p>
              {item.completed ? (
                <span className="status-pill" data-status="completed">
                  Completed {item.completed}
                </span>
              ) : (
                <span className="status-pill" data-status={item.overdue ? "no_show" : "confirmed"}>
                  {item.overdue ? "Overdue" : "Not completed yet"}
                </span>
              )}{" "}
              · {item.due ? <>Due {item.due}</> : "No due date"}
            </p>
            {item.note ? <p className="shared-summary">{item.note}</p> : null}
            {removable ? (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value={UNASSIGN_INTENT} />
                <input type="hidden" name="assignmentId" value={item.id} />
                <button type="submit" className="button button-secondary button-small">
                  Remove<span className="visually-hidden"> the assignment of {item.lessonTitle}</span>
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

export function AssignLessonForm({ clientName, lessons, today, noteMax, result, busy, headingLevel = 3 }: Omit<AssignLessonProps, "assigned">) {
  const errors = result?.errors ?? {};
  const values = result?.values ?? {};
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const described = (name: string, hint?: string) => [hint, errors[name] ? `assign-${name}-error` : null].filter(Boolean).join(" ") || undefined;
  const fieldError = (name: string) =>
    errors[name] ? (
      <p className="field-error" id={`assign-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;
  return (
    <Form method="post" className="form assign-lesson-form" preventScrollReset aria-labelledby="assign-lesson-heading">
      <Heading id="assign-lesson-heading">Assign a lesson</Heading>
      <p className="hint">
        {clientName} sees it at the top of their learning hub and gets an email. It opens for them whatever the module&apos;s plan or schedule. Assigning a
        lesson again changes its due date and note.
      </p>
      <input type="hidden" name="intent" value={ASSIGN_INTENT} />
      <FormError message={errors.form} />
      <div className="field">
        <label htmlFor="assign-lessonId">Lesson</label>
        <select
          id="assign-lessonId"
          name="lessonId"
          required
          defaultValue={values.lessonId ?? ""}
          aria-invalid={errors.lessonId ? true : undefined}
          aria-describedby={described("lessonId")}
        >
          <option value="" disabled>
            Choose a lesson
          </option>
          {lessons.map((module) => (
            <optgroup key={module.id} label={module.title}>
              {module.lessons.map((lesson) => (
                <option key={lesson.id} value={lesson.id}>
                  {lesson.title}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        {fieldError("lessonId")}
      </div>
      <div className="field">
        <label htmlFor="assign-dueOn">Due date (optional)</label>
        <input
          id="assign-dueOn"
          name="dueOn"
          type="date"
          min={today}
          defaultValue={values.dueOn ?? ""}
          aria-invalid={errors.dueOn ? true : undefined}
          aria-describedby={described("dueOn")}
        />
        {fieldError("dueOn")}
      </div>
      <div className="field">
        <label htmlFor="assign-note">Note for {clientName} (optional)</label>
        <p className="hint" id="assign-note-hint">
          Why this lesson, and what to bring to your next session. {clientName} reads it in the email and on their learning hub.
        </p>
        <textarea
          id="assign-note"
          name="note"
          rows={3}
          maxLength={noteMax}
          defaultValue={values.note ?? ""}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={described("note", "assign-note-hint")}
        />
        {fieldError("note")}
      </div>
      <div className="button-row">
        <button type="submit" className="button button-small" disabled={busy}>
          {busy ? "Assigning…" : "Assign lesson"}
        </button>
      </div>
    </Form>
  );
}
