import type { MetaFunction } from "@remix-run/cloudflare";
import { notFoundResponse } from "~/auth/permissions.server";
import { NOT_FOUND_META } from "~/utils/meta";

// There is no page at /meeting itself, only each meeting at /meeting/{id}: the same 404 as any
// unknown address, for visitors and members alike.
export function loader() {
  throw notFoundResponse();
}

export const meta: MetaFunction = () => NOT_FOUND_META;

export default function NoMeeting() {
  return null;
}
