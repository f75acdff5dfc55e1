import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { revisionPanelData } from "~/admin/revision-view.server";
import { createAuthContext } from "~/auth/context.server";
import { requireRole } from "~/auth/guards.server";
import { notFoundResponse } from "~/auth/permissions.server";
import { formatTimestamp } from "~/booking/time-zones";
import { MarkdownEditor } from "~/content/admin/ui/markdown-editor";
import { RevisionsPanel } from "~/content/admin/ui/revisions-panel";
import { renderMarkdown } from "~/content/markdown.server";
import { FormError } from "~/components/ui/form-error";
import { LEARNING_STATUS_LABELS, LESSON_FIELD_LABELS } from "~/learning/admin-labels";
import { LEARNING_LIMITS, LessonFieldsSchema } from "~/learning/admin-schemas";
import { getLessonForAdmin, restoreLessonRevision, saveLesson, setLessonStatus } from "~/learning/admin.server";
import { NumberInput, TextArea, TextInput } from "~/learning/ui/admin-fields";
import { redirectWithToast } from "~/platform/toast.server";
import { editorFailure, QUESTION_INTENTS, questionAction, refusedSave, restoreFromForm, type EditorActionData } from "~/learning/admin-editor-actions.server";
import { listQuestionsForAdmin } from "~/learning/admin-questions.server";
import { isQuestionIntent, QuestionEditor } from "~/learning/ui/question-editor";
import { parseForm } from "~/utils/forms";
import { NOINDEX, pageMeta } from "~/utils/meta";

// A lesson's editor (/admin/learning/lessons/{id}): its text in markdown with a live preview (the
// lesson page's own renderer), its order and drip, publish or unpublish, its knowledge check's
// questions (saved at once, see admin-questions.server.ts) and its revisions. A saved
// change to a published lesson is what learners read from the next page load.

const ID_MAX = 200;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const id = params.lessonId ?? "";
  const found = id.length <= ID_MAX ? await getLessonForAdmin(context.db, id) : null;
  if (!found) throw notFoundResponse();
  const revisions = await revisionPanelData(context.db, "learning_lesson", id, {
    url: new URL(request.url),
    timeZone: viewer.timeZone,
    labels: LESSON_FIELD_LABELS,
  });
  return {
    lesson: {
      id,
      status: found.row.status,
      updated: formatTimestamp(found.row.updatedAt, viewer.timeZone),
      updatedAt: found.row.updatedAt,
      hasVideo: found.row.videoKey !== null,
    },
    module: found.module,
    fields: found.fields,
    bodyHtml: renderMarkdown(found.fields.bodyMd).html,
    questions: await listQuestionsForAdmin(context.db, { moduleId: found.module.id, lessonId: id }),
    revisions,
  };
}

type ActionData = EditorActionData;

const INTENTS = ["save", "publish", "unpublish", "restore", ...QUESTION_INTENTS] as const;

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const id = params.lessonId ?? "";
  if (id.length > ID_MAX) throw notFoundResponse();
  const here = `/admin/learning/lessons/${encodeURIComponent(id)}`;
  const secret = context.env.SESSION_SECRET;
  const form = await request.formData();
  const intent = INTENTS.find((name) => name === form.get("intent"));
  if (!intent) return data<ActionData>({ intent: "", errors: { form: "Choose what to do." } }, { status: 400 });
  const { ipHash } = await createAuthContext(request, context);
  const actor = { actorId: viewer.id, ipHash };
  try {
    switch (intent) {
      case "save": {
        const parsed = parseForm(form, LessonFieldsSchema);
        if (!parsed.success) return refusedSave(form, LessonFieldsSchema, parsed.errors);
        await saveLesson(context.db, id, parsed.data, actor);
        return redirectWithToast(here, { title: "Lesson saved", description: "A new revision was added.", variant: "success" }, secret);
      }
      case "publish":
      case "unpublish": {
        const changed = await setLessonStatus(context.db, id, intent === "publish" ? "published" : "draft", actor);
        const title =
          intent === "publish" ? (changed ? "Lesson published" : "It was already published") : changed ? "Lesson unpublished" : "It was already a draft";
        return redirectWithToast(here, { title, variant: changed ? "success" : undefined }, secret);
      }
      case "restore":
        return await restoreFromForm(form, here, secret, (revision) => restoreLessonRevision(context.db, id, revision, actor));
      default: {
        const found = await getLessonForAdmin(context.db, id);
        if (!found) throw notFoundResponse();
        return await questionAction(intent, form, context.db, { moduleId: found.module.id, lessonId: id }, actor, here, secret);
      }
    }
  } catch (error) {
    return editorFailure(error, intent);
  }
}

export default function AdminLearningLesson() {
  const { lesson, module, fields, bodyHtml, questions, revisions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const values = actionData?.intent === "save" ? actionData.values : undefined;
  const value = (name: keyof typeof fields) => values?.[name] ?? String(fields[name] ?? "");
  const published = lesson.status === "published";
  const visible = published && module.status === "published";
  return (
    <section aria-labelledby="lesson-heading" className="learning-editor">
      <p>
        <Link to={`/admin/learning/${encodeURIComponent(module.id)}`}>← Back to {module.title}</Link>
      </p>
      <h2 id="lesson-heading">{fields.title}</h2>
      <p>
        <span className={`badge learning-status learning-status-${lesson.status}`}>{LEARNING_STATUS_LABELS[lesson.status]}</span> Last changed{" "}
        <time dateTime={lesson.updatedAt}>{lesson.updated}</time>
        {visible ? (
          <>
            {" · "}
            <Link to={`/learning/lesson/${encodeURIComponent(lesson.id)}`}>View the lesson</Link>
          </>
        ) : null}
      </p>
      <FormError id="lesson-form-error" message={isQuestionIntent(actionData?.intent) ? undefined : errors.form} />

      <Form method="post" className="card learning-status-form" aria-label="Publishing">
        <input type="hidden" name="intent" value={published ? "unpublish" : "publish"} />
        <p>
          {published
            ? module.status === "published"
              ? "Learners can see this lesson. Saved changes show at once."
              : "Published, but its module is a draft, so learners can't see it yet."
            : "Learners can't see this lesson until it's published."}
        </p>
        <button type="submit" className={published ? "button button-secondary" : "button button-primary"} disabled={busy}>
          {published ? "Unpublish lesson" : "Publish lesson"}
        </button>
      </Form>

      <Form method="post" className="learning-form" key={lesson.updatedAt} aria-labelledby="lesson-fields-heading">
        <h3 id="lesson-fields-heading">Lesson</h3>
        <input type="hidden" name="intent" value="save" />
        <TextInput name="title" label="Title" defaultValue={value("title")} error={errors.title} maxLength={LEARNING_LIMITS.title} />
        <TextArea
          name="summary"
          label="Summary"
          hint="One sentence for the module's outline."
          defaultValue={value("summary")}
          error={errors.summary}
          rows={2}
        />
        <MarkdownEditor
          name="bodyMd"
          label="Lesson text"
          hint="Markdown: ## for a heading, - for a list, **bold**, [a link](https://…)."
          defaultValue={value("bodyMd")}
          initialHtml={bodyHtml}
          error={errors.bodyMd}
          required
        />
        <div className="learning-form-grid">
          <NumberInput
            name="estimatedMinutes"
            label="Estimated minutes"
            defaultValue={value("estimatedMinutes")}
            error={errors.estimatedMinutes}
            min={1}
            max={LEARNING_LIMITS.minutes}
          />
          <NumberInput
            name="position"
            label="Order in the module"
            defaultValue={value("position")}
            error={errors.position}
            min={1}
            max={LEARNING_LIMITS.position}
          />
          <NumberInput
            name="releaseAfterDays"
            label="Opens after (days)"
            hint="Days after the learner starts the module. Leave blank to open it at once."
            defaultValue={value("releaseAfterDays")}
            error={errors.releaseAfterDays}
            min={0}
            max={LEARNING_LIMITS.releaseDays}
            required={false}
          />
        </div>
        {lesson.hasVideo ? <p className="hint">This lesson has a video with captions; they are kept as they are.</p> : null}
        <button type="submit" className="button button-primary" disabled={busy}>
          Save lesson
        </button>
      </Form>

      <QuestionEditor
        heading="Knowledge check"
        intro={`Questions at the end of the lesson; learners check their answers and see each explanation. They save at once, without a revision${visible ? ", and learners see a change from their next visit" : ""}.`}
        empty="No questions yet: the lesson has no knowledge check."
        questions={questions}
        actionData={actionData}
        busy={busy}
      />

      <RevisionsPanel revisions={revisions.revisions} compare={revisions.compare} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaded, params }) => [
  ...pageMeta(matches, {
    title: `${loaded?.fields.title ?? "Lesson"} · Learning · Admin`,
    description: "Edit a learning lesson.",
    path: `/admin/learning/lessons/${params.lessonId ?? ""}`,
  }),
  NOINDEX,
];
