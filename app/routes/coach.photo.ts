import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireRole } from "~/auth/guards.server";
import { ownCoachPhoto } from "~/coach-network/profile.server";

// The signed-in coach's own photo, for their profile page (before they are on the booking page,
// their photo is not public). Never kept by a shared cache.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  const photo = await ownCoachPhoto(context, viewer.id);
  if (!photo) return new Response("No photo yet.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(photo.body, {
    headers: { "Content-Type": photo.type, "Content-Length": String(photo.size), "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" },
  });
}
