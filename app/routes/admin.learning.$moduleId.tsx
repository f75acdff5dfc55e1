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
import { SelectField } from "~/components/ui/select-field";
import { LEARNING_ACCESS_LABELS, LEARNING_LEVEL_LABELS, LEARNING_STATUS_LABELS, MODULE_FIELD_LABELS } from "~/learning/admin-labels";
import { LEARNING_LIMITS, ModuleFieldsSchema, NewItemSchema } from "~/learning/admin-schemas";
import { createLesson, getModuleForAdmin, restoreModuleRevision, saveModule, setModuleStatus } from "~/learning/admin.server";
import { LEARNING_TOPICS } from "~/learning/types";
import { redirectWithToast } from "~/platform/toast.server";
import { editorFailure, QUESTION_INTENTS, questionAction, refusedSave, restoreFromForm, type EditorActionData } from "~/learning/admin-editor-actions.server";
import { listQuestionsForAdmin } from "~/learning/admin-questions.server";
import { isQuestionIntent, QuestionEditor } from "~/learning/ui/question-editor";
import { parseForm } from "~/utils/forms";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { NumberInput, TextArea, TextInput } from "~/learning/ui/admin-fields";

// A learning module's editor (/admin/learning/{id}): its fields (the overview in markdown with a
// live preview), publish or unpublish, its lessons (each opens its own editor; a new one starts as a
// draft), its quiz's questions (saved at once, see admin-questions.server.ts) and its revisions
// (compare, restore).

const ID_MAX = 120;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const id = params.moduleId ?? "";
  const found = id.length <= ID_MAX ? await getModuleForAdmin(context.db, id) : null;
  if (!found) throw notFoundResponse();
  const revisions = await revisionPanelData(context.db, "learning_module", id, {
    url: new URL(request.url),
    timeZone: viewer.timeZone,
    labels: MODULE_FIELD_LABELS,
  });
  return {
    module: { id, status: found.row.status, updated: formatTimestamp(found.row.updatedAt, viewer.timeZone), updatedAt: found.row.updatedAt },
    fields: found.fields,
    overviewHtml: renderMarkdown(found.fields.overviewMd).html,
    lessons: found.lessons,
    questions: await listQuestionsForAdmin(context.db, { moduleId: id, lessonId: null }),
    revisions,
  };
}

type ActionData = EditorActionData;

const INTENTS = ["save", "publish", "unpublish", "add-lesson", "restore", ...QUESTION_INTENTS] as const;

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const id = params.moduleId ?? "";
  if (id.length > ID_MAX) throw notFoundResponse();
  const here = `/admin/learning/${encodeURIComponent(id)}`;
  const secret = context.env.SESSION_SECRET;
  const form = await request.formData();
  const intent = INTENTS.find((name) => name === form.get("intent"));
  if (!intent) return data<ActionData>({ intent: "", errors: { form: "Choose what to do." } }, { status: 400 });
  const { ipHash } = await createAuthContext(request, context);
  const actor = { actorId: viewer.id, ipHash };
  try {
    switch (intent) {
      case "save": {
        const parsed = parseForm(form, ModuleFieldsSchema);
        if (!parsed.success) return refusedSave(form, ModuleFieldsSchema, parsed.errors);
        await saveModule(context.db, id, parsed.data, actor);
        return redirectWithToast(here, { title: "Module saved", description: "A new revision was added.", variant: "success" }, secret);
      }
      case "publish":
      case "unpublish": {
        const changed = await setModuleStatus(context.db, id, intent === "publish" ? "published" : "draft", actor);
        const title =
          intent === "publish" ? (changed ? "Module published" : "It was already published") : changed ? "Module unpublished" : "It was already a draft";
        const description =
          intent === "publish" ? "Learners can see it in the learning hub now." : "It's hidden from the learning hub; learners' progress is kept.";
        return redirectWithToast(here, { title, description: changed ? description : undefined, variant: changed ? "success" : undefined }, secret);
      }
      case "add-lesson": {
        const parsed = parseForm(form, NewItemSchema);
        if (!parsed.success) return data<ActionData>({ intent, errors: { lessonTitle: parsed.errors.title ?? "Enter the title." } }, { status: 400 });
        const lessonId = await createLesson(context.db, id, parsed.data.title, actor);
        return redirectWithToast(
          `/admin/learning/lessons/${encodeURIComponent(lessonId)}`,
          { title: "Lesson created", description: "It's a draft: write it, then publish it.", variant: "success" },
          secret,
        );
      }
      case "restore":
        return await restoreFromForm(form, here, secret, (revision) => restoreModuleRevision(context.db, id, revision, actor));
      default: {
        if (!(await getModuleForAdmin(context.db, id))) throw notFoundResponse();
        return await questionAction(intent, form, context.db, { moduleId: id, lessonId: null }, actor, here, secret);
      }
    }
  } catch (error) {
    return editorFailure(error, intent);
  }
}

export default function AdminLearningModule() {
  const { module, fields, overviewHtml, lessons, questions, revisions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const values = actionData?.intent === "save" ? actionData.values : undefined;
  const value = (name: keyof typeof fields) => values?.[name] ?? (name === "outcomes" ? fields.outcomes.join("\n") : String(fields[name]));
  const published = module.status === "published";
  return (
    <section aria-labelledby="module-heading" className="learning-editor">
      <p>
        <Link to="/admin/learning">← Back to the modules</Link>
      </p>
      <h2 id="module-heading">{fields.title}</h2>
      <p>
        <span className={`badge learning-status learning-status-${module.status}`}>{LEARNING_STATUS_LABELS[module.status]}</span> Last changed{" "}
        <time dateTime={module.updatedAt}>{module.updated}</time>
        {published ? (
          <>
            {" · "}
            <Link to={`/learning/module/${encodeURIComponent(module.id)}`}>View in the learning hub</Link>
          </>
        ) : null}
      </p>
      <FormError id="module-form-error" message={isQuestionIntent(actionData?.intent) ? undefined : errors.form} />

      <Form method="post" className="card learning-status-form" aria-label="Publishing">
        <input type="hidden" name="intent" value={published ? "unpublish" : "publish"} />
        <p>{published ? "Learners can see this module and its published lessons." : "Learners can't see this module until it's published."}</p>
        <button type="submit" className={published ? "button button-secondary" : "button button-primary"} disabled={busy}>
          {published ? "Unpublish module" : "Publish module"}
        </button>
      </Form>

      <Form method="post" className="learning-form" key={module.updatedAt} aria-labelledby="module-fields-heading">
        <h3 id="module-fields-heading">Details</h3>
        <input type="hidden" name="intent" value="save" />
        <TextInput name="title" label="Title" defaultValue={value("title")} error={errors.title} maxLength={LEARNING_LIMITS.title} />
        <TextArea
          name="summary"
          label="Summary"
          hint="One or two sentences for the hub's module card."
          defaultValue={value("summary")}
          error={errors.summary}
          rows={3}
        />
        <MarkdownEditor name="overviewMd" label="Overview" defaultValue={value("overviewMd")} initialHtml={overviewHtml} error={errors.overviewMd} rows={12} />
        <TextArea
          name="outcomes"
          label="Outcomes"
          hint={`What a learner can do after the module, one a line (up to ${LEARNING_LIMITS.outcomes}).`}
          defaultValue={value("outcomes")}
          error={errors.outcomes}
          rows={5}
        />
        <div className="learning-form-grid">
          <SelectField
            id="field-topic"
            name="topic"
            label="Topic"
            defaultValue={value("topic")}
            error={errors.topic}
            options={Object.entries(LEARNING_TOPICS).map(([v, label]) => ({ value: v, label }))}
          />
          <SelectField
            id="field-level"
            name="level"
            label="Level"
            defaultValue={value("level")}
            error={errors.level}
            options={Object.entries(LEARNING_LEVEL_LABELS).map(([v, label]) => ({ value: v, label }))}
          />
          <SelectField
            id="field-access"
            name="access"
            label="Who can open it"
            defaultValue={value("access")}
            error={errors.access}
            options={Object.entries(LEARNING_ACCESS_LABELS).map(([v, label]) => ({ value: v, label }))}
          />
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
            label="Order in the hub"
            defaultValue={value("position")}
            error={errors.position}
            min={1}
            max={LEARNING_LIMITS.position}
          />
          <NumberInput
            name="quizPassPercent"
            label="Quiz pass mark (%)"
            defaultValue={value("quizPassPercent")}
            error={errors.quizPassPercent}
            min={LEARNING_LIMITS.passPercentMin}
            max={100}
          />
        </div>
        <button type="submit" className="button button-primary" disabled={busy}>
          Save module
        </button>
      </Form>

      <section aria-labelledby="lessons-heading" className="learning-lessons">
        <h3 id="lessons-heading">Lessons</h3>
        {lessons.length === 0 ? (
          <p>No lessons yet.</p>
        ) : (
          <ol className="learning-lesson-list">
            {lessons.map((lesson) => (
              <li key={lesson.id}>
                <Link to={`/admin/learning/lessons/${encodeURIComponent(lesson.id)}`}>{lesson.title}</Link>{" "}
                <span className={`badge learning-status learning-status-${lesson.status}`}>{LEARNING_STATUS_LABELS[lesson.status]}</span>
              </li>
            ))}
          </ol>
        )}
        <Form method="post" className="learning-new">
          <input type="hidden" name="intent" value="add-lesson" />
          <TextInput
            name="title"
            id="new-lesson-title"
            label="New lesson's title"
            defaultValue=""
            error={errors.lessonTitle}
            maxLength={LEARNING_LIMITS.title}
          />
          <button type="submit" className="button button-secondary" disabled={busy}>
            Add draft lesson
          </button>
        </Form>
      </section>

      <QuestionEditor
        heading="Quiz"
        intro={`The end-of-module quiz: learners pass with ${fields.quizPassPercent}% or more (the pass mark is in the details above). Questions save at once, without a revision${published ? ", and learners see a change from their next visit" : ""}. A module with no questions has no quiz; its certificate needs its lessons only. Past attempts keep their scores.`}
        empty="No quiz questions yet: this module has no quiz."
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
    title: `${loaded?.fields.title ?? "Module"} · Learning · Admin`,
    description: "Edit a learning module.",
    path: `/admin/learning/${params.moduleId ?? ""}`,
  }),
  NOINDEX,
];
