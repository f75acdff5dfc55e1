import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ATTENTION_KIND_LABELS, ATTENTION_TABLE } from "~/admin/attention";
import { countAttention, listAttention, type AttentionRow } from "~/admin/attention.server";
import { requireRole } from "~/auth/guards.server";
import { formatTimestamp } from "~/booking/time-zones";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { readTableQuery } from "~/utils/table-query";

// "Needs attention": failed emails, background jobs and Stripe events in one list. Each row opens
// its inspect page (/admin/attention/$kind/$id), which shows it with personal data hidden and
// replays, resends or dismisses it.

const STATUS_LABELS: Record<string, string> = { failed: "Waiting", replayed: "Replayed", dismissed: "Dismissed", applied: "Applied by Stripe" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { timeZone } = await requireRole(request, context, "admin");
  const query = readTableQuery(new URL(request.url), ATTENTION_TABLE);
  const [{ rows, total }, waiting] = await Promise.all([listAttention(context.db, query), countAttention(context.db)]);
  return {
    query,
    total,
    waiting,
    rows: rows.map((row) => ({ ...row, failed: formatTimestamp(row.failedAt, timeZone), statusLabel: STATUS_LABELS[row.status] ?? row.status })),
  };
}

type Row = AttentionRow & { failed: string; statusLabel: string };

function describe(row: Row) {
  return `${ATTENTION_KIND_LABELS[row.kind].toLowerCase()} ${row.type} that failed ${row.failed}`;
}

const COLUMNS: DataTableColumn<Row>[] = [
  {
    key: "type",
    header: "What failed",
    sortable: true,
    cell: (row) => (
      <>
        <span className="badge badge-muted">{ATTENTION_KIND_LABELS[row.kind]}</span> <code>{row.type}</code>
      </>
    ),
  },
  { key: "error", header: "Last error", cell: (row) => <span className="cell-wrap">{row.error ?? "Not recorded"}</span> },
  { key: "attempts", header: "Attempts", sortable: true, numeric: true, cell: (row) => row.attempts },
  { key: "failed", header: "Last failed", sortable: true, cell: (row) => <time dateTime={row.failedAt}>{row.failed}</time> },
  {
    key: "status",
    header: "Status",
    cell: (row) => <span className={row.status === "failed" ? "badge" : "badge badge-muted"}>{row.statusLabel}</span>,
  },
  {
    key: "inspect",
    header: "Details",
    cell: (row) => (
      <Link to={`/admin/attention/${row.kind}/${encodeURIComponent(row.id)}`} aria-label={`Inspect the ${describe(row)}`}>
        {row.status === "failed" ? (row.kind === "email" ? "Inspect or resend" : "Inspect or replay") : "Inspect"}
      </Link>
    ),
  },
];

export default function AdminAttention() {
  const { query, total, waiting, rows } = useLoaderData<typeof loader>();
  const waitingTotal = waiting.email + waiting.job + waiting.stripe;
  return (
    <section aria-labelledby="attention-heading">
      <h2 id="attention-heading">Needs attention</h2>
      <p className="hint">
        Emails that couldn’t be delivered, background jobs that failed every retry and Stripe events that failed to apply wait here. Inspect one to see what it
        was (personal details hidden), then replay it once the cause is fixed, or dismiss it.
      </p>
      <p aria-live="polite">
        {waitingTotal === 0
          ? "Nothing is waiting for review."
          : `Waiting for review: ${waiting.email} email${waiting.email === 1 ? "" : "s"}, ${waiting.job} job${waiting.job === 1 ? "" : "s"}, ${waiting.stripe} Stripe event${waiting.stripe === 1 ? "" : "s"}.`}
      </p>
      <DataTable
        label="Needs attention"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => `${row.kind}:${row.id}`}
        query={query}
        total={total}
        searchLabel="Search by type, error or id"
        filters={[
          {
            name: "kind",
            label: "Kind",
            options: [
              { value: "", label: "Everything" },
              ...(["email", "job", "stripe"] as const).map((kind) => ({ value: kind, label: ATTENTION_KIND_LABELS[kind] })),
            ],
          },
          {
            name: "state",
            label: "Show",
            options: [
              { value: "", label: "Waiting for review" },
              { value: "resolved", label: "Resolved" },
              { value: "all", label: "All" },
            ],
          },
        ]}
        empty={{
          none: <p>Nothing is waiting for review. Everything that failed has been replayed or dismissed.</p>,
          noMatch: <p>Nothing matches that search.</p>,
        }}
      />
      <p className="hint">
        The full history of background jobs is on <Link to="/admin/jobs">Failed jobs</Link>; every email the site wrote is in the{" "}
        <Link to="/admin/outbox">email outbox</Link>.
      </p>
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Needs attention · Admin", description: "ClarityAI Coaching administration.", path: "/admin/attention" }),
  NOINDEX,
];
