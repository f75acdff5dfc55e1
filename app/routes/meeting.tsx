import { Outlet } from "@remix-run/react";
import { SectionErrorBoundary } from "~/components/section-error-boundary";

// The video meetings' frame (/meeting/{id}). Each meeting page guards itself (its participants
// only); a page that fails shows the meeting's own error under the site's header.
export default function MeetingSection() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <SectionErrorBoundary section="meeting" />;
}
