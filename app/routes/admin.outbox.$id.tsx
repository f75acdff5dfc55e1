import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { getOutboxEmail } from "~/email/admin-outbox.server";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { formatTimestamp } from "~/booking/time-zones";
import { requireRole } from "~/auth/guards.server";
import { requireFound } from "~/auth/permissions.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { timeZone } = await requireRole(request, context, "admin");
  const row = requireFound(await getOutboxEmail(context.db, params.id ?? ""));
  return {
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

export default function AdminOutboxEmail() {
  const email = useLoaderData<typeof loader>();
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
