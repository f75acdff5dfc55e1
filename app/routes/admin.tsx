import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, NavLink, Outlet, useLoaderData, useLocation, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import stylesHref from "~/styles/admin.css?url";
import { PageHero } from "~/components/page-hero";
import { SectionErrorBoundary } from "~/components/section-error-boundary";
import { errorPageMeta, NOINDEX, pageMeta } from "~/utils/meta";
import { requireRole } from "~/auth/guards.server";
import { useHydrated } from "~/utils/use-hydrated";
import { adminNavCounts, type AdminNavCounts } from "~/admin/nav-counts.server";

// The admin area's frame: the section navigation, with counts of what is waiting for an admin, and
// the one error boundary every admin page falls back to. Every admin route guards its own loader and
// action as well: Remix runs nested loaders in parallel, so a parent's check alone would not protect
// a child's data.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  return { counts: await adminNavCounts(context.db) };
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

// Sections in the order an admin works through them. Owners of new sections: Content and Media
// (content management), Learning (the learning hub's modules), Needs attention and Subscriptions
// (operations).
const SECTIONS = [
  { to: "/admin", label: "Overview", end: true },
  { to: "/admin/attention", label: "Needs attention", end: false },
  { to: "/admin/escalations", label: "Expert escalations", end: false },
  { to: "/admin/leads", label: "Leads", end: false },
  { to: "/admin/bookings", label: "Bookings", end: false },
  { to: "/admin/subscriptions", label: "Subscriptions", end: false },
  { to: "/admin/coach-applications", label: "Coach applications", end: false },
  { to: "/admin/coaches", label: "Coaches", end: false },
  { to: "/admin/payouts", label: "Coach payouts", end: false },
  { to: "/admin/content", label: "Content", end: false },
  { to: "/admin/media", label: "Media", end: false },
  { to: "/admin/learning", label: "Learning", end: false },
  { to: "/admin/pages", label: "Pages", end: false },
  { to: "/admin/marketing", label: "Marketing", end: false },
  { to: "/admin/users", label: "Users", end: false },
  { to: "/admin/outbox", label: "Email outbox", end: false },
  { to: "/admin/jobs", label: "Failed jobs", end: false },
  { to: "/admin/audit", label: "Audit log", end: false },
];

// The count beside a section, and what it counts (screen readers hear "Leads 3 new").
const COUNTS: Partial<Record<string, { key: keyof AdminNavCounts; noun: string }>> = {
  "/admin/attention": { key: "attention", noun: "failed" },
  "/admin/escalations": { key: "escalations", noun: "waiting" },
  "/admin/leads": { key: "leads", noun: "new" },
  "/admin/bookings": { key: "refunds", noun: "refund requests to decide" },
  "/admin/coach-applications": { key: "applications", noun: "to review" },
  "/admin/payouts": { key: "failedPayouts", noun: "failed" },
};

/** The section a path belongs to: the longest section path it starts with. */
function currentSection(pathname: string) {
  const path = pathname.replace(/\/+$/, "") || "/";
  return [...SECTIONS].sort((a, b) => b.to.length - a.to.length).find((section) => path === section.to || (!section.end && path.startsWith(`${section.to}/`)));
}

function AdminNav({ counts }: { counts: AdminNavCounts }) {
  const location = useLocation();
  // Phones get a compact disclosure once the page is interactive; before that (and on wider
  // screens) every section is listed, so the navigation never depends on JavaScript.
  const enhanced = useHydrated();
  // Open only on the page where it was opened: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;
  const current = currentSection(location.pathname);
  const waiting = counts.attention + counts.escalations + counts.refunds + counts.applications + counts.leads + counts.failedPayouts;
  return (
    <nav aria-label="Admin sections" className={`profile-tabs admin-nav${enhanced ? " is-enhanced" : ""}${open ? " is-open" : ""}`}>
      <button
        type="button"
        className="admin-nav-toggle"
        aria-expanded={open}
        aria-controls="admin-nav-list"
        onClick={() => setOpenOn(open ? null : location.pathname)}
      >
        <span>
          <span className="visually-hidden">Admin sections, now: </span>
          {current?.label ?? "Admin sections"}
        </span>
        {waiting > 0 ? (
          <span className="admin-nav-count" aria-hidden="true">
            {waiting}
          </span>
        ) : null}
        <span className="admin-nav-toggle-hint" aria-hidden="true">
          {open ? "Close" : "Sections"}
        </span>
      </button>
      <ul id="admin-nav-list">
        {SECTIONS.map((section) => {
          const counted = COUNTS[section.to];
          const count = counted ? counts[counted.key] : 0;
          return (
            <li key={section.to}>
              <NavLink to={section.to} end={section.end} className="profile-tab admin-nav-link">
                <span>{section.label}</span>
                {counted && count > 0 ? (
                  <span className="admin-nav-count" data-count={counted.key}>
                    {count}
                    <span className="visually-hidden"> {counted.noun}</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function AdminFrame({ counts, children }: { counts: AdminNavCounts; children: ReactNode }) {
  return (
    <>
      <PageHero
        eyebrow="Admin"
        title="Admin area"
        lead="Run the business from here: what needs attention, clients, bookings and coaches, content, and the site's emails and jobs."
        crumbs={[{ label: "Home", to: "/" }, { label: "Admin" }]}
      />
      <div className="section profile-section admin-section">
        <div className="container profile-layout admin-layout">
          <AdminNav counts={counts} />
          <div className="profile-content admin-content">{children}</div>
        </div>
      </div>
    </>
  );
}

export default function AdminLayout() {
  const { counts } = useLoaderData<typeof loader>();
  return (
    <AdminFrame counts={counts}>
      <Outlet />
    </AdminFrame>
  );
}

// A page that failed is shown by this layout's boundary: its title is the error page's, as the root's would be.
export const meta: MetaFunction = ({ matches, error }) =>
  error ? errorPageMeta(error) : [...pageMeta(matches, { title: "Admin", description: "ClarityAI Coaching administration.", path: "/admin" }), NOINDEX];

// Every admin page without a boundary of its own falls back to this one. When the frame itself
// loaded (the viewer is an admin), the failure is shown inside it, so the navigation stays and the
// admin can carry on elsewhere; a 404 is the site's Not Found page, and anything that stopped the
// frame (no admin, or its own query failing) is the section's full-page error.
export function ErrorBoundary() {
  const error = useRouteError();
  const frame = useRouteLoaderData<typeof loader>("routes/admin");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!frame || notFound) return <SectionErrorBoundary section="admin" />;
  return (
    <AdminFrame counts={frame.counts}>
      <SectionErrorBoundary section="admin" panel />
    </AdminFrame>
  );
}
