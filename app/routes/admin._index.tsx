import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { count, desc, eq, gte } from "drizzle-orm";
import { auditLog, emailOutbox, userRoles, users } from "~/db/schema";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { formatDateTime } from "~/utils/format-date-time";
import { requireRole } from "~/auth/guards.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const db = context.db;
  const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
  const [[userCount], roleCounts, [unsent], [auditToday], latest] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ role: userRoles.role, n: count() }).from(userRoles).groupBy(userRoles.role),
    db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, "stored")),
    db.select({ n: count() }).from(auditLog).where(gte(auditLog.createdAt, dayAgo)),
    db.select({ action: auditLog.action, createdAt: auditLog.createdAt }).from(auditLog).orderBy(desc(auditLog.createdAt)).limit(5),
  ]);
  const roles = Object.fromEntries(roleCounts.map((r) => [r.role, r.n]));
  return {
    users: userCount?.n ?? 0,
    coaches: roles.coach ?? 0,
    admins: roles.admin ?? 0,
    storedEmails: unsent?.n ?? 0,
    auditToday: auditToday?.n ?? 0,
    latest: latest.map((entry) => ({ action: entry.action, when: formatDateTime(entry.createdAt), iso: entry.createdAt })),
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
