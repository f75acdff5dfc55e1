import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { notFoundResponse } from "~/auth/permissions.server";
import { requireRole } from "~/auth/guards.server";
import { DEFAULT_TIME_ZONE, formatTimestamp, zoneAbbreviation } from "~/booking/time-zones";
import {
  ContentError,
  formValues,
  getContentItem,
  markdownPreviews,
  publicPath,
  publishContent,
  restoreRevision,
  saveContent,
  scheduleContent,
  unpublishContent,
  unscheduleContent,
} from "~/content/admin/content-admin.server";
import { utcToZonedLocal, zonedLocalToUtc } from "~/content/admin/schedule-time";
import { CONTENT_SCHEMAS, ContentIntentSchema, type ContentFields as Fields } from "~/content/admin/schemas.server";
import { echoedValues, FIELD_LABELS, STATUS_LABELS, TYPE_LABELS, typeOfSegment } from "~/content/admin/types";
import { ContentFields } from "~/content/admin/ui/content-fields";
import { MEDIA_IMAGE_PREFIX } from "~/content/content-image";
import { getMedia } from "~/content/media.server";
import { pickerItem } from "~/content/media-picker.server";
import type { MediaPickerItem } from "~/content/media";
import { RevisionsPanel } from "~/content/admin/ui/revisions-panel";
import { compareRevisions, listRevisionSummaries, readCompareParams } from "~/content/revisions.server";
import { redirectWithToast } from "~/platform/toast.server";
import { parseForm } from "~/utils/forms";
import { NOINDEX, pageMeta } from "~/utils/meta";
import stylesHref from "~/styles/admin-content.css?url";

export const links = () => [{ rel: "stylesheet", href: stylesHref }];

function itemParams(params: { type?: string; id?: string }) {
  const type = typeOfSegment(params.type);
  if (!type || !params.id || params.id.length > 64) throw notFoundResponse();
  return { type, id: params.id };
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const { type, id } = itemParams(params);
  const item = await getContentItem(context.db, type, id);
  if (!item) throw notFoundResponse();
  const zone = viewer.timeZone ?? DEFAULT_TIME_ZONE;
  const compareParams = readCompareParams(new URL(request.url));
  const [revisions, compare] = await Promise.all([
    listRevisionSummaries(context.db, type, id),
    compareParams ? compareRevisions(context.db, type, id, compareParams.from, compareParams.to, FIELD_LABELS[type]) : null,
  ]);
  const values = formValues(type, item.fields as Record<string, unknown>);
  const image = values.image?.startsWith(MEDIA_IMAGE_PREFIX) ? await getMedia(context.db, values.image.slice(MEDIA_IMAGE_PREFIX.length)) : null;
  const fields = item.fields as { slug: string; industry?: string; title: string };
  return {
    type,
    id,
    title: fields.title,
    status: item.status,
    updatedAt: item.updatedAt,
    publicUrl: item.status === "published" ? publicPath(type, fields) : null,
    published: item.publishedAt ? formatTimestamp(item.publishedAt, zone) : null,
    scheduled: item.scheduledAt ? formatTimestamp(item.scheduledAt, zone) : null,
    scheduleValue: item.scheduledAt ? utcToZonedLocal(item.scheduledAt, zone) : utcToZonedLocal(new Date(Date.now() + 3_600_000).toISOString(), zone),
    zone: { id: zone, abbreviation: zoneAbbreviation(zone, new Date()) },
    values,
    previews: markdownPreviews(type, values),
    mediaItems: (image ? { image: pickerItem(image) } : {}) as Record<string, MediaPickerItem>,
    revisions: revisions.map((r) => ({ number: r.number, note: r.note, authorName: r.authorName, when: formatTimestamp(r.createdAt, zone) })),
    compare,
  };
}

type ActionData = { errors: Partial<Record<string, string>>; values?: Record<string, string> };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const { type, id } = itemParams(params);
  const formData = await request.formData();
  const intent = ContentIntentSchema.safeParse(formData.get("intent"));
  if (!intent.success) return data<ActionData>({ errors: { form: "Choose what to do." } }, { status: 400 });
  const deps = { db: context.db, env: context.cloudflare.env };
  const here = new URL(request.url).pathname;
  const secret = context.env.SESSION_SECRET;
  const done = (title: string, description?: string) => redirectWithToast(here, { title, description, variant: "success" }, secret);
  const values = echoedValues(type, formData);
  try {
    switch (intent.data) {
      case "save": {
        const parsed = parseForm(formData, CONTENT_SCHEMAS[type]);
        if (!parsed.success) return data<ActionData>({ errors: parsed.errors, values }, { status: 400 });
        const updatedAt = formData.get("updatedAt");
        const outcome = await saveContent(deps, type, id, parsed.data as Fields[typeof type], viewer.id, {
          expectedUpdatedAt: typeof updatedAt === "string" && updatedAt ? updatedAt : undefined,
        });
        if (!outcome.changed) return redirectWithToast(here, { title: "No changes to save" }, secret);
        return done("Saved", outcome.public ? "The site shows the change now." : undefined);
      }
      case "publish": {
        const changed = await publishContent(deps, type, id, viewer.id);
        return changed
          ? done("Published", "It's on the site, in the sitemap and the feed now.")
          : redirectWithToast(here, { title: "It was already published" }, secret);
      }
      case "unpublish": {
        const changed = await unpublishContent(deps, type, id, viewer.id);
        return changed
          ? done("Unpublished", "It's a draft again and no longer on the site.")
          : redirectWithToast(here, { title: "It wasn't published" }, secret);
      }
      case "schedule": {
        const zone = viewer.timeZone ?? DEFAULT_TIME_ZONE;
        const local = formData.get("scheduledAt");
        const when = typeof local === "string" ? zonedLocalToUtc(local, zone) : null;
        if (!when) return data<ActionData>({ errors: { scheduledAt: "Enter a date and time that exists in your time zone." } }, { status: 400 });
        await scheduleContent(deps, type, id, when, viewer.id);
        return done("Scheduled", `It will be published at ${formatTimestamp(when.toISOString(), zone)}.`);
      }
      case "unschedule": {
        const changed = await unscheduleContent(deps, type, id, viewer.id);
        return changed ? done("Unscheduled", "It's a draft again.") : redirectWithToast(here, { title: "It wasn't scheduled" }, secret);
      }
      case "restore": {
        const number = Number(formData.get("revision"));
        if (!Number.isInteger(number) || number < 1) return data<ActionData>({ errors: { form: "Choose a revision to restore." } }, { status: 400 });
        const outcome = await restoreRevision(deps, type, id, number, viewer.id);
        return done(outcome.changed ? `Revision ${number} restored` : `Revision ${number} is what's saved now`);
      }
    }
  } catch (error) {
    if (error instanceof ContentError) {
      if (error.status === 404) throw notFoundResponse();
      return data<ActionData>({ errors: { [error.field ?? "form"]: error.message }, values }, { status: error.status });
    }
    throw error;
  }
}

export default function ContentEditor() {
  const item = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors = actionData?.errors ?? {};
  const values = actionData?.values && actionData.values.intent === "save" ? actionData.values : item.values;
  return (
    <section aria-labelledby="editor-heading" className="content-editor">
      <p>
        <Link to="/admin/content">← Back to content</Link>
      </p>
      <h2 id="editor-heading">{item.title}</h2>
      <p>
        {TYPE_LABELS[item.type]} · <span className={`badge content-status content-status-${item.status}`}>{STATUS_LABELS[item.status]}</span>
        {item.status === "scheduled" && item.scheduled ? ` for ${item.scheduled}` : null}
        {item.status === "published" && item.published ? ` since ${item.published}` : null}
        {item.publicUrl ? (
          <>
            {" · "}
            <a href={item.publicUrl}>View on the site</a>
          </>
        ) : null}
      </p>
      {errors.form ? (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      ) : null}

      <section className="card content-publishing" aria-labelledby="publishing-heading">
        <h3 id="publishing-heading">Publishing</h3>
        {item.status === "published" ? (
          <Form method="post">
            <p>Unpublishing makes it a draft again: it leaves the site, the sitemap and the feed at once.</p>
            <button type="submit" name="intent" value="unpublish" className="button button-secondary" disabled={busy}>
              Unpublish
            </button>
          </Form>
        ) : (
          <>
            <Form method="post">
              <button type="submit" name="intent" value="publish" className="button button-primary" disabled={busy}>
                Publish now
              </button>
            </Form>
            <Form method="post" className="content-schedule">
              <div className="field">
                <label htmlFor="field-scheduledAt">Publish at ({item.zone.abbreviation})</label>
                <p className="hint" id="field-scheduledAt-hint">
                  Your time zone, {item.zone.id.replace("_", " ")}. It goes live within a minute of this time.
                </p>
                <input
                  id="field-scheduledAt"
                  type="datetime-local"
                  name="scheduledAt"
                  defaultValue={item.scheduleValue}
                  required
                  aria-invalid={errors.scheduledAt ? true : undefined}
                  aria-describedby={errors.scheduledAt ? "field-scheduledAt-hint field-scheduledAt-error" : "field-scheduledAt-hint"}
                />
                {errors.scheduledAt ? (
                  <p className="field-error" id="field-scheduledAt-error">
                    {errors.scheduledAt}
                  </p>
                ) : null}
              </div>
              <button type="submit" name="intent" value="schedule" className="button button-secondary" disabled={busy}>
                {item.status === "scheduled" ? "Reschedule" : "Schedule"}
              </button>
            </Form>
            {item.status === "scheduled" ? (
              <Form method="post">
                <button type="submit" name="intent" value="unschedule" className="button button-secondary" disabled={busy}>
                  Unschedule
                </button>
              </Form>
            ) : null}
          </>
        )}
      </section>

      <Form method="post" noValidate className="content-form">
        <input type="hidden" name="updatedAt" value={item.updatedAt} />
        {Object.keys(errors).length > 0 && !errors.form && !errors.scheduledAt ? (
          <p className="field-error" role="alert">
            Check the fields marked below.
          </p>
        ) : null}
        <ContentFields key={item.updatedAt} type={item.type} values={values} previews={item.previews} mediaItems={item.mediaItems} errors={errors} />
        <button type="submit" name="intent" value="save" className="button button-primary" disabled={busy}>
          Save
        </button>
      </Form>

      <RevisionsPanel revisions={item.revisions} compare={item.compare} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  ...pageMeta(matches, { title: `${data?.title ?? "Content"} · Admin`, description: "ClarityAI Coaching administration.", path: "/admin/content" }),
  NOINDEX,
];
