import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { getTaxInvoice } from "~/billing/account.server";
import { formatCents } from "~/billing/describe";
import { gstIncludedCents } from "~/billing/plans";
import { PrintButton } from "~/components/print-button";
import { formatDate } from "~/utils/format";
import { NOINDEX, NOT_FOUND_META } from "~/utils/meta";

// A GST tax invoice for one ClarityAI payment, printable. Only its owner sees it: anyone else's
// invoice (or one that doesn't exist) is a 404, so invoice ids reveal nothing.

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const id = params.invoiceId ?? "";
  const invoice = id.length <= 255 ? await getTaxInvoice(context, viewer.id, id) : null;
  if (!invoice) throw new Response("Not Found", { status: 404 });
  return { invoice, gstCents: gstIncludedCents(invoice.totalCents) };
}

export default function TaxInvoicePage() {
  const { invoice, gstCents } = useLoaderData<typeof loader>();
  const number = invoice.number ?? invoice.id;
  const period = invoice.periodStart && invoice.periodEnd ? `${formatDate(invoice.periodStart)} to ${formatDate(invoice.periodEnd)}` : null;
  return (
    <div className="section">
      <div className="container page-narrow">
        <p className="print-hide">
          <Link to="/profile?tab=billing">← Back to Billing</Link>
        </p>
        <article className="tax-invoice" aria-labelledby="invoice-heading">
          <header className="tax-invoice-header">
            <div>
              <h1 id="invoice-heading">Tax invoice</h1>
              <p className="tax-invoice-number">Invoice {number}</p>
            </div>
            <div className="tax-invoice-supplier">
              <p>
                <strong>{invoice.supplier.name}</strong>
              </p>
              <p>ABN {invoice.supplier.abn}</p>
              {invoice.supplier.address ? <p>{invoice.supplier.address}</p> : null}
              <p>{invoice.supplier.email}</p>
            </div>
          </header>

          <dl className="tax-invoice-meta">
            <dt>Invoice number</dt>
            <dd>{number}</dd>
            <dt>Invoice date</dt>
            <dd>{formatDate(invoice.createdAt)}</dd>
            <dt>Billed to</dt>
            <dd>
              {invoice.customerName ? (
                <>
                  {invoice.customerName}
                  <br />
                </>
              ) : null}
              {invoice.customerEmail ?? "—"}
            </dd>
            {period ? (
              <>
                <dt>Service period</dt>
                <dd>{period}</dd>
              </>
            ) : null}
            <dt>Status</dt>
            <dd>{invoice.paidAt ? `Paid on ${formatDate(invoice.paidAt)}` : invoice.status === "open" ? "Due" : invoice.status}</dd>
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
                <th scope="row">Total incl. GST</th>
                <td className="amount">
                  <strong>{formatCents(invoice.totalCents)}</strong>
                </td>
              </tr>
              <tr>
                <th scope="row">GST included</th>
                <td className="amount">{formatCents(gstCents)}</td>
              </tr>
            </tfoot>
          </table>
          <p className="steps-note">All amounts are in Australian dollars. The total includes GST of {formatCents(gstCents)} (one eleventh of the total).</p>
        </article>
        <div className="button-row print-hide">
          <PrintButton label="Print or save as PDF" />
        </div>
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return NOT_FOUND_META;
  return [{ title: `Tax invoice ${data.invoice.number ?? data.invoice.id} | ClarityAI Coaching` }, NOINDEX];
};
