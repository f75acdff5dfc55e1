import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Viewer } from "~/auth/web-sessions.server";
import { creditNote, renderCreditNotePdf, renderInvoicePdf, taxInvoice, type CreditNoteView, type TaxInvoiceView } from "~/booking/documents.server";

// A booking payment's tax invoice and its refunds' credit notes, for their owner only: the account
// that paid, or (for a payment made before the account existed) the same confirmed email address.
// Anything else — someone else's document, or an id that doesn't exist — is the same 404, so
// document ids reveal nothing.

const ID = /^[A-Za-z0-9_-]{1,100}$/;

function owns(viewer: Viewer, document: { userId: string | null; customer: { email: string } }) {
  if (document.userId) return document.userId === viewer.id;
  return document.customer.email.toLowerCase() === viewer.email.toLowerCase();
}

function notFound(): never {
  throw new Response("Not Found", { status: 404, headers: { "Cache-Control": "private, no-store" } });
}

export async function ownInvoice(context: AppLoadContext, viewer: Viewer, paymentId: string | undefined): Promise<TaxInvoiceView> {
  const invoice = paymentId && ID.test(paymentId) ? await taxInvoice(context.db, paymentId) : null;
  if (!invoice || !owns(viewer, invoice)) notFound();
  return invoice;
}

export async function ownCreditNote(context: AppLoadContext, viewer: Viewer, refundId: string | undefined): Promise<CreditNoteView> {
  const note = refundId && ID.test(refundId) ? await creditNote(context.db, refundId) : null;
  if (!note || !owns(viewer, note)) notFound();
  return note;
}

function pdfResponse(bytes: Uint8Array, filename: string) {
  // A copy typed as a plain ArrayBuffer view, which Response takes.
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export function invoicePdf(invoice: TaxInvoiceView) {
  return pdfResponse(renderInvoicePdf(invoice), `tax-invoice-${invoice.number}.pdf`);
}

export function creditNotePdf(note: CreditNoteView) {
  return pdfResponse(renderCreditNotePdf(note), `credit-note-${note.number}.pdf`);
}
