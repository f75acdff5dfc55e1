import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { createAuthContext } from "~/auth/context.server";
import { requireRole } from "~/auth/guards.server";
import { notFoundResponse, requireFound } from "~/auth/permissions.server";
import { formatAbn } from "~/accounts/abn";
import { formatTimestamp } from "~/booking/time-zones";
import { NoteSchema, RejectSchema } from "~/coach-network/application-schemas.server";
import { APPLICATION_LIMITS, APPLICATION_STATUS_LABELS, canMove, CV_RETENTION_DAYS } from "~/coach-network/applications";
import {
  addApplicationNote,
  ApplicationError,
  applicationHistory,
  applicationNotes,
  approveApplication,
  getApplication,
  moveApplication,
} from "~/coach-network/applications.server";
import { COACH_SPECIALTY_LABELS, type CoachSpecialty } from "~/coach-network/specialties";
import { describedByOf, FieldFrame } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import { redirectWithToast } from "~/platform/toast.server";
import { parseForm } from "~/utils/forms";
import { NOINDEX } from "~/utils/meta";

// One coach application for the admins: everything the applicant sent (the CV through an
// admins-only link), the status history, internal notes, and the review's moves.

const INTENTS = ["start-review", "approve", "reject", "add-note"] as const;
type Intent = (typeof INTENTS)[number];
type ActionData = { intent: Intent | null; errors: { form?: string; reason?: string; body?: string } };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const application = requireFound(await getApplication(context.db, params.id ?? ""));
  const [history, notes] = await Promise.all([applicationHistory(context.db, application.id), applicationNotes(context.db, application.id)]);
  return {
    application: {
      ...application,
      abn: application.abn ? formatAbn(application.abn) : null,
      specialties: (JSON.parse(application.specialties) as CoachSpecialty[]).map((value) => COACH_SPECIALTY_LABELS[value] ?? value),
      industries: JSON.parse(application.industries) as string[],
      statusLabel: APPLICATION_STATUS_LABELS[application.status],
      submitted: formatTimestamp(application.submittedAt),
      updated: formatTimestamp(application.updatedAt),
      cvKb: application.cvSize ? Math.max(1, Math.round(application.cvSize / 1024)) : null,
      canStartReview: canMove(application.status, "under_review"),
      canDecide: canMove(application.status, "approved"),
    },
    history: history.map((event) => ({
      ...event,
      label: APPLICATION_STATUS_LABELS[event.to as keyof typeof APPLICATION_STATUS_LABELS] ?? event.to,
      when: formatTimestamp(event.at),
      by: event.actorEmail ?? (event.to === "submitted" || event.to === "withdrawn" ? "The applicant" : "—"),
    })),
    notes: notes.map((note) => ({ ...note, when: formatTimestamp(note.at) })),
  };
}

const refused = (intent: Intent | null, errors: ActionData["errors"], status = 400) => data<ActionData>({ intent, errors }, { status });

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const id = params.id ?? "";
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (typeof intent !== "string" || !(INTENTS as readonly string[]).includes(intent))
    return refused(null, { form: "That action isn't available. Reload the page and try again." });
  const { ipHash } = await createAuthContext(request, context);
  const actor = { id: viewer.id, ipHash };
  const here = `/admin/coach-applications/${encodeURIComponent(id)}`;
  const toast = (title: string, description?: string) => redirectWithToast(here, { title, description, variant: "success" }, context.env.SESSION_SECRET);
  try {
    switch (intent as Intent) {
      case "start-review":
        await moveApplication(context, { id, to: "under_review", actor });
        return toast("Review started", "The applicant has been emailed that their application is under review.");
      case "reject": {
        const parsed = parseForm(formData, RejectSchema);
        if (!parsed.success) return refused("reject", { reason: parsed.errors.reason ?? parsed.errors.form });
        await moveApplication(context, { id, to: "rejected", actor, reason: parsed.data.reason });
        return toast("Application declined", "The applicant has been emailed your reason.");
      }
      case "approve": {
        const { existing } = await approveApplication(context, { id, actor });
        return toast(
          "Application approved",
          existing
            ? "Their account now has the coach role; we've emailed them to sign in and start onboarding."
            : "We've emailed them an invitation to set a password and start onboarding.",
        );
      }
      case "add-note": {
        const parsed = parseForm(formData, NoteSchema);
        if (!parsed.success) return refused("add-note", { body: parsed.errors.body ?? parsed.errors.form });
        await addApplicationNote(context, { id, body: parsed.data.body, actor });
        return toast("Note added");
      }
    }
  } catch (error) {
    if (error instanceof ApplicationError) {
      if (error.status === 404) throw notFoundResponse();
      return refused(intent as Intent, { form: error.message }, error.status);
    }
    throw error;
  }
}

export default function AdminCoachApplication() {
  const { application: a, history, notes } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errorsFor = (intent: Intent) => (actionData?.intent === intent ? actionData.errors : {});
  const formError = actionData?.errors.form;
  return (
    <section aria-labelledby="application-heading" className="lead-detail">
      <p>
        <Link to="/admin/coach-applications">← Back to the applications</Link>
      </p>
      <h2 id="application-heading">
        {a.firstName} {a.lastName}
      </h2>
      <FormError id="application-form-error" message={formError} />
      <dl className="email-meta">
        <dt>Status</dt>
        <dd>
          <span className={`badge application-status application-status-${a.status}`}>{a.statusLabel}</span>
        </dd>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${a.email}`}>{a.email}</a>
        </dd>
        <dt>Phone</dt>
        <dd>{a.phone}</dd>
        <dt>State and time zone</dt>
        <dd>
          {a.state} · {a.timeZone}
        </dd>
        <dt>ABN</dt>
        <dd>{a.abn ?? "Not given"}</dd>
        <dt>GST</dt>
        <dd>{a.gstRegistered ? "Registered for GST" : "Not registered for GST"}</dd>
        <dt>Specialties</dt>
        <dd>{a.specialties.join(", ")}</dd>
        <dt>Industries</dt>
        <dd>{a.industries.join(", ")}</dd>
        <dt>Experience</dt>
        <dd>{a.yearsExperience} years</dd>
        <dt>Hours a week</dt>
        <dd>{a.hoursPerWeek}</dd>
        <dt>Qualifications</dt>
        <dd className="pre-wrap">{a.qualifications}</dd>
        <dt>Memberships</dt>
        <dd className="pre-wrap">{a.memberships ?? "—"}</dd>
        <dt>Indemnity insurance</dt>
        <dd>{a.insurer ? `${a.insurer}, expires ${a.insuranceExpiresOn}` : "No policy yet"}</dd>
        <dt>LinkedIn or website</dt>
        <dd>
          {a.website ? (
            <a href={a.website} rel="noopener noreferrer nofollow" target="_blank">
              {a.website}
            </a>
          ) : (
            "—"
          )}
        </dd>
        <dt>CV</dt>
        <dd>
          {a.cvName && !a.cvKey ? (
            `${a.cvName} (deleted ${CV_RETENTION_DAYS} days after the application closed)`
          ) : a.cvName ? (
            <a href={`/admin/coach-applications/${a.id}/cv`} download>
              {a.cvName} ({a.cvKb} KB)
            </a>
          ) : (
            "None attached"
          )}
        </dd>
        <dt>Coach terms</dt>
        <dd>
          Version {a.termsVersion}, agreed {formatTimestamp(a.termsAcceptedAt)}
        </dd>
        <dt>Submitted</dt>
        <dd>
          <time dateTime={a.submittedAt}>{a.submitted}</time>
          {a.updatedAt !== a.submittedAt ? ` (last updated ${a.updated})` : null}
        </dd>
      </dl>
      <h3>Bio</h3>
      <p className="pre-wrap">{a.bio}</p>
      {a.decisionReason ? (
        <>
          <h3>Reason given to the applicant</h3>
          <blockquote className="pre-wrap">{a.decisionReason}</blockquote>
        </>
      ) : null}

      <h3>Review</h3>
      {a.canStartReview ? (
        <Form method="post" className="lead-form">
          <input type="hidden" name="intent" value="start-review" />
          <p className="hint">Starting the review tells the applicant we're looking at their application.</p>
          <button type="submit" className="button button-primary" disabled={busy}>
            Start review
          </button>
        </Form>
      ) : null}
      {a.canDecide ? (
        <div className="lead-forms">
          <Form method="post" className="lead-form">
            <input type="hidden" name="intent" value="approve" />
            <p className="hint">
              Approving gives {a.firstName} the coach role (inviting them to set a password if they have no account) and starts their onboarding. They can't be
              booked until onboarding is complete.
            </p>
            <button type="submit" className="button button-primary" disabled={busy}>
              Approve
            </button>
          </Form>
          <Form method="post" className="lead-form">
            <input type="hidden" name="intent" value="reject" />
            <FieldFrame
              id="reject-reason"
              label="Reason for the applicant"
              hint="Emailed to the applicant as you write it: be kind and specific about what would make a future application stronger."
              error={errorsFor("reject").reason}
            >
              <textarea
                id="reject-reason"
                name="reason"
                rows={4}
                maxLength={APPLICATION_LIMITS.reason}
                aria-invalid={errorsFor("reject").reason ? true : undefined}
                aria-describedby={describedByOf(
                  "reject-reason",
                  "Emailed to the applicant as you write it: be kind and specific about what would make a future application stronger.",
                  errorsFor("reject").reason,
                )}
              />
            </FieldFrame>
            <button type="submit" className="button button-secondary" disabled={busy}>
              Decline application
            </button>
          </Form>
        </div>
      ) : null}
      {!a.canStartReview && !a.canDecide ? <p>This application is {a.statusLabel.toLowerCase()}: there's nothing more to review.</p> : null}

      <h3>History</h3>
      <ol className="application-history">
        {history.map((event) => (
          <li key={event.id}>
            <strong>{event.label}</strong> · <time dateTime={event.at}>{event.when}</time> · {event.by}
            {event.reason ? <span className="pre-wrap">: {event.reason}</span> : null}
          </li>
        ))}
      </ol>

      <h3>Internal notes</h3>
      <p className="hint">For the team only: never shown or emailed to the applicant.</p>
      <Form method="post" className="lead-form lead-notes">
        <input type="hidden" name="intent" value="add-note" />
        <FieldFrame id="application-note" label="Add a note" error={errorsFor("add-note").body}>
          <textarea
            id="application-note"
            name="body"
            rows={3}
            maxLength={APPLICATION_LIMITS.note}
            aria-invalid={errorsFor("add-note").body ? true : undefined}
            aria-describedby={describedByOf("application-note", undefined, errorsFor("add-note").body)}
          />
        </FieldFrame>
        <button type="submit" className="button button-secondary" disabled={busy}>
          Add note
        </button>
      </Form>
      {notes.length ? (
        <ul className="application-notes">
          {notes.map((note) => (
            <li key={note.id}>
              <p className="hint">
                {note.authorEmail ?? "A former admin"} · <time dateTime={note.at}>{note.when}</time>
              </p>
              <p className="pre-wrap">{note.body}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p>No notes yet.</p>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded ? `${loaded.application.firstName} ${loaded.application.lastName} · Coach applications · Admin` : "Coach application · Admin" },
  NOINDEX,
];
