import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { formatCents } from "~/billing/describe";
import { PrintButton } from "~/components/print-button";
import { NOINDEX, NOT_FOUND_META } from "~/utils/meta";
import { ownInvoice } from "./profile/documents.server";

// The GST tax invoice of a booking payment (a session or a package), printable, with a PDF copy and
// the credit notes of any refunds. Only its owner sees it: anyone else gets a 404.

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  return { invoice: await ownInvoice(context, viewer, params.paymentId) };
}

const STATUS: Record<string, string> = { paid: "Paid", partially_refunded: "Paid, partly refunded", refunded: "Refunded" };

export default function BookingTaxInvoice() {
  const { invoice } = useLoaderData<typeof loader>();
  return (
    <div className="section">
      <div className="container page-narrow">
        <p className="print-hide">
          <Link to="/profile?tab=bookings">← Back to Bookings</Link>
        </p>
        <article className="tax-invoice" aria-labelledby="invoice-heading">
          <header className="tax-invoice-header">
            <div>
              <h1 id="invoice-heading">Tax invoice</h1>
              <p className="tax-invoice-number">Invoice {invoice.number}</p>
            </div>
            <div className="tax-invoice-supplier">
              <p>
                <strong>{invoice.supplier.name}</strong>
              </p>
              <p>ABN {invoice.supplier.abn}</p>
              <p>{invoice.supplier.email}</p>
            </div>
          </header>
          <dl className="tax-invoice-meta">
            <dt>Invoice number</dt>
            <dd>{invoice.number}</dd>
            <dt>Invoice date</dt>
            <dd>{invoice.date}</dd>
            <dt>Billed to</dt>
            <dd>
              {invoice.customer.name}
              <br />
              {invoice.customer.email}
            </dd>
            <dt>Status</dt>
            <dd>{STATUS[invoice.status] ?? invoice.status}</dd>
          </dl>
          <table className="tax-invoice-lines">
            <caption className="visually-hidden">What this invoice is for</caption>
            <thead>
              <tr>
                <th scope="col">Description</th>
                <th scope="col" className="amount">
                  Amount incl. GST
                </th>
              </tr>
            </thead>
            <tbody>
              {invoice.lines.map((line, index) => (
                <tr key={`${index}-${line.description}`}>
                  <td>{line.description}</td>
                  <td className="amount">{formatCents(line.amountCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Total excl. GST</th>
                <td className="amount">{formatCents(invoice.totalExGstCents)}</td>
              </tr>
              <tr>
                <th scope="row">GST</th>
                <td className="amount">{formatCents(invoice.gstCents)}</td>
              </tr>
              <tr>
                <th scope="row">Total incl. GST</th>
                <td className="amount">
                  <strong>{formatCents(invoice.totalCents)}</strong>
                </td>
              </tr>
            </tfoot>
          </table>
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
        </article>
        <div className="button-row print-hide">
          <PrintButton label="Print" />
          <a className="button button-secondary" href={`/profile/payments/${encodeURIComponent(invoice.paymentId)}.pdf`} download>
            Download PDF
          </a>
        </div>
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return NOT_FOUND_META;
  return [{ title: `Tax invoice ${data.invoice.number} | ClarityAI Coaching` }, NOINDEX];
};
