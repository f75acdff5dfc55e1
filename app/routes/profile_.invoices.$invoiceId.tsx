import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { requireUser } from "~/auth/guards.server";
import { getTaxInvoice } from "~/billing/account.server";
import { formatCents } from "~/billing/describe";
import { gstIncludedCents } from "~/billing/plans";
import { TaxDocument } from "~/components/tax-document";
import { formatDate } from "~/utils/format";
import { NOINDEX, NOT_FOUND_META } from "~/utils/meta";
import { SectionErrorBoundary } from "~/components/section-error-boundary";
import { notFoundUnless } from "~/auth/permissions.server";

// A GST tax invoice for one ClarityAI payment, printable. Only its owner sees it: anyone else's
// invoice (or one that doesn't exist) is a 404, so invoice ids reveal nothing.

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const id = params.invoiceId ?? "";
  const invoice = id.length <= 255 ? await getTaxInvoice(context, viewer.id, id) : null;
  notFoundUnless(invoice);
  return { invoice, gstCents: gstIncludedCents(invoice.totalCents) };
}

export default function TaxInvoicePage() {
  const { invoice, gstCents } = useLoaderData<typeof loader>();
  const number = invoice.number ?? invoice.id;
  const period = invoice.periodStart && invoice.periodEnd ? `${formatDate(invoice.periodStart)} to ${formatDate(invoice.periodEnd)}` : null;
  const details: [string, ReactNode][] = [
    ["Invoice number", number],
    ["Invoice date", formatDate(invoice.createdAt)],
    [
      "Billed to",
      <>
        {invoice.customerName ? (
          <>
            {invoice.customerName}
            <br />
          </>
        ) : null}
        {invoice.customerEmail ?? "—"}
      </>,
    ],
  ];
  if (period) details.push(["Service period", period]);
  details.push(["Status", invoice.paidAt ? `Paid on ${formatDate(invoice.paidAt)}` : invoice.status === "open" ? "Due" : invoice.status]);
  return (
    <TaxDocument
      back={{ to: "/profile?tab=billing", label: "← Back to Billing" }}
      headingId="invoice-heading"
      title="Tax invoice"
      reference={`Invoice ${number}`}
      supplier={invoice.supplier}
      details={details}
      caption="What this invoice is for"
      lines={invoice.lines}
      totals={[
        { label: "Total incl. GST", amountCents: invoice.totalCents, strong: true },
        { label: "GST included", amountCents: gstCents },
      ]}
      printLabel="Print or save as PDF"
    >
      <p className="steps-note">All amounts are in Australian dollars. The total includes GST of {formatCents(gstCents)} (one eleventh of the total).</p>
    </TaxDocument>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return NOT_FOUND_META;
  return [{ title: `Tax invoice ${data.invoice.number ?? data.invoice.id} | ClarityAI Coaching` }, NOINDEX];
};

export function ErrorBoundary() {
  return <SectionErrorBoundary section="profile" />;
}
