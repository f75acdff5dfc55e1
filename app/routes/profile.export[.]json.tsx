import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { collectUserData } from "~/accounts/data-export.server";
import { requireUser } from "~/auth/guards.server";
import { notFoundUnless } from "~/auth/permissions.server";
import { meetingChatsForExport } from "~/meetings/chat-user-data.server";

// "Download all my data": every row the signed-in user owns, as a JSON attachment.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const collected = await collectUserData(context, viewer.id);
  notFoundUnless(collected);
  // The meetings' chats live in their rooms, outside D1 (meetings/chat-user-data.server.ts).
  const exported = { ...collected, meetingChats: await meetingChatsForExport(context, { id: viewer.id, email: viewer.email ?? null }) };
  const date = exported.exportedAt.slice(0, 10);
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="clarityai-coaching-my-data-${date}.json"`,
      // Personal data: never kept by a shared cache or the browser's back/forward cache.
      "Cache-Control": "private, no-store",
    },
  });
}
