import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { accountsOverview } from "~/accounts/audit-log.server";
import { countKeptEmails } from "~/email/admin-outbox.server";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { formatTimestamp } from "~/booking/time-zones";
import { requireRole } from "~/auth/guards.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { timeZone } = await requireRole(request, context, "admin");
  const [accounts, storedEmails] = await Promise.all([accountsOverview(context.db), countKeptEmails(context.db)]);
  return {
    users: accounts.users,
    coaches: accounts.coaches,
    admins: accounts.admins,
    storedEmails,
    auditToday: accounts.auditToday,
    latest: accounts.latest.map((entry) => ({ action: entry.action, when: formatTimestamp(entry.createdAt, timeZone), iso: entry.createdAt })),
  };
}

export default function AdminOverview() {
  const stats = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="overview-heading">
      <h2 id="overview-heading">Overview</h2>
      <ul className="admin-stats">
        <li className="card">
          <strong>{stats.users}</strong> users
          <br />
          <span className="hint">
            {stats.coaches} coach{stats.coaches === 1 ? "" : "es"} · {stats.admins} admin{stats.admins === 1 ? "" : "s"}
          </span>
          <br />
          <Link to="/admin/users">Manage users and roles</Link>
        </li>
        <li className="card">
          <strong>{stats.auditToday}</strong> security events in the last 24 hours
          <br />
          <Link to="/admin/audit">Read the audit log</Link>
        </li>
        <li className="card">
          <strong>{stats.storedEmails}</strong> emails kept in the outbox
          <br />
          <span className="hint">Emails wait here when no email provider is configured.</span>
          <br />
          <Link to="/admin/outbox">Open the outbox</Link>
        </li>
        <li className="card">
          <strong>Leads</strong>
          <br />
          <span className="hint">Everyone who has enquired, with their source, status, owner and notes.</span>
          <br />
          <Link to="/admin/leads">Open the leads</Link>
        </li>
        <li className="card">
          <strong>Marketing</strong>
          <br />
          <span className="hint">Page views, inquiries, checkouts and revenue by source, campaign and day.</span>
          <br />
          <Link to="/admin/marketing">Open the marketing report</Link>
        </li>
      </ul>
      <h3>Latest events</h3>
      {stats.latest.length ? (
        <ul className="admin-latest">
          {stats.latest.map((entry, i) => (
            <li key={i}>
              <code>{entry.action}</code> · <time dateTime={entry.iso}>{entry.when}</time>
            </li>
          ))}
        </ul>
      ) : (
        <p>Nothing has happened yet.</p>
      )}
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Admin overview", description: "ClarityAI Coaching administration.", path: "/admin" }),
  NOINDEX,
];
