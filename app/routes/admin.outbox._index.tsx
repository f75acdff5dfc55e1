import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { listOutbox, OUTBOX_TABLE } from "~/email/admin-outbox.server";
import { SMS_ADDRESS_PREFIX } from "~/email/outbox.server";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { formatTimestamp } from "~/booking/time-zones";
import { requireRole } from "~/auth/guards.server";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { readTableQuery } from "~/utils/table-query";

const STATUS_LABELS = { pending: "Waiting to send", sent: "Sent", stored: "Kept in outbox", suppressed: "Not sent (unsubscribed)" } as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { timeZone } = await requireRole(request, context, "admin");
  const query = readTableQuery(new URL(request.url), OUTBOX_TABLE);
  const { rows, total } = await listOutbox(context.db, query);
  return {
    query,
    total,
    emails: rows.map(({ hasHtml, ...row }) => ({
      ...row,
      status: STATUS_LABELS[row.status],
      parts: partsLabel(row.to, hasHtml),
      when: formatTimestamp(row.createdAt, timeZone),
    })),
  };
}

/** What an email consists of; text messages share the outbox. */
function partsLabel(to: string, hasHtml: boolean) {
  if (to.startsWith(SMS_ADDRESS_PREFIX)) return "Text message";
  return hasHtml ? "HTML and text" : "Text only";
}

type Row = Awaited<ReturnType<typeof loader>>["emails"][number];

const COLUMNS: DataTableColumn<Row>[] = [
  { key: "to", header: "To", cell: (email) => <span className="cell-wrap">{email.to}</span> },
  { key: "subject", header: "Subject", sortable: true, cell: (email) => <Link to={`/admin/outbox/${email.id}`}>{email.subject}</Link> },
  { key: "category", header: "Kind", cell: (email) => (email.category === "marketing" ? "Marketing" : "Transactional") },
  { key: "parts", header: "Parts", cell: (email) => email.parts },
  { key: "status", header: "Status", cell: (email) => email.status },
  { key: "created", header: "Created", sortable: true, cell: (email) => <time dateTime={email.createdAt}>{email.when}</time> },
];

export default function AdminOutbox() {
  const { query, total, emails } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="outbox-heading">
      <h2 id="outbox-heading">Email outbox</h2>
      <p className="hint">
        Every email the site sends is written here first. Without an email provider configured, messages stay here — open one to read it, for example to pass on
        a sign-in code, or to send it again. Emails that couldn’t be delivered are also listed on <Link to="/admin/attention">Needs attention</Link>.
      </p>
      <DataTable
        label="Emails"
        columns={COLUMNS}
        rows={emails}
        rowKey={(email) => email.id}
        query={query}
        total={total}
        searchLabel="Search by address or subject"
        filters={[
          {
            name: "status",
            label: "Status",
            options: [
              { value: "", label: "Any status" },
              ...(["pending", "sent", "stored", "suppressed"] as const).map((s) => ({ value: s, label: STATUS_LABELS[s] })),
            ],
          },
          {
            name: "category",
            label: "Kind",
            options: [
              { value: "", label: "Any kind" },
              { value: "transactional", label: "Transactional" },
              { value: "marketing", label: "Marketing" },
            ],
          },
        ]}
        empty={{ none: <p>No emails yet.</p>, noMatch: <p>No emails match that search.</p> }}
      />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Email outbox · Admin", description: "ClarityAI Coaching administration.", path: "/admin/outbox" }),
  NOINDEX,
];
