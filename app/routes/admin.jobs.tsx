import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { readTableQuery } from "~/utils/table-query";
import { createAuthContext } from "~/auth/context.server";
import { requireRole } from "~/auth/guards.server";
import { dismissFailedJob, listFailedJobs, replayFailedJob, summariseJobBody, type ResolveOutcome } from "~/jobs/failed-jobs.server";
import { FAILED_JOB_STATUS_LABELS, FailedJobActionSchema } from "~/jobs/failed-jobs";
import { FAILED_JOBS_TABLE } from "~/jobs/failed-job-labels";
import { redirectWithToast } from "~/platform/toast.server";
import { formatTimestamp } from "~/booking/time-zones";
import { parseForm } from "~/utils/forms";
import { NOINDEX, pageMeta } from "~/utils/meta";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { timeZone } = await requireRole(request, context, "admin");
  const query = readTableQuery(new URL(request.url), FAILED_JOBS_TABLE);
  const { rows, total, unresolved, openIncident } = await listFailedJobs(context.db, query);
  return {
    query,
    total,
    unresolved,
    incident: openIncident ? { openedAt: openIncident.openedAt, opened: formatTimestamp(openIncident.openedAt, timeZone) } : null,
    jobs: rows.map((row) => ({
      id: row.id,
      type: row.type,
      summary: summariseJobBody(row.body),
      error: row.error,
      attempts: row.attempts,
      queuedAt: row.queuedAt,
      queued: formatTimestamp(row.queuedAt, timeZone),
      failedAt: row.failedAt,
      failed: formatTimestamp(row.failedAt, timeZone),
      status: row.status,
      statusLabel: FAILED_JOB_STATUS_LABELS[row.status],
      resolved: row.resolvedAt ? formatTimestamp(row.resolvedAt, timeZone) : null,
      resolvedBy: row.resolvedByEmail,
    })),
  };
}

type ActionData = { error: string };

const OUTCOME_TOASTS: Record<Exclude<ResolveOutcome, "invalid">, { title: string; description?: string; variant?: "success" }> = {
  replayed: { title: "Job queued again", description: "It runs again shortly; if it fails every retry, it comes back to this list.", variant: "success" },
  dismissed: { title: "Job dismissed", description: "It won't be retried.", variant: "success" },
  "already-resolved": { title: "That job was already replayed or dismissed" },
  "not-found": { title: "That failed job no longer exists" },
};

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const url = new URL(request.url);
  const back = `/admin/jobs${url.search}`;
  const parsed = parseForm(await request.formData(), FailedJobActionSchema);
  if (!parsed.success) return data<ActionData>({ error: Object.values(parsed.errors)[0] ?? "That request wasn't complete." }, { status: 400 });
  const { intent, id } = parsed.data;
  const { ipHash } = await createAuthContext(request, context);
  let outcome: ResolveOutcome;
  if (intent === "replay") {
    try {
      outcome = await replayFailedJob(context.db, context.cloudflare.env.JOBS, id, viewer.id, ipHash);
    } catch (error) {
      console.error("jobs: replay could not be queued", { id, error: error instanceof Error ? error.message : String(error) });
      return data<ActionData>(
        { error: "The job couldn't be queued again just now. It is still waiting for review; please try again shortly." },
        { status: 503 },
      );
    }
  } else {
    outcome = await dismissFailedJob(context.db, id, viewer.id, ipHash);
  }
  if (outcome === "invalid") {
    return data<ActionData>({ error: "This job's message is no longer valid, so it can't be replayed. Dismiss it instead." }, { status: 400 });
  }
  return redirectWithToast(back, OUTCOME_TOASTS[outcome], context.env.SESSION_SECRET);
}

type Job = Awaited<ReturnType<typeof loader>>["jobs"][number];

function columns(formAction: string, busy: boolean): DataTableColumn<Job>[] {
  return [
    {
      key: "type",
      header: "Job",
      sortable: true,
      cell: (job) => (
        <>
          <code>{job.type}</code>
          {job.summary.length ? (
            <ul className="audit-detail">
              {job.summary.map(([key, value]) => (
                <li key={key}>
                  {key}: <code>{value}</code>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ),
    },
    { key: "error", header: "Last error", cell: (job) => <span className="cell-wrap">{job.error ?? <span className="hint">Not recorded</span>}</span> },
    { key: "attempts", header: "Attempts", sortable: true, numeric: true, cell: (job) => job.attempts },
    { key: "queued", header: "First queued", cell: (job) => <time dateTime={job.queuedAt}>{job.queued}</time> },
    { key: "failed", header: "Last failed", sortable: true, cell: (job) => <time dateTime={job.failedAt}>{job.failed}</time> },
    {
      key: "status",
      header: "Status",
      cell: (job) => (
        <>
          <span className={job.status === "failed" ? "badge" : "badge badge-muted"}>{job.statusLabel}</span>
          {job.resolved ? (
            <>
              <br />
              <span className="hint">
                {job.resolved}
                {job.resolvedBy ? ` by ${job.resolvedBy}` : ""}
              </span>
            </>
          ) : null}
        </>
      ),
    },
    {
      key: "actions",
      header: "Actions",
      cell: (job) =>
        job.status === "failed" ? (
          <div className="role-list">
            <Form method="post" action={formAction}>
              <input type="hidden" name="id" value={job.id} />
              <button
                type="submit"
                name="intent"
                value="replay"
                className="button button-secondary button-small"
                disabled={busy}
                aria-label={`Replay the ${job.type} job that failed ${job.failed}`}
              >
                Replay
              </button>
            </Form>
            <Form method="post" action={formAction}>
              <input type="hidden" name="id" value={job.id} />
              <button
                type="submit"
                name="intent"
                value="dismiss"
                className="role-remove"
                disabled={busy}
                aria-label={`Dismiss the ${job.type} job that failed ${job.failed}`}
              >
                Dismiss
              </button>
            </Form>
          </div>
        ) : (
          <span className="hint">None</span>
        ),
    },
  ];
}

export default function AdminJobs() {
  const { query, total, unresolved, incident, jobs } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const location = useLocation();
  const formAction = `/admin/jobs${location.search}`;
  const busy = navigation.state === "submitting";
  return (
    <section aria-labelledby="jobs-heading">
      <h2 id="jobs-heading">Failed jobs</h2>
      <p className="hint">
        Background jobs (emails, notifications, maintenance) are retried four times. A job that fails every retry is kept here: replay it once the cause is
        fixed, or dismiss it. <Link to="/admin/attention">Needs attention</Link> lists them with failed Stripe events and emails.
      </p>
      {incident ? (
        <p className="notice">
          An incident has been open since <time dateTime={incident.openedAt}>{incident.opened}</time>: the team inbox was emailed once. It closes when every
          failed job has been replayed or dismissed ({unresolved} waiting).
        </p>
      ) : null}
      {actionData?.error ? (
        <p className="form-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <DataTable
        label="Failed jobs"
        columns={columns(formAction, busy)}
        rows={jobs}
        rowKey={(job) => job.id}
        query={query}
        total={total}
        searchLabel="Search by type or error"
        filters={[
          {
            name: "status",
            label: "Show",
            options: [
              { value: "", label: "Waiting for review" },
              { value: "replayed", label: "Replayed" },
              { value: "dismissed", label: "Dismissed" },
              { value: "all", label: "All" },
            ],
          },
        ]}
        empty={{ none: <p>No failed jobs are waiting for review.</p>, noMatch: <p>No jobs to show.</p> }}
      />
      <p className="hint">
        Emails that failed stay in the <Link to="/admin/outbox">email outbox</Link> as “Waiting to send”.
      </p>
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Failed jobs · Admin", description: "ClarityAI Coaching administration.", path: "/admin/jobs" }),
  NOINDEX,
];
