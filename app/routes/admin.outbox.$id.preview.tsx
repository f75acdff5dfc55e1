import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { requireRole } from "~/auth/guards.server";
import { emailOutbox } from "~/db/schema";
import { SANDBOXED_DOCUMENT_CSP } from "~/platform/security-headers.server";

// An email's HTML part, as a document of its own for the sandboxed frame on the outbox page. Its
// policy (SANDBOXED_DOCUMENT_CSP) lets nothing in it run or load from elsewhere, whatever it holds.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const id = params.id ?? "";
  const row = id.length <= 100 ? await context.db.query.emailOutbox.findFirst({ columns: { htmlBody: true }, where: eq(emailOutbox.id, id) }) : undefined;
  const headers = { "Content-Security-Policy": SANDBOXED_DOCUMENT_CSP, "Cache-Control": "private, no-store" };
  if (!row?.htmlBody) {
    return new Response(row ? "This email has no HTML part." : "Not found", {
      status: 404,
      headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(row.htmlBody, { headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}
