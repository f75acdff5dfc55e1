import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { notFoundResponse } from "~/auth/permissions.server";
import { formatTimestamp } from "~/booking/time-zones";
import { clearApplicationDraft } from "~/coach-network/application-draft";
import { APPLICATION_STATUS_LABELS, isOpen } from "~/coach-network/applications";
import { ApplicationError, applicationHistory, getApplication, moveApplication, verifyApplicationToken } from "~/coach-network/applications.server";
import { COACH_SPECIALTY_LABELS, type CoachSpecialty } from "~/coach-network/specialties";
import { FormError } from "~/components/ui/form-error";
import { redirectWithToast } from "~/platform/toast.server";
import { NOINDEX } from "~/utils/meta";

// An applicant's own application, from the signed link on their confirmation screen and in every
// email about it: where it stands, what they sent, and (while it is open) a way to withdraw it.

const PRIVATE = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
export const headers: HeadersFunction = () => PRIVATE;

async function applicationOf(context: LoaderFunctionArgs["context"], token: string) {
  const id = await verifyApplicationToken(context, token);
  const application = id ? await getApplication(context.db, id) : null;
  if (!application) throw notFoundResponse({ headers: PRIVATE });
  return application;
}

export async function loader({ context, params }: LoaderFunctionArgs) {
  const application = await applicationOf(context, params.token ?? "");
  const history = await applicationHistory(context.db, application.id);
  return data(
    {
      application: {
        name: `${application.firstName} ${application.lastName}`,
        email: application.email,
        status: application.status,
        statusLabel: APPLICATION_STATUS_LABELS[application.status],
        open: isOpen(application.status),
        submitted: formatTimestamp(application.submittedAt, application.timeZone),
        updated: application.updatedAt !== application.submittedAt ? formatTimestamp(application.updatedAt, application.timeZone) : null,
        specialties: (JSON.parse(application.specialties) as CoachSpecialty[]).map((value) => COACH_SPECIALTY_LABELS[value] ?? value),
        industries: JSON.parse(application.industries) as string[],
        cvName: application.cvName,
        reason: application.status === "rejected" ? application.decisionReason : null,
      },
      // The applicant's own history: the statuses and when, never who on the team moved it.
      history: history.map((event) => ({
        id: event.id,
        status: APPLICATION_STATUS_LABELS[event.to as keyof typeof APPLICATION_STATUS_LABELS],
        at: formatTimestamp(event.at, application.timeZone),
      })),
    },
    { headers: PRIVATE },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const application = await applicationOf(context, token);
  const formData = await request.formData();
  if (formData.get("intent") !== "withdraw")
    return data({ error: "That action isn't available. Reload the page and try again." }, { status: 400, headers: PRIVATE });
  try {
    await moveApplication(context, { id: application.id, to: "withdrawn", actor: null });
  } catch (error) {
    if (error instanceof ApplicationError) return data({ error: error.message }, { status: error.status === 404 ? 404 : 409, headers: PRIVATE });
    throw error;
  }
  return redirectWithToast(
    `/coach-registration/${token}`,
    { title: "Your application has been withdrawn", description: "We've emailed you to confirm.", variant: "success" },
    context.env.SESSION_SECRET,
    { headers: PRIVATE },
  );
}

export default function CoachApplicationPage() {
  const { application, history } = useLoaderData<typeof loader>();
  const actionData = useActionData<{ error: string }>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const submitted = params.get("submitted");

  useEffect(() => {
    // Sent: the browser's draft has done its job.
    if (submitted) clearApplicationDraft();
  }, [submitted]);

  return (
    <section className="section" aria-labelledby="application-heading">
      <div className="container narrow">
        {submitted ? (
          <div className="card confirmation" role="status">
            <h1 id="application-heading">{submitted === "updated" ? "Your application has been updated" : "Application received — thank you"}</h1>
            <p>
              {submitted === "updated"
                ? "You already had an open application with this email address, so we've updated it with these answers rather than start another."
                : "A senior coach will read it personally and reply within five business days."}{" "}
              We've emailed a confirmation to <strong>{application.email}</strong> with a link back to this page.
            </p>
            <p>Keep this page's address or the email: it's how you check where your application stands or withdraw it.</p>
          </div>
        ) : (
          <h1 id="application-heading">Your coach application</h1>
        )}

        <dl className="email-meta">
          <dt>Name</dt>
          <dd>{application.name}</dd>
          <dt>Status</dt>
          <dd>
            <span className={`badge application-status application-status-${application.status}`}>{application.statusLabel}</span>
          </dd>
          <dt>Submitted</dt>
          <dd>{application.submitted}</dd>
          {application.updated ? (
            <>
              <dt>Last updated</dt>
              <dd>{application.updated}</dd>
            </>
          ) : null}
          <dt>Specialties</dt>
          <dd>{application.specialties.join(", ")}</dd>
          <dt>Industries</dt>
          <dd>{application.industries.join(", ")}</dd>
          <dt>CV</dt>
          <dd>{application.cvName ?? "None attached"}</dd>
        </dl>

        {application.reason ? (
          <>
            <h2>What our reviewer said</h2>
            <blockquote>{application.reason}</blockquote>
          </>
        ) : null}

        <h2>What happens next</h2>
        {application.status === "submitted" || application.status === "under_review" ? (
          <ol>
            <li>A senior coach reviews your application{application.status === "under_review" ? " (they've started)" : ""}.</li>
            <li>If it's a fit, we invite you to a 45-minute video conversation.</li>
            <li>Once approved, you'll get an email to set up your coach portal and start onboarding.</li>
          </ol>
        ) : application.status === "approved" ? (
          <p>
            You've been approved. <Link to="/coach">Open the coach portal</Link> to start onboarding (sign in with this email address).
          </p>
        ) : (
          <p>
            This application is closed. You're welcome to <Link to="/coach-registration">apply again</Link>.
          </p>
        )}

        <h2>History</h2>
        <ol className="application-history">
          {history.map((event) => (
            <li key={event.id}>
              {event.status} · {event.at}
            </li>
          ))}
        </ol>

        {application.open ? (
          <Form method="post" className="form">
            <h2>Changed your mind?</h2>
            <p>Withdrawing stops the review. You can apply again later.</p>
            <FormError message={actionData?.error} />
            <input type="hidden" name="intent" value="withdraw" />
            <button type="submit" className="button button-secondary" disabled={navigation.state === "submitting"}>
              Withdraw my application
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Your coach application | ClarityAI Coaching" }, NOINDEX];
