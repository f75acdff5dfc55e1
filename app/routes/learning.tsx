import { Outlet } from "@remix-run/react";
import { SectionErrorBoundary } from "~/components/section-error-boundary";

// The learning hub's frame (/learning and its modules and lessons). Each page guards itself (signed
// in); a page that fails shows the hub's own error under the site's header.
export default function LearningSection() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <SectionErrorBoundary section="learning" />;
}
