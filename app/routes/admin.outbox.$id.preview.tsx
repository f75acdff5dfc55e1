import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireRole } from "~/auth/guards.server";
import { requireFound } from "~/auth/permissions.server";
import { getOutboxHtml } from "~/email/admin-outbox.server";
import { SANDBOXED_DOCUMENT_CSP } from "~/platform/security-headers.server";

// An email's HTML part, as a document of its own for the sandboxed frame on the outbox page. Its
// policy (SANDBOXED_DOCUMENT_CSP) lets nothing in it run or load from elsewhere, whatever it holds.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const headers = { "Content-Security-Policy": SANDBOXED_DOCUMENT_CSP, "Cache-Control": "private, no-store" };
  const row = requireFound(await getOutboxHtml(context.db, params.id ?? ""), { headers });
  if (!row.htmlBody) {
    return new Response("This email has no HTML part.", { status: 404, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(row.htmlBody, { headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}
