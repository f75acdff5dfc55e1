import type { MetaFunction } from "@remix-run/cloudflare";
import { NOINDEX } from "~/utils/meta";
import { notFoundResponse } from "~/auth/permissions.server";

// Every path no other route claims: answer 404 and let the root error boundary show the page.
export function loader() {
  throw notFoundResponse();
}

export const meta: MetaFunction = () => [{ title: "Page not found | ClarityAI Coaching" }, NOINDEX];

export default function NotFoundRoute() {
  return null;
}
