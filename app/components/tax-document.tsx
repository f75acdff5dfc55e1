import { Link } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import { formatCents } from "~/billing/describe";
import { PrintButton } from "~/components/print-button";

// A printable tax document: a GST tax invoice (a ClarityAI payment or a booking payment) or a
// credit note. The pages differ in their details, lines and totals; the layout is this one.

type Supplier = { name: string; abn: string; address?: string | null; email: string };
type Amount = { label: string; amountCents: number; strong?: boolean };

export function TaxDocument({
  back,
  headingId,
  title,
  reference,
  supplier,
  details,
  caption,
  lines,
  totals,
  credit = false,
  children,
  printLabel,
  pdfHref,
}: {
  back: { to: string; label: string };
  headingId: string;
  title: string;
  /** Under the title, e.g. "Invoice INV-000042". */
  reference: string;
  supplier: Supplier;
  /** Label and value pairs of the document's details (number, date, customer…). */
  details: [string, ReactNode][];
  caption: string;
  lines: { description: string; amountCents: number }[];
  totals: Amount[];
  /** A credit note: every amount is shown as a reduction. */
  credit?: boolean;
  /** Anything after the lines, inside the document. */
  children?: ReactNode;
  printLabel: string;
  pdfHref?: string;
}) {
  const money = (cents: number) => `${credit ? "-" : ""}${formatCents(cents)}`;
  return (
    <div className="section">
      <div className="container page-narrow">
        <p className="print-hide">
          <Link to={back.to}>{back.label}</Link>
        </p>
        <article className="tax-invoice" aria-labelledby={headingId}>
          <header className="tax-invoice-header">
            <div>
              <h1 id={headingId}>{title}</h1>
              <p className="tax-invoice-number">{reference}</p>
            </div>
            <div className="tax-invoice-supplier">
              <p>
                <strong>{supplier.name}</strong>
              </p>
              <p>ABN {supplier.abn}</p>
              {supplier.address ? <p>{supplier.address}</p> : null}
              <p>{supplier.email}</p>
            </div>
          </header>
          <dl className="tax-invoice-meta">
            {details.map(([label, value]) => (
              <Fragment key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </Fragment>
            ))}
          </dl>
          <table className="tax-invoice-lines">
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">Description</th>
                <th scope="col" className="amount">
                  Amount incl. GST
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line, index) => (
                <tr key={`${index}-${line.description}`}>
                  <td>{line.description}</td>
                  <td className="amount">{money(line.amountCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              {totals.map((total) => (
                <tr key={total.label}>
                  <th scope="row">{total.label}</th>
                  <td className="amount">{total.strong ? <strong>{money(total.amountCents)}</strong> : money(total.amountCents)}</td>
                </tr>
              ))}
            </tfoot>
          </table>
          {children}
        </article>
        <div className="button-row print-hide">
          <PrintButton label={printLabel} />
          {pdfHref ? (
            <a className="button button-secondary" href={pdfHref} download>
              Download PDF
            </a>
          ) : null}
        </div>
      </div>
    </div>
  );
}
