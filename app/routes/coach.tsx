import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NavLink, Outlet } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { SectionErrorBoundary } from "~/components/section-error-boundary";
import portalStylesHref from "~/styles/coach-portal.css?url";

// The coach portal's frame (/coach and the pages under it): the portal's own navigation above each
// page. Every page guards its own loader and action as well: Remix runs nested loaders in
// parallel, so this check alone would not protect a child's data. A page that fails shows the
// portal's own error under the site's header.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: portalStylesHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "coach");
  return null;
}

const COACH_PORTAL_SECTIONS = [
  { to: "/coach", label: "Dashboard", end: true },
  { to: "/coach/sessions", label: "Sessions", end: false },
  { to: "/coach/clients", label: "Clients", end: false },
  { to: "/coach/availability", label: "Availability", end: false },
  { to: "/coach/profile", label: "Profile", end: false },
  { to: "/coach/earnings", label: "Earnings", end: false },
  { to: "/coach/payouts", label: "Payouts", end: false },
] as const;

export default function CoachSection() {
  return (
    <>
      <nav aria-label="Coach portal" className="portal-nav">
        <div className="container">
          <ul>
            {COACH_PORTAL_SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to} end={section.end} prefetch="intent">
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      </nav>
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <SectionErrorBoundary section="coach" />;
}
