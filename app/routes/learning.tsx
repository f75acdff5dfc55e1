import type { LinksFunction } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { SectionErrorBoundary } from "~/components/section-error-boundary";
import learningStylesHref from "~/styles/learning.css?url";

// The learning hub's frame (/learning and its modules and lessons): the section's styles, and its
// own error under the site's header when a page fails (an unknown or unpublished module or lesson
// shows the site's Not Found page). Each page guards itself (signed in): Remix runs nested loaders
// in parallel, so a check here alone would not protect a page's data.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: learningStylesHref }];

export default function LearningSection() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <SectionErrorBoundary section="learning" />;
}
