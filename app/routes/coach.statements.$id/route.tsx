import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { formatCents } from "~/billing/describe";
import { EarningsAmountCells, EarningsAmountHeadings } from "~/components/coach-network/earnings-columns";
import { statementView } from "~/coach-network/statement-documents.server";
import { requireOwnStatement } from "~/coach-network/statements.server";
import { PrintButton } from "~/components/print-button";
import { SectionErrorBoundary } from "~/components/section-error-boundary";
import { TableScroll } from "~/components/ui/table-scroll";
import stylesHref from "~/styles/coach-earnings.css?url";
import { NOINDEX, NOT_FOUND_META } from "~/utils/meta";

// One monthly statement: a recipient-created tax invoice or a payment statement, with its lines,
// totals and notes, and its PDF, CSV, Xero import and MYOB import. The coach's own only (404 otherwise).

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  return { view: statementView(await requireOwnStatement(context.db, viewer.id, params.id)) };
}

export default function StatementPage() {
  const { view } = useLoaderData<typeof loader>();
  const t = view.totals;
  const base = `/coach/statements/${view.id}`;
  return (
    <div className="section">
      <div className="container">
        <p className="print-hide">
          <Link to="/coach/earnings">← Back to Earnings</Link>
        </p>
        <article className="tax-invoice statement earnings-lines" aria-labelledby="statement-heading">
          <header className="tax-invoice-header">
            <div>
              <h1 id="statement-heading">{view.title}</h1>
              <p className="tax-invoice-number">
                {view.number} · {view.periodLabel}
              </p>
            </div>
          </header>
          <dl className="tax-invoice-meta">
            <dt>Number</dt>
            <dd>{view.number}</dd>
            <dt>Issued</dt>
            <dd>{view.issued}</dd>
            <dt>Period</dt>
            <dd>{view.periodRange}</dd>
            <dt>Supplier</dt>
            <dd>
              {view.supplier.name}
              {view.supplier.abn ? (
                <>
                  <br />
                  ABN {view.supplier.abn}
                </>
              ) : null}
            </dd>
            <dt>Recipient</dt>
            <dd>
              {view.recipient.name}
              <br />
              ABN {view.recipient.abn}
            </dd>
          </dl>
          {view.rcti ? (
            <p className="statement-gst-note">
              <strong>{view.notes[0]}</strong>
            </p>
          ) : null}
          <TableScroll label={`Statement lines for ${view.periodLabel}`}>
            <table className="tax-invoice-lines">
              <caption id="statement-lines-caption">
                {view.lines.length} line{view.lines.length === 1 ? "" : "s"} for {view.periodLabel}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Session</th>
                  <EarningsAmountHeadings />
                  {view.rcti ? (
                    <th scope="col" className="amount">
                      GST on share
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {view.lines.map((line) => (
                  <tr key={line.id}>
                    <td>
                      <time dateTime={line.date}>{line.dateLabel}</time>
                    </td>
                    <td>{line.description}</td>
                    <EarningsAmountCells line={line} />
                    {view.rcti ? <td className="amount">{formatCents(line.shareGstCents)}</td> : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <dl className="statement-totals">
            <dt>Paid by clients (incl. GST)</dt>
            <dd>{formatCents(t.grossCents)}</dd>
            <dt>GST in that</dt>
            <dd>{formatCents(t.gstCents)}</dd>
            <dt>Platform fee</dt>
            <dd>{formatCents(t.feeCents)}</dd>
            <dt>Your share (excl. GST)</dt>
            <dd>{formatCents(t.shareCents)}</dd>
            {view.rcti ? (
              <>
                <dt>GST on your share</dt>
                <dd>{formatCents(t.shareGstCents)}</dd>
              </>
            ) : null}
            <dt>
              <strong>{view.rcti ? "Total owed to you (incl. GST)" : "Total owed to you"}</strong>
            </dt>
            <dd>
              <strong>{formatCents(t.totalCents)}</strong>
            </dd>
          </dl>
          <div className="statement-notes">
            {(view.rcti ? view.notes.slice(1) : view.notes).map((note) => (
              <p key={note} className="steps-note">
                {note}
              </p>
            ))}
          </div>
        </article>
        <div className="button-row print-hide">
          <a className="button button-primary" href={`${base}.pdf`} download>
            Download PDF
          </a>
          <a className="button button-secondary" href={`${base}.csv`} download>
            Download CSV
          </a>
          <a className="button button-secondary" href={`${base}/xero.csv`} download>
            Xero import (CSV)
          </a>
          <a className="button button-secondary" href={`${base}/myob.txt`} download>
            MYOB import (TXT)
          </a>
          <PrintButton label="Print" />
        </div>
        <p className="hint print-hide">
          The Xero import is a sales invoice to {view.recipient.name}: import it under Sales, choosing &ldquo;Amounts are tax exclusive&rdquo;. Lines go to
          account 200 (Sales) with the tax rate {view.rcti ? "GST on Income" : "BAS Excluded"}; change them in Xero if your accounts differ.
        </p>
        <p className="hint print-hide">
          The MYOB import is a service sale to {view.recipient.name} for MYOB AccountRight: import it with File, Import Data, Sales, Service Sales
          (tab-delimited, first record is a header). Lines go to account 4-1000 with the tax code {view.rcti ? "GST" : "N-T"}; change them in MYOB if your
          accounts differ.
        </p>
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return NOT_FOUND_META;
  return [{ title: `${data.view.title} ${data.view.number} | ClarityAI Coaching` }, NOINDEX];
};

export function ErrorBoundary() {
  return <SectionErrorBoundary section="coach" />;
}
