import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { formatCents } from "~/billing/describe";
import { TaxDocument } from "~/components/tax-document";
import { NOINDEX, NOT_FOUND_META } from "~/utils/meta";
import { ownInvoice } from "~/booking/documents.server";
import { SectionErrorBoundary } from "~/components/section-error-boundary";

// The GST tax invoice of a booking payment (a session or a package), printable, with a PDF copy and
// the credit notes of any refunds. Only its owner sees it: anyone else gets a 404.

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  return { invoice: await ownInvoice(context.db, viewer, params.paymentId) };
}

const STATUS: Record<string, string> = { paid: "Paid", partially_refunded: "Paid, partly refunded", refunded: "Refunded" };

export default function BookingTaxInvoice() {
  const { invoice } = useLoaderData<typeof loader>();
  return (
    <TaxDocument
      back={{ to: "/profile?tab=bookings", label: "← Back to Bookings" }}
      headingId="invoice-heading"
      title="Tax invoice"
      reference={`Invoice ${invoice.number}`}
      supplier={invoice.supplier}
      details={[
        ["Invoice number", invoice.number],
        ["Invoice date", invoice.date],
        [
          "Billed to",
          <>
            {invoice.customer.name}
            <br />
            {invoice.customer.email}
          </>,
        ],
        ["Status", STATUS[invoice.status] ?? invoice.status],
      ]}
      caption="What this invoice is for"
      lines={invoice.lines}
      totals={[
        { label: "Total excl. GST", amountCents: invoice.totalExGstCents },
        { label: "GST", amountCents: invoice.gstCents },
        { label: "Total incl. GST", amountCents: invoice.totalCents, strong: true },
      ]}
      printLabel="Print"
      pdfHref={`/profile/payments/${encodeURIComponent(invoice.paymentId)}.pdf`}
    >
      <p>Paid in full by card on {invoice.date}.</p>
      {invoice.creditNotes.length ? (
        <>
          <h2>Refunds</h2>
          <ul>
            {invoice.creditNotes.map((note) => (
              <li key={note.id}>
                {formatCents(note.amountCents)} refunded on {note.date}:{" "}
                <Link to={`/profile/credit-notes/${encodeURIComponent(note.id)}`}>credit note {note.number}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="steps-note">
        All amounts are in Australian dollars. The total includes GST of {formatCents(invoice.gstCents)} (one eleventh of the total).
      </p>
    </TaxDocument>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return NOT_FOUND_META;
  return [{ title: `Tax invoice ${data.invoice.number} | ClarityAI Coaching` }, NOINDEX];
};

export function ErrorBoundary() {
  return <SectionErrorBoundary section="profile" />;
}
