import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { createAuthContext } from "~/auth/context.server";
import { requireRole } from "~/auth/guards.server";
import { Pagination } from "~/components/ui/pagination";
import { dismissFailedJob, FAILED_JOBS_PAGE_SIZE, listFailedJobs, replayFailedJob, summariseJobBody, type ResolveOutcome } from "~/jobs/failed-jobs.server";
import { FAILED_JOB_FILTER_LABELS, FAILED_JOB_FILTERS, FAILED_JOB_STATUS_LABELS, FailedJobActionSchema, type FailedJobFilterName } from "~/jobs/failed-jobs";
import { redirectWithToast } from "~/platform/toast.server";
import { formatTimestamp } from "~/booking/time-zones";
import { parseForm } from "~/utils/forms";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { pageParam } from "~/utils/page-param";
import { TableScroll } from "~/components/ui/table-scroll";

function filterOf(url: URL): FailedJobFilterName {
  const status = url.searchParams.get("status");
  return FAILED_JOB_FILTERS.find((filter) => filter === status) ?? "failed";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { timeZone } = await requireRole(request, context, "admin");
  const url = new URL(request.url);
  const filter = filterOf(url);
  const page = pageParam(url) ?? 1;
  const { rows, total, unresolved, openIncident } = await listFailedJobs(context.db, filter, page);
  return {
    filter,
    page,
    pageCount: Math.max(1, Math.ceil(total / FAILED_JOBS_PAGE_SIZE)),
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

function jobsHref(filter: FailedJobFilterName, page: number) {
  const params = new URLSearchParams();
  if (filter !== "failed") params.set("status", filter);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `/admin/jobs${search ? `?${search}` : ""}`;
}

export default function AdminJobs() {
  const { filter, page, pageCount, total, unresolved, incident, jobs } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const location = useLocation();
  const formAction = `/admin/jobs${location.search}`;
  const busy = navigation.state === "submitting";
  const filterLabel = FAILED_JOB_FILTER_LABELS[filter].toLowerCase();
  return (
    <section aria-labelledby="jobs-heading">
      <h2 id="jobs-heading">Failed jobs</h2>
      <p className="hint">
        Background jobs (emails, notifications, maintenance) are retried four times. A job that fails every retry is kept here: replay it once the cause is
        fixed, or dismiss it.
      </p>
      {incident ? (
        <p className="notice">
          An incident has been open since <time dateTime={incident.openedAt}>{incident.opened}</time>: the team inbox was emailed once. It closes when every
          failed job has been replayed or dismissed ({unresolved} waiting).
        </p>
      ) : null}
      <Form method="get" action="/admin/jobs" className="admin-search">
        <div className="field">
          <label htmlFor="job-status">Show</label>
          <select id="job-status" name="status" defaultValue={filter}>
            {FAILED_JOB_FILTERS.map((option) => (
              <option key={option} value={option}>
                {FAILED_JOB_FILTER_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-secondary">
          Show jobs
        </button>
      </Form>
      {actionData?.error ? (
        <p className="form-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <p className="hint" aria-live="polite">
        {total === 0
          ? filter === "failed"
            ? "No failed jobs are waiting for review."
            : "No jobs to show."
          : `${total} job${total === 1 ? "" : "s"} (${filterLabel}).`}
      </p>
      {jobs.length ? (
        <TableScroll label="Failed jobs table">
          <table className="admin-table">
            <caption className="visually-hidden">Failed jobs ({filterLabel}), newest first</caption>
            <thead>
              <tr>
                <th scope="col">Job</th>
                <th scope="col">Last error</th>
                <th scope="col">Attempts</th>
                <th scope="col">First queued</th>
                <th scope="col">Last failed</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => (
                <tr key={job.id}>
                  <th scope="row">
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
                  </th>
                  <td className="cell-wrap">{job.error ?? <span className="hint">Not recorded</span>}</td>
                  <td>{job.attempts}</td>
                  <td>
                    <time dateTime={job.queuedAt}>{job.queued}</time>
                  </td>
                  <td>
                    <time dateTime={job.failedAt}>{job.failed}</time>
                  </td>
                  <td>
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
                  </td>
                  <td>
                    {job.status === "failed" ? (
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
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      <Pagination page={page} pageCount={pageCount} href={(n) => jobsHref(filter, n)} previousLabel="← Newer" nextLabel="Older →" />
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
