import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { revisionPanelData } from "~/admin/revision-view.server";
import { createAuthContext } from "~/auth/context.server";
import { requireRole } from "~/auth/guards.server";
import { notFoundResponse } from "~/auth/permissions.server";
import { formatTimestamp } from "~/booking/time-zones";
import { RevisionsPanel } from "~/content/admin/ui/revisions-panel";
import { isPageCopySlug, PAGE_COPY_KIND_LABELS, PAGE_COPY_LIMITS, pageCopyPath, splitParagraphs, type PageCopyFields } from "~/content/page-copy";
import { parsePageCopyForm } from "~/content/page-copy-form.server";
import { discardPageCopyDraft, getPageCopy, publishPageCopy, restorePageCopyRevision, savePageCopyDraft } from "~/content/page-copy.server";
import { describedByOf, FieldFrame } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import { TextArea, TextInput } from "~/learning/ui/admin-fields";
import { redirectWithToast } from "~/platform/toast.server";
import { parseForm } from "~/utils/forms";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { RevisionNumberSchema } from "~/learning/admin-schemas";

// A service or location page's copy (/admin/pages/{kind}/{slug}): the draft's fields, saved with a
// revision each time; publishing puts the draft on the public page (and refreshes the edge cache);
// discarding goes back to what is published.

const FIELD_LABELS: Record<string, string> = {
  headline: "Headline",
  lead: "Lead",
  introHeading: "Intro heading",
  intro: "Intro paragraphs",
  economy: "Local economy",
  faq: "Questions and answers",
};

/** Blank question rows after the page's own, to add one without JavaScript. */
const SPARE_FAQS = 2;

async function pageFor(context: LoaderFunctionArgs["context"], params: LoaderFunctionArgs["params"]) {
  if (!isPageCopySlug(params.kind, params.slug)) throw notFoundResponse();
  const page = await getPageCopy(context.db, params.kind, params.slug!);
  if (!page) throw notFoundResponse();
  return page;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const page = await pageFor(context, params);
  const revisions = await revisionPanelData(context.db, "page_copy", page.key, { url: new URL(request.url), timeZone: viewer.timeZone, labels: FIELD_LABELS });
  return {
    page: {
      kind: page.kind,
      slug: page.slug,
      title: page.title,
      status: page.status,
      path: pageCopyPath(page.kind, page.slug),
      updated: formatTimestamp(page.updatedAt, viewer.timeZone),
      updatedAt: page.updatedAt,
      published: page.publishedAt ? formatTimestamp(page.publishedAt, viewer.timeZone) : null,
    },
    draft: page.draft,
    revisions,
  };
}

type ActionData = { intent: string; errors: Record<string, string | undefined>; values?: PageCopyFields };

const INTENTS = ["save", "publish", "discard", "restore"] as const;

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const page = await pageFor(context, params);
  const here = `/admin/pages/${page.kind}/${encodeURIComponent(page.slug)}`;
  const secret = context.env.SESSION_SECRET;
  const form = await request.formData();
  const intent = INTENTS.find((name) => name === form.get("intent"));
  if (!intent) return data<ActionData>({ intent: "", errors: { form: "Choose what to do." } }, { status: 400 });
  const { ipHash } = await createAuthContext(request, context);
  const actor = { actorId: viewer.id, ipHash };
  switch (intent) {
    case "save": {
      const parsed = parsePageCopyForm(page.kind, form);
      if (!parsed.success) {
        // What was typed comes back as it was, so nothing is lost when the page is shown again.
        const raw = (name: string) => String(form.get(name) ?? "");
        const answers = form.getAll("faqAnswer").map(String);
        const values: PageCopyFields = {
          headline: raw("headline"),
          lead: raw("lead"),
          introHeading: raw("introHeading"),
          intro: splitParagraphs(raw("intro")),
          economy: raw("economy"),
          faq: form.getAll("faqQuestion").map((question, index) => ({ question: String(question), answer: answers[index] ?? "" })),
        };
        return data<ActionData>({ intent, errors: { form: "Check the fields marked below.", ...parsed.errors }, values }, { status: 400 });
      }
      const { status } = await savePageCopyDraft(context.db, page, parsed.data, actor);
      return redirectWithToast(
        here,
        {
          title: "Draft saved",
          description: status === "draft" ? "Publish it to show it on the page." : "It's the same as the published page.",
          variant: "success",
        },
        secret,
      );
    }
    case "publish": {
      const changed = await publishPageCopy(context.db, context.cloudflare.env, page, actor);
      return redirectWithToast(
        here,
        changed
          ? { title: "Published", description: "The page shows the new copy now.", variant: "success" }
          : { title: "Nothing to publish: the page is up to date" },
        secret,
      );
    }
    case "discard": {
      const changed = await discardPageCopyDraft(context.db, page, actor);
      return redirectWithToast(here, { title: changed ? "Unpublished changes discarded" : "There were no unpublished changes" }, secret);
    }
    case "restore": {
      const parsed = parseForm(form, RevisionNumberSchema);
      if (!parsed.success) return data<ActionData>({ intent, errors: { form: parsed.errors.revision ?? "Choose a revision." } }, { status: 400 });
      const restored = await restorePageCopyRevision(context.db, page, parsed.data.revision, actor);
      if (!restored) return data<ActionData>({ intent, errors: { form: "That revision doesn't exist." } }, { status: 404 });
      return redirectWithToast(
        here,
        { title: `Revision ${parsed.data.revision} restored`, description: "It's in the draft: publish it to show it on the page.", variant: "success" },
        secret,
      );
    }
  }
}

export default function AdminPageCopy() {
  const { page, draft: saved, revisions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const draft = actionData?.values ?? saved;
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  const unpublished = page.status === "draft";
  const faqs = [...draft.faq.filter((faq) => faq.question || faq.answer), ...Array.from({ length: SPARE_FAQS }, () => ({ question: "", answer: "" }))];
  const L = PAGE_COPY_LIMITS;
  return (
    <section aria-labelledby="page-copy-heading" className="page-copy-editor">
      <p>
        <Link to="/admin/pages">← Back to the pages</Link>
      </p>
      <h2 id="page-copy-heading">{page.title}</h2>
      <p>
        {PAGE_COPY_KIND_LABELS[page.kind]} · <Link to={page.path}>{page.path}</Link> · Last changed <time dateTime={page.updatedAt}>{page.updated}</time>
      </p>
      <FormError id="page-copy-form-error" message={errors.form} />

      <div className="card learning-status-form" role="status">
        {unpublished ? (
          <p>
            <strong>Unpublished changes.</strong> The page still shows the copy published {page.published ? `on ${page.published}` : "earlier"}.
          </p>
        ) : (
          <p>The page shows this copy{page.published ? ` (published ${page.published})` : ""}.</p>
        )}
        {unpublished ? (
          <div className="button-row">
            <Form method="post">
              <input type="hidden" name="intent" value="publish" />
              <button type="submit" className="button button-primary" disabled={busy}>
                Publish changes
              </button>
            </Form>
            <Form method="post">
              <input type="hidden" name="intent" value="discard" />
              <button type="submit" className="button button-secondary" disabled={busy}>
                Discard unpublished changes
              </button>
            </Form>
          </div>
        ) : null}
      </div>

      <Form method="post" className="learning-form" key={page.updatedAt} aria-labelledby="page-copy-fields-heading">
        <h3 id="page-copy-fields-heading">Copy</h3>
        <input type="hidden" name="intent" value="save" />
        <TextInput name="headline" label="Headline" defaultValue={draft.headline} error={errors.headline} maxLength={L.headline} />
        <TextArea name="lead" label="Lead" hint="The sentence under the headline." defaultValue={draft.lead} error={errors.lead} rows={3} />
        {page.kind === "service" ? (
          <TextInput name="introHeading" label="Intro heading" defaultValue={draft.introHeading ?? ""} error={errors.introHeading} maxLength={L.introHeading} />
        ) : null}
        <TextArea
          name="intro"
          label={page.kind === "service" ? "Intro paragraphs" : "Why virtual coaching (paragraphs)"}
          hint={`Leave a blank line between paragraphs (up to ${L.paragraphs}).`}
          defaultValue={draft.intro.join("\n\n")}
          error={errors.intro}
          rows={10}
        />
        {page.kind === "location" ? <TextArea name="economy" label="Local economy" defaultValue={draft.economy ?? ""} error={errors.economy} rows={5} /> : null}
        <fieldset className="page-copy-faqs" aria-describedby={describedByOf("faq", "hint", errors.faq)}>
          <legend>Questions and answers</legend>
          <p className="hint" id="faq-hint">
            Shown on the page and to search engines as FAQs. Clear a question and its answer to remove it; fill in a blank pair to add one.
          </p>
          {errors.faq ? (
            <p className="field-error" id="faq-error">
              {errors.faq}
            </p>
          ) : null}
          {faqs.map((faq, index) => (
            <div key={index} className="page-copy-faq">
              <FieldFrame id={`faq-question-${index}`} label={`Question ${index + 1}`}>
                <input id={`faq-question-${index}`} name="faqQuestion" defaultValue={faq.question} maxLength={L.question} />
              </FieldFrame>
              <FieldFrame id={`faq-answer-${index}`} label={`Answer ${index + 1}`}>
                <textarea id={`faq-answer-${index}`} name="faqAnswer" defaultValue={faq.answer} rows={3} maxLength={L.answer} />
              </FieldFrame>
            </div>
          ))}
        </fieldset>
        <button type="submit" className="button button-primary" disabled={busy}>
          Save draft
        </button>
      </Form>

      <RevisionsPanel revisions={revisions.revisions} compare={revisions.compare} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaded, params }) => [
  ...pageMeta(matches, {
    title: `${loaded?.page.title ?? "Page"} · Pages · Admin`,
    description: "Edit a page's copy.",
    path: `/admin/pages/${params.kind ?? ""}/${params.slug ?? ""}`,
  }),
  NOINDEX,
];
