import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { NavLink, Outlet } from "@remix-run/react";
import { PageHero } from "~/components/page-hero";
import { SectionErrorBoundary } from "~/components/section-error-boundary";
import { errorPageMeta, NOINDEX, pageMeta } from "~/utils/meta";
import { requireRole } from "~/auth/guards.server";

// The admin area's frame. Every admin route guards its own loader and action as well: Remix runs
// nested loaders in parallel, so a parent's check alone would not protect a child's data.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  return null;
}

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

export default function AdminLayout() {
  return (
    <>
      <PageHero
        eyebrow="Admin"
        title="Admin area"
        lead="Manage users and roles, review the security log, and read the emails the site has sent."
        crumbs={[{ label: "Home", to: "/" }, { label: "Admin" }]}
      />
      <div className="section profile-section">
        <div className="container profile-layout">
          <nav aria-label="Admin sections" className="profile-tabs">
            <ul>
              {SECTIONS.map((section) => (
                <li key={section.to}>
                  <NavLink to={section.to} end={section.end} className="profile-tab">
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="profile-content admin-content">
            <Outlet />
          </div>
        </div>
      </div>
    </>
  );
}

// A page that failed is shown by this layout's boundary: its title is the error page's, as the root's would be.
export const meta: MetaFunction = ({ matches, error }) =>
  error ? errorPageMeta(error) : [...pageMeta(matches, { title: "Admin", description: "ClarityAI Coaching administration.", path: "/admin" }), NOINDEX];

export function ErrorBoundary() {
  return <SectionErrorBoundary section="admin" />;
}
