import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { count, desc } from "drizzle-orm";
import { emailOutbox } from "~/db/schema";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { formatDateTime } from "~/utils/format";
import { requireRole } from "~/auth/guards.server";
import { Pagination } from "~/components/ui/pagination";
import { pageParam } from "~/utils/page-param";

const PAGE_SIZE = 25;

const STATUS_LABELS = { pending: "Waiting to send", sent: "Sent", stored: "Kept in outbox" } as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const page = pageParam(new URL(request.url)) ?? 1;
  const db = context.db;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: emailOutbox.id,
        to: emailOutbox.toAddress,
        subject: emailOutbox.subject,
        status: emailOutbox.status,
        createdAt: emailOutbox.createdAt,
      })
      .from(emailOutbox)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(emailOutbox),
  ]);
  return {
    page,
    pageCount: Math.max(1, Math.ceil((total?.n ?? 0) / PAGE_SIZE)),
    emails: rows.map((row) => ({ ...row, status: STATUS_LABELS[row.status], when: formatDateTime(row.createdAt) })),
  };
}

function outboxHref(page: number) {
  return page > 1 ? `/admin/outbox?page=${page}` : "/admin/outbox";
}

export default function AdminOutbox() {
  const { page, pageCount, emails } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="outbox-heading">
      <h2 id="outbox-heading">Email outbox</h2>
      <p className="hint">
        Every email the site sends is written here first. Without an email provider configured, messages stay here — open one to read it, for example to pass on
        a sign-in code.
      </p>
      {emails.length ? (
        <div className="table-scroll">
          <table className="admin-table">
            <caption className="visually-hidden">Emails, newest first</caption>
            <thead>
              <tr>
                <th scope="col">To</th>
                <th scope="col">Subject</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {emails.map((email) => (
                <tr key={email.id}>
                  <td className="cell-wrap">{email.to}</td>
                  <td>
                    <Link to={`/admin/outbox/${email.id}`}>{email.subject}</Link>
                  </td>
                  <td>{email.status}</td>
                  <td>
                    <time dateTime={email.createdAt}>{email.when}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>No emails yet.</p>
      )}
      <Pagination page={page} pageCount={pageCount} href={outboxHref} previousLabel="← Newer" nextLabel="Older →" />
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Email outbox · Admin", description: "ClarityAI Coaching administration.", path: "/admin/outbox" }),
  NOINDEX,
];
