import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { createAuthContext } from "~/auth/context.server";
import { getOutboxEmail, hasFailedDelivery } from "~/email/admin-outbox.server";
import { resendOutboxEmail } from "~/email/resend.server";
import { redirectWithToast } from "~/platform/toast.server";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { formatTimestamp } from "~/booking/time-zones";
import { requireRole } from "~/auth/guards.server";
import { requireFound } from "~/auth/permissions.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { timeZone } = await requireRole(request, context, "admin");
  const row = requireFound(await getOutboxEmail(context.db, params.id ?? ""));
  const failed = row.status === "pending" && (await hasFailedDelivery(context.db, row.id));
  return {
    // A failed email is resent as it is; a sent or kept one as a copy; one on its way, or to an address that unsubscribed, not at all.
    resend: failed ? ("failed" as const) : row.status === "sent" || row.status === "stored" ? ("copy" as const) : null,
    id: row.id,
    to: row.toAddress,
    category: row.category,
    subject: row.subject,
    status: row.status,
    provider: row.provider,
    created: formatTimestamp(row.createdAt, timeZone),
    sent: row.sentAt ? formatTimestamp(row.sentAt, timeZone) : null,
    text: row.textBody,
    html: row.htmlBody,
  };
}

type ActionData = { error: string };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const row = requireFound(await getOutboxEmail(context.db, params.id ?? ""));
  const form = await request.formData();
  if (form.get("intent") !== "resend") return data<ActionData>({ error: "That action isn't available." }, { status: 400 });
  const { ipHash } = await createAuthContext(request, context);
  let result;
  try {
    result = await resendOutboxEmail(context.db, context.env, context.cloudflare.env.JOBS, row.id, { id: viewer.id, ipHash }, context.services.clock.now());
  } catch (error) {
    console.error("outbox: resend could not be queued", { id: row.id, error: error instanceof Error ? error.message : String(error) });
    return data<ActionData>({ error: "It couldn't be queued just now. Please try again shortly." }, { status: 503 });
  }
  const secret = context.env.SESSION_SECRET;
  switch (result.outcome) {
    case "resent":
      return redirectWithToast(
        `/admin/outbox/${result.outboxId}`,
        { title: "Email sent again", description: "This is the new copy.", variant: "success" },
        secret,
      );
    case "replayed":
      return redirectWithToast(
        `/admin/outbox/${row.id}`,
        { title: "Email queued again", description: "Its delivery runs again shortly.", variant: "success" },
        secret,
      );
    case "suppressed":
      return data<ActionData>({ error: "This address unsubscribed from marketing emails, so it can't be sent again." }, { status: 409 });
    case "in-flight":
      return data<ActionData>({ error: "This email is still on its way; it can be resent once it is sent or has failed." }, { status: 409 });
    case "already-resolved":
      return data<ActionData>({ error: "Its failed delivery was already replayed or dismissed." }, { status: 409 });
    default:
      return data<ActionData>({ error: "That email no longer exists." }, { status: 404 });
  }
}

export default function AdminOutboxEmail() {
  const email = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="email-heading">
      <p>
        <Link to="/admin/outbox">← Back to the outbox</Link>
      </p>
      <h2 id="email-heading">{email.subject}</h2>
      <dl className="email-meta">
        <dt>To</dt>
        <dd>{email.to}</dd>
        <dt>Status</dt>
        <dd>
          {email.status === "sent"
            ? `Sent through ${email.provider}`
            : email.status === "stored"
              ? "Kept in the outbox (no email provider configured)"
              : email.status === "suppressed"
                ? "Not sent: the address unsubscribed from marketing emails"
                : "Waiting to send"}
        </dd>
        <dt>Kind</dt>
        <dd>{email.category === "marketing" ? "Marketing (with an unsubscribe link)" : "Transactional"}</dd>
        <dt>Created</dt>
        <dd>{email.created}</dd>
        {email.sent ? (
          <>
            <dt>Sent</dt>
            <dd>{email.sent}</dd>
          </>
        ) : null}
      </dl>
      {actionData?.error ? (
        <p className="form-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {email.resend ? (
        <details className="ops-confirm">
          <summary className="button button-secondary">Resend…</summary>
          <Form method="post" className="ops-confirm-panel">
            <p>
              {email.resend === "failed"
                ? "Its delivery failed every retry. It is queued again as it is; the recipient gets it once."
                : "A new copy is written to the outbox and sent to the same address. The recipient gets it again, as a second email."}
            </p>
            <button type="submit" name="intent" value="resend" className="button button-primary" disabled={busy}>
              Yes, resend it
            </button>
          </Form>
        </details>
      ) : null}
      {email.html ? (
        <>
          <h3>HTML part</h3>
          <p className="hint">
            Shown as the recipient sees it, in a sandbox: scripts and forms in it cannot run, and its links do not open.{" "}
            <a href={`/admin/outbox/${email.id}/preview`} target="_blank" rel="noreferrer">
              Open it on its own page
            </a>
            .
          </p>
          <iframe className="email-preview" sandbox="" src={`/admin/outbox/${email.id}/preview`} title={`HTML part of “${email.subject}”`} />
          <details className="email-source">
            <summary>HTML source</summary>
            <pre className="email-body" tabIndex={0} aria-label="Email HTML source">
              {email.html}
            </pre>
          </details>
        </>
      ) : null}
      <h3>{email.html ? "Plain-text part" : "Message"}</h3>
      <pre className="email-body" tabIndex={0} aria-label="Email text">
        {email.text}
      </pre>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta(matches, {
    title: data ? `${data.subject} · Email outbox · Admin` : "Email outbox · Admin",
    description: "ClarityAI Coaching administration.",
    path: "/admin/outbox",
  }),
  NOINDEX,
];
