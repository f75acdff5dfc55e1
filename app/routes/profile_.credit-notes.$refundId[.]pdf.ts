import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/guards.server";
import { creditNotePdf, ownCreditNote } from "~/booking/documents.server";

// The PDF copy of a refund's credit note: the payment's owner only (404 for anyone else).
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  return creditNotePdf(await ownCreditNote(context.db, viewer, params.refundId));
}
