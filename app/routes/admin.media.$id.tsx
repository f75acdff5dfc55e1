import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { createAuthContext } from "~/auth/context.server";
import { requireRole } from "~/auth/guards.server";
import { formatTimestamp } from "~/booking/time-zones";
import { formatBytes, MEDIA_ALT_MAX, mediaVariantUrl } from "~/content/media";
import { deleteMedia, getMedia, mediaUsage, parseVariants, updateMediaAlt } from "~/content/media.server";
import { pickerItem } from "~/content/media-picker.server";
import { redirectWithToast } from "~/platform/toast.server";
import { NOINDEX, pageMeta } from "~/utils/meta";

// One upload: its preview, addresses and sizes, its alt text, where it is used, and delete — refused
// while a post, case study, resource or lesson still uses it (the page would lose its image or file).

function notFound() {
  return new Response("That upload doesn't exist. It may have been deleted.", { status: 404 });
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { timeZone } = await requireRole(request, context, "admin");
  const asset = await getMedia(context.db, params.id ?? "");
  if (!asset) throw notFound();
  const uses = await mediaUsage(context.db, asset.id);
  return {
    item: pickerItem(asset),
    uploaded: formatTimestamp(asset.createdAt, timeZone),
    variants: parseVariants(asset.variants).map((variant) => ({
      label: `${variant.width} px ${variant.format.toUpperCase()}, ${formatBytes(variant.bytes)}`,
      url: mediaVariantUrl(asset.id, variant.width, variant.format),
    })),
    uses,
  };
}

type ActionData = { error: string };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const id = params.id ?? "";
  const formData = await request.formData();
  const intent = formData.get("intent");
  const { ipHash } = await createAuthContext(request, context);
  const secret = context.env.SESSION_SECRET;
  if (intent === "alt") {
    const alt = formData.get("alt");
    if (typeof alt !== "string" || alt.trim().length > MEDIA_ALT_MAX)
      return data<ActionData>({ error: `Alt text must be at most ${MEDIA_ALT_MAX} characters.` }, { status: 400 });
    const outcome = await updateMediaAlt(context.db, { id, alt, actorId: viewer.id, ipHash });
    if (outcome === "not-found") throw notFound();
    return redirectWithToast(`/admin/media/${id}`, { title: "Alt text saved", variant: "success" }, secret);
  }
  if (intent === "delete") {
    const result = await deleteMedia(context, { id, actorId: viewer.id, ipHash });
    if (result.outcome === "not-found") return redirectWithToast("/admin/media", { title: "That upload was already deleted" }, secret);
    if (result.outcome === "in-use")
      return data<ActionData>(
        {
          error: `It is still used by ${result.uses.map((use) => `${use.type.toLowerCase()} “${use.title}”`).join(", ")}. Choose another image or file there first.`,
        },
        { status: 409 },
      );
    return redirectWithToast("/admin/media", { title: "Upload deleted", description: "Its file and every size were removed.", variant: "success" }, secret);
  }
  return data<ActionData>({ error: "That request wasn't complete." }, { status: 400 });
}

export default function MediaAsset() {
  const { item, uploaded, variants, uses } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <section aria-labelledby="asset-heading">
      <p>
        <Link to="/admin/media">← Media</Link>
      </p>
      <h2 id="asset-heading">{item.name}</h2>
      {actionData?.error ? (
        <p className="form-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {item.thumbnail ? (
        <img src={item.thumbnail} alt={item.alt} width={item.width ?? undefined} height={item.height ?? undefined} className="media-preview" />
      ) : null}
      <dl className="detail-list">
        <dt>Type and size</dt>
        <dd>{item.description}</dd>
        <dt>Uploaded</dt>
        <dd>{uploaded}</dd>
        <dt>Reference for content</dt>
        <dd>
          <code>{item.ref}</code>
        </dd>
        <dt>Address</dt>
        <dd>
          <a href={item.url}>{item.url}</a>
        </dd>
      </dl>
      {variants.length ? (
        <details>
          <summary>Responsive sizes ({variants.length})</summary>
          <ul>
            {variants.map((variant) => (
              <li key={variant.url}>
                <a href={variant.url}>{variant.label}</a>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {item.kind === "image" ? (
        <Form method="post" className="form">
          <input type="hidden" name="intent" value="alt" />
          <div className="field">
            <label htmlFor="asset-alt">Alt text</label>
            <textarea id="asset-alt" name="alt" defaultValue={item.alt} maxLength={MEDIA_ALT_MAX} rows={2} />
          </div>
          <button type="submit" className="button button-secondary" disabled={busy}>
            Save alt text
          </button>
        </Form>
      ) : null}
      <h3>Where it is used</h3>
      {uses.length ? (
        <ul>
          {uses.map((use) => (
            <li key={`${use.type}-${use.href}-${use.title}`}>
              {use.type}: <Link to={use.href}>{use.title}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>Nothing uses it yet.</p>
      )}
      <details className="danger-zone">
        <summary>Delete this upload</summary>
        {uses.length ? (
          <p>It can&apos;t be deleted while it is used above: choose another image or file there first.</p>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <p>This removes the file and all its sizes for good. Any link to its address stops working. This can&apos;t be undone.</p>
            <button type="submit" className="button button-danger" disabled={busy}>
              Delete {item.name}
            </button>
          </Form>
        )}
      </details>
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Media · Admin", description: "ClarityAI Coaching administration.", path: "/admin/media" }),
  NOINDEX,
];
