import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireRole } from "~/auth/guards.server";
import { myobServiceSale, statementView, textDownload } from "~/coach-network/statement-documents.server";
import { requireOwnStatement } from "~/coach-network/statements.server";

// A statement as a service sale in MYOB AccountRight's tab-delimited import: its coach only (404 for anyone else's).
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  const view = statementView(await requireOwnStatement(context.db, viewer.id, params.id));
  return textDownload(myobServiceSale(view), `statement-${view.number}-myob-import.txt`);
}
