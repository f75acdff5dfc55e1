import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireRole } from "~/auth/guards.server";
import { getMedia, listMedia } from "~/content/media.server";
import { pickerItem } from "~/content/media-picker.server";
import { readTableQuery } from "~/utils/table-query";

// The media picker's list (app/content/admin/ui/media-picker.tsx): the newest uploads of one kind,
// searched by name or alt text (or one by ?id=), as JSON for the editor's dialog.
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const url = new URL(request.url);
  const headers = { "Cache-Control": "private, no-store" };
  // One asset by id: the preview of what a field already holds.
  const id = url.searchParams.get("id");
  if (id) {
    const asset = await getMedia(context.db, id);
    return Response.json({ items: asset ? [pickerItem(asset)] : [], total: asset ? 1 : 0 }, { headers });
  }
  const query = readTableQuery(url, {
    sorts: ["created"] as const,
    defaultSort: "created",
    defaultDirection: "desc",
    filters: { kind: ["image", "file"] },
    pageSize: 24,
  });
  const { rows, total } = await listMedia(context.db, { ...query, filters: { kind: query.filters.kind ?? "image" } });
  return Response.json({ items: rows.map(pickerItem), total }, { headers });
}
