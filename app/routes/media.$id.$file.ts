import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { serveMedia } from "~/content/media.server";

// An uploaded image's size or original, or an uploaded file: /media/<id>/<width>.<webp|jpg|png> or
// /media/<id>/<name>.<ext>. Public (the id can't be guessed) and kept for good: an id's bytes never change.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return serveMedia(context, request, params.id ?? "", params.file ?? "");
}
