import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { createAuthContext } from "~/auth/context.server";
import { requireRole } from "~/auth/guards.server";
import { formatTimestamp } from "~/booking/time-zones";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { describedByOf, FieldFrame } from "~/components/ui/field";
import { LEARNING_ACCESS_LABELS, LEARNING_STATUS_LABELS } from "~/learning/admin-labels";
import { LEARNING_LIMITS, NewItemSchema } from "~/learning/admin-schemas";
import { createModule, listModulesForAdmin, MODULE_TABLE } from "~/learning/admin.server";
import { LEARNING_TOPICS, type LearningTopic } from "~/learning/types";
import { redirectWithToast } from "~/platform/toast.server";
import { parseForm } from "~/utils/forms";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { readTableQuery } from "~/utils/table-query";

// The learning hub's modules for the admins (/admin/learning): every module whatever its status,
// searchable and sortable, and a form to start a new one (a draft, opened in its editor).

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const query = readTableQuery(new URL(request.url), MODULE_TABLE);
  const { rows, total } = await listModulesForAdmin(context.db, query);
  return {
    query,
    total,
    rows: rows.map((row) => ({ ...row, updated: formatTimestamp(row.updatedAt, viewer.timeZone) })),
  };
}

type ActionData = { errors: { title?: string } };

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const form = await request.formData();
  const parsed = parseForm(form, NewItemSchema);
  if (!parsed.success) return data<ActionData>({ errors: { title: parsed.errors.title ?? "Enter the title." } }, { status: 400 });
  const { ipHash } = await createAuthContext(request, context);
  const id = await createModule(context.db, parsed.data.title, { actorId: viewer.id, ipHash });
  return redirectWithToast(
    `/admin/learning/${encodeURIComponent(id)}`,
    { title: "Module created", description: "It's a draft: fill it in, add lessons, then publish it.", variant: "success" },
    context.env.SESSION_SECRET,
  );
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

const columns: DataTableColumn<Row>[] = [
  { key: "position", header: "Order", sortable: true, numeric: true, cell: (row) => row.position },
  { key: "title", header: "Module", sortable: true, cell: (row) => <Link to={`/admin/learning/${encodeURIComponent(row.id)}`}>{row.title}</Link> },
  { key: "topic", header: "Topic", cell: (row) => LEARNING_TOPICS[row.topic as LearningTopic] ?? row.topic },
  { key: "access", header: "Access", cell: (row) => LEARNING_ACCESS_LABELS[row.access] },
  {
    key: "status",
    header: "Status",
    cell: (row) => <span className={`badge learning-status learning-status-${row.status}`}>{LEARNING_STATUS_LABELS[row.status]}</span>,
  },
  { key: "lessons", header: "Lessons published", numeric: true, cell: (row) => `${row.publishedLessons} of ${row.lessons}` },
  { key: "updated", header: "Last changed", sortable: true, cell: (row) => <time dateTime={row.updatedAt}>{row.updated}</time> },
];

export default function AdminLearning() {
  const { rows, query, total } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const titleError = actionData?.errors.title;
  return (
    <section aria-labelledby="learning-heading" className="admin-learning">
      <h2 id="learning-heading">Learning modules</h2>
      <p>
        The modules and lessons of the learning hub. Learners see only what is published; a change to a published lesson shows at once. Service and location
        page copy is under <Link to="/admin/pages">Pages</Link>.
      </p>
      <DataTable
        label="Learning modules"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        query={query}
        total={total}
        searchLabel="Search modules"
        filters={[
          {
            name: "status",
            label: "Status",
            options: [{ value: "", label: "Any status" }, ...Object.entries(LEARNING_STATUS_LABELS).map(([value, label]) => ({ value, label }))],
          },
          {
            name: "access",
            label: "Access",
            options: [{ value: "", label: "Anyone" }, ...Object.entries(LEARNING_ACCESS_LABELS).map(([value, label]) => ({ value, label }))],
          },
          {
            name: "topic",
            label: "Topic",
            options: [{ value: "", label: "Any topic" }, ...Object.entries(LEARNING_TOPICS).map(([value, label]) => ({ value, label }))],
          },
        ]}
        empty={{ none: "No modules yet. Start one below.", noMatch: "No module matches that search or filter." }}
      />

      <Form method="post" className="card learning-new" aria-labelledby="new-module-heading">
        <h3 id="new-module-heading">New module</h3>
        <FieldFrame id="new-module-title" label="Title" hint="Its web address is made from the title and stays the same afterwards." error={titleError}>
          <input
            id="new-module-title"
            name="title"
            required
            maxLength={LEARNING_LIMITS.title}
            aria-invalid={titleError ? true : undefined}
            aria-describedby={describedByOf("new-module-title", "hint", titleError)}
          />
        </FieldFrame>
        <button type="submit" className="button button-primary" disabled={busy}>
          Create draft module
        </button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Learning modules · Admin", description: "The learning hub's modules and lessons.", path: "/admin/learning" }),
  NOINDEX,
];
