import { Outlet } from "@remix-run/react";
import { SectionErrorBoundary } from "~/components/section-error-boundary";

// The coach portal's frame (/coach and the pages under it). Each page guards itself: Remix runs
// nested loaders in parallel, so this layout has nothing to load. A page that fails shows the
// portal's own error under the site's header.
export default function CoachSection() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <SectionErrorBoundary section="coach" />;
}
