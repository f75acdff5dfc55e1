import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { formatCents } from "~/billing/describe";
import { PrintButton } from "~/components/print-button";
import { NOINDEX, NOT_FOUND_META } from "~/utils/meta";
import { ownCreditNote } from "./profile/documents.server";

// The credit note (an adjustment note for GST) of a refund, printable, with a PDF copy. Only the
// payment's owner sees it: anyone else gets a 404.

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  return { note: await ownCreditNote(context, viewer, params.refundId) };
}

export default function CreditNotePage() {
  const { note } = useLoaderData<typeof loader>();
  return (
    <div className="section">
      <div className="container page-narrow">
        <p className="print-hide">
          <Link to="/profile?tab=bookings">← Back to Bookings</Link>
        </p>
        <article className="tax-invoice" aria-labelledby="credit-note-heading">
          <header className="tax-invoice-header">
            <div>
              <h1 id="credit-note-heading">Credit note</h1>
              <p className="tax-invoice-number">Credit note {note.number}</p>
            </div>
            <div className="tax-invoice-supplier">
              <p>
                <strong>{note.supplier.name}</strong>
              </p>
              <p>ABN {note.supplier.abn}</p>
              <p>{note.supplier.email}</p>
            </div>
          </header>
          <dl className="tax-invoice-meta">
            <dt>Credit note number</dt>
            <dd>{note.number}</dd>
            <dt>Date</dt>
            <dd>{note.date}</dd>
            <dt>For tax invoice</dt>
            <dd>
              <Link to={`/profile/payments/${encodeURIComponent(note.paymentId)}`}>{note.invoiceNumber}</Link> of {note.invoiceDate}
            </dd>
            <dt>Customer</dt>
            <dd>
              {note.customer.name}
              <br />
              {note.customer.email}
            </dd>
            <dt>Reason</dt>
            <dd>{note.reason}</dd>
          </dl>
          <table className="tax-invoice-lines">
            <caption className="visually-hidden">What this credit note refunds</caption>
            <thead>
              <tr>
                <th scope="col">Description</th>
                <th scope="col" className="amount">
                  Amount incl. GST
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>Refund: {note.description}</td>
                <td className="amount">-{formatCents(note.amountCents)}</td>
              </tr>
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Refund excl. GST</th>
                <td className="amount">-{formatCents(note.amountExGstCents)}</td>
              </tr>
              <tr>
                <th scope="row">GST</th>
                <td className="amount">-{formatCents(note.gstCents)}</td>
              </tr>
              <tr>
                <th scope="row">Total refunded incl. GST</th>
                <td className="amount">
                  <strong>-{formatCents(note.amountCents)}</strong>
                </td>
              </tr>
            </tfoot>
          </table>
          <p className="steps-note">This credit note reduces the tax invoice above. All amounts are in Australian dollars.</p>
        </article>
        <div className="button-row print-hide">
          <PrintButton label="Print" />
          <a className="button button-secondary" href={`/profile/credit-notes/${encodeURIComponent(note.refundId)}.pdf`} download>
            Download PDF
          </a>
        </div>
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return NOT_FOUND_META;
  return [{ title: `Credit note ${data.note.number} | ClarityAI Coaching` }, NOINDEX];
};
