import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { TaxDocument } from "~/components/tax-document";
import { NOINDEX, NOT_FOUND_META } from "~/utils/meta";
import { ownCreditNote } from "~/booking/documents.server";
import { SectionErrorBoundary } from "~/components/section-error-boundary";

// The credit note (an adjustment note for GST) of a refund, printable, with a PDF copy. Only the
// payment's owner sees it: anyone else gets a 404.

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  return { note: await ownCreditNote(context.db, viewer, params.refundId) };
}

export default function CreditNotePage() {
  const { note } = useLoaderData<typeof loader>();
  return (
    <TaxDocument
      back={{ to: "/profile?tab=bookings", label: "← Back to Bookings" }}
      headingId="credit-note-heading"
      title="Credit note"
      reference={`Credit note ${note.number}`}
      supplier={note.supplier}
      details={[
        ["Credit note number", note.number],
        ["Date", note.date],
        [
          "For tax invoice",
          <>
            <Link to={`/profile/payments/${encodeURIComponent(note.paymentId)}`}>{note.invoiceNumber}</Link> of {note.invoiceDate}
          </>,
        ],
        [
          "Customer",
          <>
            {note.customer.name}
            <br />
            {note.customer.email}
          </>,
        ],
        ["Reason", note.reason],
      ]}
      caption="What this credit note refunds"
      lines={[{ description: `Refund: ${note.description}`, amountCents: note.amountCents }]}
      totals={[
        { label: "Refund excl. GST", amountCents: note.amountExGstCents },
        { label: "GST", amountCents: note.gstCents },
        { label: "Total refunded incl. GST", amountCents: note.amountCents, strong: true },
      ]}
      credit
      printLabel="Print"
      pdfHref={`/profile/credit-notes/${encodeURIComponent(note.refundId)}.pdf`}
    >
      <p className="steps-note">This credit note reduces the tax invoice above. All amounts are in Australian dollars.</p>
    </TaxDocument>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return NOT_FOUND_META;
  return [{ title: `Credit note ${data.note.number} | ClarityAI Coaching` }, NOINDEX];
};

export function ErrorBoundary() {
  return <SectionErrorBoundary section="profile" />;
}
