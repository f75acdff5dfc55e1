import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { ContentError, createContent } from "~/content/admin/content-admin.server";
import { CONTENT_SCHEMAS, type ContentFields as Fields } from "~/content/admin/schemas.server";
import { ADMIN_CONTENT_TYPES, echoedValues, editorPath, TYPE_LABELS, TYPE_SEGMENTS, typeOfSegment } from "~/content/admin/types";
import { ContentFields } from "~/content/admin/ui/content-fields";
import { redirectWithToast } from "~/platform/toast.server";
import { parseForm } from "~/utils/forms";
import { NOINDEX, pageMeta } from "~/utils/meta";
import stylesHref from "~/styles/admin-content.css?url";

export const links = () => [{ rel: "stylesheet", href: stylesHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const type = typeOfSegment(new URL(request.url).searchParams.get("type") ?? undefined);
  const name = [viewer.firstName, viewer.lastName].filter(Boolean).join(" ");
  return { type, defaults: type === "blog_post" ? { authorName: name, authorRole: "Business coach", image: "strategy" } : { image: "strategy" } };
}

type ActionData = { errors: Partial<Record<string, string>>; values: Record<string, string> };

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const type = typeOfSegment(new URL(request.url).searchParams.get("type") ?? undefined);
  if (!type) return data<ActionData>({ errors: { form: "Choose what to create." }, values: {} }, { status: 400 });
  const formData = await request.formData();
  const values = echoedValues(type, formData);
  const parsed = parseForm(formData, CONTENT_SCHEMAS[type]);
  if (!parsed.success) return data<ActionData>({ errors: parsed.errors, values }, { status: 400 });
  try {
    const id = await createContent({ db: context.db, env: context.cloudflare.env }, type, parsed.data as Fields[typeof type], viewer.id);
    return redirectWithToast(editorPath(type, id), { title: `${TYPE_LABELS[type]} saved as a draft`, variant: "success" }, context.env.SESSION_SECRET);
  } catch (error) {
    if (error instanceof ContentError) return data<ActionData>({ errors: { [error.field ?? "form"]: error.message }, values }, { status: error.status });
    throw error;
  }
}

export default function NewContent() {
  const { type, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  if (!type) {
    return (
      <section aria-labelledby="new-heading">
        <p>
          <Link to="/admin/content">← Back to content</Link>
        </p>
        <h2 id="new-heading">New content</h2>
        <p>What would you like to write?</p>
        <ul className="button-row">
          {ADMIN_CONTENT_TYPES.map((t) => (
            <li key={t} style={{ listStyle: "none" }}>
              <Link to={`/admin/content/new?type=${TYPE_SEGMENTS[t]}`} className="button button-secondary">
                {TYPE_LABELS[t]}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  const values = actionData?.values ?? (defaults as Record<string, string>);
  return (
    <section aria-labelledby="new-heading" className="content-editor">
      <p>
        <Link to="/admin/content">← Back to content</Link>
      </p>
      <h2 id="new-heading">New {TYPE_LABELS[type].toLowerCase()}</h2>
      {actionData?.errors.form ? (
        <p className="field-error" role="alert">
          {actionData.errors.form}
        </p>
      ) : null}
      {actionData && Object.keys(actionData.errors).length > 0 && !actionData.errors.form ? (
        <p className="field-error" role="alert">
          Check the fields marked below.
        </p>
      ) : null}
      <Form method="post" noValidate>
        <ContentFields type={type} values={values} previews={{}} errors={actionData?.errors ?? {}} />
        <button type="submit" className="button button-primary" disabled={busy}>
          Save draft
        </button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "New content · Admin", description: "ClarityAI Coaching administration.", path: "/admin/content/new" }),
  NOINDEX,
];
