import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { createAuthContext } from "~/auth/context.server";
import { requireRole } from "~/auth/guards.server";
import { formatTimestamp } from "~/booking/time-zones";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { MEDIA_ACCEPT, MEDIA_ACCEPT_LABEL, MEDIA_ALT_MAX, type MediaPickerItem } from "~/content/media";
import { isChosenFile, listMedia, MEDIA_SORTS, uploadMedia } from "~/content/media.server";
import { pickerItem } from "~/content/media-picker.server";
import { redirectWithToast } from "~/platform/toast.server";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { readTableQuery } from "~/utils/table-query";

// The media library: every uploaded image and file (newest first), searchable by name or alt text,
// and the upload form — a plain multipart form, so one file uploads without JavaScript. The media
// picker (app/content/admin/ui/media-picker.tsx) posts here too and gets the new asset back as data.

const TABLE = { sorts: MEDIA_SORTS, defaultSort: "created", defaultDirection: "desc", filters: { kind: ["image", "file"] }, pageSize: 25 } as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { timeZone } = await requireRole(request, context, "admin");
  const query = readTableQuery(new URL(request.url), TABLE);
  const { rows, total } = await listMedia(context.db, query);
  return {
    query,
    total,
    items: rows.map((row) => ({ ...pickerItem(row), uploaded: formatTimestamp(row.createdAt, timeZone) })),
  };
}

export type MediaUploadActionData = { error: string; uploaded?: undefined } | { uploaded: MediaPickerItem; error?: undefined };

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  // The body's size was bounded before it got here (UPLOAD_FORM_LIMITS in app/platform/request-body.server.ts).
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return data<MediaUploadActionData>({ error: "That upload didn't arrive complete. Choose the file and try again." }, { status: 400 });
  }
  const file = formData.get("file");
  if (!isChosenFile(file)) return data<MediaUploadActionData>({ error: "Choose an image or file to upload." }, { status: 400 });
  const alt = formData.get("alt");
  const { ipHash } = await createAuthContext(request, context);
  const result = await uploadMedia(context, { file, alt: typeof alt === "string" ? alt : "", actorId: viewer.id, ipHash });
  if (!result.ok) return data<MediaUploadActionData>({ error: result.error }, { status: result.status });
  if (formData.get("from") === "picker") return data<MediaUploadActionData>({ uploaded: pickerItem(result.asset) });
  return redirectWithToast(
    `/admin/media/${result.asset.id}`,
    {
      title: "Uploaded",
      description: result.asset.kind === "image" ? "Its responsive sizes are ready." : "It is ready to attach to a resource.",
      variant: "success",
    },
    context.env.SESSION_SECRET,
  );
}

type Item = ReturnType<typeof useLoaderData<typeof loader>>["items"][number];

const COLUMNS: DataTableColumn<Item>[] = [
  {
    key: "preview",
    header: "Preview",
    cell: (item) =>
      item.thumbnail ? (
        <img
          src={item.thumbnail}
          alt=""
          width={96}
          height={item.width && item.height ? Math.round((96 * item.height) / item.width) : 54}
          loading="lazy"
          className="media-thumb"
        />
      ) : (
        <span aria-hidden="true">📄</span>
      ),
  },
  { key: "name", header: "Name", sortable: true, cell: (item) => <Link to={`/admin/media/${item.id}`}>{item.name}</Link> },
  { key: "type", header: "Type and size", cell: (item) => item.description },
  {
    key: "alt",
    header: "Alt text",
    cell: (item) => (item.kind === "file" ? "—" : item.alt ? item.alt : <span className="badge badge-warning">Missing</span>),
  },
  { key: "created", header: "Uploaded", sortable: true, cell: (item) => item.uploaded },
];

export default function MediaLibrary() {
  const { query, total, items } = useLoaderData<typeof loader>();
  const actionData = useActionData<MediaUploadActionData>();
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  return (
    <section aria-labelledby="media-heading">
      <h2 id="media-heading">Media</h2>
      <p className="lead">Images and files for posts, case studies and resources. Images get their responsive sizes when they are uploaded.</p>
      <Form method="post" encType="multipart/form-data" className="form card" aria-labelledby="upload-heading">
        <h3 id="upload-heading">Upload</h3>
        {actionData?.error ? (
          <p className="form-error" role="alert" id="upload-error">
            {actionData.error}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="media-file">Image or file</label>
          <input
            id="media-file"
            name="file"
            type="file"
            accept={MEDIA_ACCEPT}
            required
            aria-describedby={actionData?.error ? "media-file-hint upload-error" : "media-file-hint"}
            aria-invalid={actionData?.error ? true : undefined}
          />
          <p className="hint" id="media-file-hint">
            {MEDIA_ACCEPT_LABEL}. The type is checked from the file itself; location and camera details are removed from images.
          </p>
        </div>
        <div className="field">
          <label htmlFor="media-alt">Alt text (images)</label>
          <input id="media-alt" name="alt" maxLength={MEDIA_ALT_MAX} aria-describedby="media-alt-hint" />
          <p className="hint" id="media-alt-hint">
            What the image shows, for people who can&apos;t see it. Leave it empty only for a purely decorative image.
          </p>
        </div>
        <button type="submit" className="button button-primary" disabled={uploading}>
          {uploading ? "Uploading…" : "Upload"}
        </button>
      </Form>
      <DataTable
        label="Uploaded media"
        columns={COLUMNS}
        rows={items}
        rowKey={(item) => item.id}
        query={query}
        total={total}
        searchLabel="Search by name or alt text"
        filters={[
          {
            name: "kind",
            label: "Kind",
            options: [
              { value: "", label: "Images and files" },
              { value: "image", label: "Images" },
              { value: "file", label: "Files" },
            ],
          },
        ]}
        empty={{ none: <p>Nothing has been uploaded yet. Upload an image or file above.</p>, noMatch: <p>No uploads match. Try another search or kind.</p> }}
      />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Media · Admin", description: "ClarityAI Coaching administration.", path: "/admin/media" }),
  NOINDEX,
];
