import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { publicCoachPhoto } from "~/coach-network/profile.server";

// A bookable coach's photo, as the booking page shows it. Its address carries the photo's version
// (?v=, from when it last changed), so a browser or CDN may keep it for a year: a new photo gets a
// new address. Coaches who are not on the booking page have no public photo (404).

const IMMUTABLE = "public, max-age=31536000, immutable";
const BRIEFLY = "public, max-age=300";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  const photo = /^[a-z0-9-]{1,80}$/.test(slug) ? await publicCoachPhoto(context, slug) : null;
  if (!photo) return new Response("Photo not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  const current = new URL(request.url).searchParams.get("v") === photo.version;
  return new Response(photo.body, {
    headers: {
      "Content-Type": photo.type,
      "Content-Length": String(photo.size),
      // Only the address naming the current version may be kept for good.
      "Cache-Control": current ? IMMUTABLE : BRIEFLY,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
