import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { eq } from "drizzle-orm";
import { emailOutbox } from "~/db/schema";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { formatDateTime } from "~/utils/format";
import { requireRole } from "~/auth/guards.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const id = params.id ?? "";
  const row = id.length <= 100 ? await context.db.query.emailOutbox.findFirst({ where: eq(emailOutbox.id, id) }) : undefined;
  if (!row) throw new Response("Not found", { status: 404 });
  return {
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    provider: row.provider,
    created: formatDateTime(row.createdAt),
    sent: row.sentAt ? formatDateTime(row.sentAt) : null,
    text: row.textBody,
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
              : "Waiting to send"}
        </dd>
        <dt>Created</dt>
        <dd>{email.created}</dd>
        {email.sent ? (
          <>
            <dt>Sent</dt>
            <dd>{email.sent}</dd>
          </>
        ) : null}
      </dl>
      <h3>Message</h3>
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
