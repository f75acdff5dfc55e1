import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { listOutbox, OUTBOX_PAGE_SIZE } from "~/email/admin-outbox.server";
import { SMS_ADDRESS_PREFIX } from "~/email/outbox.server";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { formatTimestamp } from "~/booking/time-zones";
import { requireRole } from "~/auth/guards.server";
import { Pagination } from "~/components/ui/pagination";
import { pageParam } from "~/utils/page-param";
import { TableScroll } from "~/components/ui/table-scroll";

const STATUS_LABELS = { pending: "Waiting to send", sent: "Sent", stored: "Kept in outbox", suppressed: "Not sent (unsubscribed)" } as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { timeZone } = await requireRole(request, context, "admin");
  const page = pageParam(new URL(request.url)) ?? 1;
  const { rows, total } = await listOutbox(context.db, page);
  return {
    page,
    pageCount: Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE)),
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
        <TableScroll label="Emails table">
          <table className="admin-table">
            <caption className="visually-hidden">Emails, newest first</caption>
            <thead>
              <tr>
                <th scope="col">To</th>
                <th scope="col">Subject</th>
                <th scope="col">Kind</th>
                <th scope="col">Parts</th>
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
                  <td>{email.category === "marketing" ? "Marketing" : "Transactional"}</td>
                  <td>{email.parts}</td>
                  <td>{email.status}</td>
                  <td>
                    <time dateTime={email.createdAt}>{email.when}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
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
