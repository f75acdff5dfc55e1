import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/guards.server";
import { invoicePdf, ownInvoice } from "~/booking/documents.server";

// The PDF copy of a booking payment's tax invoice: its owner only (404 for anyone else).
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  return invoicePdf(await ownInvoice(context.db, viewer, params.paymentId));
}
