import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireRole } from "~/auth/guards.server";
import { csvDownload, statementCsv, statementView } from "~/coach-network/statement-documents.server";
import { requireOwnStatement } from "~/coach-network/statements.server";

// A statement's lines as a CSV: its coach only (404 for anyone else's).
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  const view = statementView(await requireOwnStatement(context.db, viewer.id, params.id));
  return csvDownload(statementCsv(view), `statement-${view.number}.csv`);
}
