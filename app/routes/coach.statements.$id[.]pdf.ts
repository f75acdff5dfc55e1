import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireRole } from "~/auth/guards.server";
import { statementPdf, statementView } from "~/coach-network/statement-documents.server";
import { requireOwnStatement } from "~/coach-network/statements.server";

// A statement as a PDF: its coach only (404 for anyone else's).
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  const view = statementView(await requireOwnStatement(context.db, viewer.id, params.id));
  return new Response(new Uint8Array(statementPdf(view)), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="statement-${view.number}.pdf"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
