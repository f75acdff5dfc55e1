import { asc, eq } from "drizzle-orm";
import { requireHolder, type AccountOrAddress, type PermissionViewer } from "~/auth/permissions.server";
import { formatCents } from "~/billing/describe";
import { BUSINESS } from "~/content/business";
import type { Db } from "~/db/client.server";
import { bookingPayments, paymentRefunds } from "~/db/schema";
import { formatDate } from "~/utils/format";
import { A4, renderPdf, wrapText, type PdfPage, type PdfText } from "./pdf";

// The GST documents of a payment: its tax invoice and, for each refund, a credit note. View models
// for the HTML pages and the PDFs alike, read from booking_payments / payment_refunds (which keep
// what was sold, to whom and for how much, as it was at the time). Dates are Sydney dates.

export type DocumentSupplier = { name: string; abn: string; email: string };
export type DocumentCustomer = { name: string; email: string };

export type TaxInvoiceView = {
  title: "Tax invoice";
  paymentId: string;
  number: string;
  /** "3 December 2026" (Sydney). */
  date: string;
  issuedAt: string;
  supplier: DocumentSupplier;
  customer: DocumentCustomer;
  /** The account the payment belongs to (null for a guest's payment): for the pages' ownership checks. */
  userId: string | null;
  bookingId: string | null;
  purchaseId: string | null;
  description: string;
  lines: { description: string; amountCents: number }[];
  totalCents: number;
  gstCents: number;
  totalExGstCents: number;
  status: "paid" | "partially_refunded" | "refunded";
  refundedCents: number;
  creditNotes: { id: string; number: string; date: string; amountCents: number }[];
};

export type CreditNoteView = {
  title: "Credit note";
  refundId: string;
  paymentId: string;
  number: string;
  date: string;
  issuedAt: string;
  supplier: DocumentSupplier;
  customer: DocumentCustomer;
  userId: string | null;
  /** The tax invoice this credit note adjusts. */
  invoiceNumber: string;
  invoiceDate: string;
  description: string;
  reason: string;
  amountCents: number;
  gstCents: number;
  amountExGstCents: number;
};

export function supplier(): DocumentSupplier {
  return { name: BUSINESS.name, abn: BUSINESS.abn, email: BUSINESS.email };
}

/** The tax invoice of one payment, or null. Callers check the viewer may see it (userId / customer email). */
export async function taxInvoice(db: Db, paymentId: string): Promise<TaxInvoiceView | null> {
  const payment = await db.select().from(bookingPayments).where(eq(bookingPayments.id, paymentId)).get();
  if (!payment) return null;
  const refunds = await db
    .select({ id: paymentRefunds.id, number: paymentRefunds.creditNoteNumber, createdAt: paymentRefunds.createdAt, amountCents: paymentRefunds.amountCents })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, paymentId))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.creditNoteNumber))
    .all();
  return {
    title: "Tax invoice",
    paymentId: payment.id,
    number: payment.invoiceNumber,
    date: formatDate(payment.paidAt),
    issuedAt: payment.paidAt,
    supplier: supplier(),
    customer: { name: payment.customerName, email: payment.customerEmail },
    userId: payment.userId,
    bookingId: payment.bookingId,
    purchaseId: payment.purchaseId,
    description: payment.description,
    lines: [{ description: payment.description, amountCents: payment.amountCents }],
    totalCents: payment.amountCents,
    gstCents: payment.gstCents,
    totalExGstCents: payment.amountCents - payment.gstCents,
    status: payment.status,
    refundedCents: payment.refundedCents,
    creditNotes: refunds.map((refund) => ({ id: refund.id, number: refund.number, date: formatDate(refund.createdAt), amountCents: refund.amountCents })),
  };
}

/** The credit note of one refund, or null. */
export async function creditNote(db: Db, refundId: string): Promise<CreditNoteView | null> {
  const row = await db
    .select({ refund: paymentRefunds, payment: bookingPayments })
    .from(paymentRefunds)
    .innerJoin(bookingPayments, eq(bookingPayments.id, paymentRefunds.paymentId))
    .where(eq(paymentRefunds.id, refundId))
    .get();
  if (!row) return null;
  const { refund, payment } = row;
  return {
    title: "Credit note",
    refundId: refund.id,
    paymentId: payment.id,
    number: refund.creditNoteNumber,
    date: formatDate(refund.createdAt),
    issuedAt: refund.createdAt,
    supplier: supplier(),
    customer: { name: payment.customerName, email: payment.customerEmail },
    userId: payment.userId,
    invoiceNumber: payment.invoiceNumber,
    invoiceDate: formatDate(payment.paidAt),
    description: payment.description,
    reason: refund.reason,
    amountCents: refund.amountCents,
    gstCents: refund.gstCents,
    amountExGstCents: refund.amountCents - refund.gstCents,
  };
}

// ── PDF ───────────────────────────────────────────────────────────────────────────────────────────

const MARGIN = 56;
const RIGHT = A4.width - MARGIN;
const AMOUNT_COLUMN = 150;

/** Lays out a document top to bottom: each call moves the cursor down. */
class Layout {
  readonly page: PdfPage = { texts: [], rules: [] };
  private y = A4.height - MARGIN;

  text(text: string, options: { size?: number; bold?: boolean; gap?: number } = {}) {
    const size = options.size ?? 10;
    this.y -= size + (options.gap ?? 4);
    this.page.texts.push({ x: MARGIN, y: this.y, text, size, font: options.bold ? "bold" : "regular" });
  }

  /** A label on the left and a value on the right of the same line. */
  row(label: string, value: string, options: { bold?: boolean; size?: number } = {}) {
    const size = options.size ?? 10;
    this.y -= size + 6;
    const font = options.bold ? "bold" : "regular";
    this.page.texts.push({ x: MARGIN, y: this.y, text: label, size, font }, { x: RIGHT, y: this.y, text: value, size, font, align: "right" });
  }

  /** Wrapped text on the left (up to the amount column) with an amount on the right of its first line. */
  item(description: string, amount: string) {
    const size = 10;
    const lines = wrapText(description, size, RIGHT - MARGIN - AMOUNT_COLUMN);
    lines.forEach((line, i) => {
      this.y -= size + 4;
      const texts: PdfText[] = [{ x: MARGIN, y: this.y, text: line, size }];
      if (i === 0) texts.push({ x: RIGHT, y: this.y, text: amount, size, align: "right" });
      this.page.texts.push(...texts);
    });
  }

  paragraph(text: string, size = 9) {
    for (const line of wrapText(text, size, RIGHT - MARGIN)) this.text(line, { size, gap: 3 });
  }

  rule(gap = 8) {
    this.y -= gap;
    this.page.rules.push({ x1: MARGIN, y1: this.y, x2: RIGHT, y2: this.y });
  }

  space(points: number) {
    this.y -= points;
  }
}

function header(layout: Layout, title: string, details: [string, string][], supplierInfo: DocumentSupplier, customer: DocumentCustomer) {
  layout.text(title, { size: 22, bold: true, gap: 0 });
  layout.space(8);
  layout.text(supplierInfo.name, { bold: true, size: 11 });
  layout.text(`ABN ${supplierInfo.abn}`);
  layout.text(supplierInfo.email);
  layout.space(10);
  for (const [label, value] of details) layout.row(label, value);
  layout.space(10);
  layout.text("Bill to", { bold: true });
  layout.text(customer.name);
  layout.text(customer.email);
  layout.space(12);
}

export function renderInvoicePdf(invoice: TaxInvoiceView): Uint8Array<ArrayBuffer> {
  const layout = new Layout();
  header(
    layout,
    invoice.title,
    [
      ["Invoice number", invoice.number],
      ["Date", invoice.date],
    ],
    invoice.supplier,
    invoice.customer,
  );
  layout.row("Description", "Amount (incl. GST)", { bold: true });
  layout.rule(6);
  for (const line of invoice.lines) layout.item(line.description, formatCents(line.amountCents));
  layout.rule();
  layout.row("Total excluding GST", formatCents(invoice.totalExGstCents));
  layout.row("GST", formatCents(invoice.gstCents));
  layout.row("Total (including GST)", formatCents(invoice.totalCents), { bold: true, size: 11 });
  layout.space(6);
  layout.text(`Paid in full by card on ${invoice.date}.`);
  for (const note of invoice.creditNotes) layout.text(`Refunded ${formatCents(note.amountCents)} on ${note.date} (credit note ${note.number}).`);
  layout.space(14);
  layout.paragraph("All amounts are in Australian dollars. The total includes GST of one eleventh of the amount.");
  return renderPdf([layout.page], { title: `${invoice.title} ${invoice.number}`, author: invoice.supplier.name });
}

export function renderCreditNotePdf(note: CreditNoteView): Uint8Array<ArrayBuffer> {
  const layout = new Layout();
  header(
    layout,
    note.title,
    [
      ["Credit note number", note.number],
      ["Date", note.date],
      ["For tax invoice", `${note.invoiceNumber} of ${note.invoiceDate}`],
    ],
    note.supplier,
    note.customer,
  );
  layout.row("Description", "Amount (incl. GST)", { bold: true });
  layout.rule(6);
  layout.item(`Refund: ${note.description}`, `-${formatCents(note.amountCents)}`);
  layout.paragraph(`Reason: ${note.reason}`);
  layout.rule();
  layout.row("Refund excluding GST", `-${formatCents(note.amountExGstCents)}`);
  layout.row("GST", `-${formatCents(note.gstCents)}`);
  layout.row("Total refunded (including GST)", `-${formatCents(note.amountCents)}`, { bold: true, size: 11 });
  layout.space(14);
  layout.paragraph("This credit note (an adjustment note for GST) reduces the tax invoice above. All amounts are in Australian dollars.");
  return renderPdf([layout.page], { title: `${note.title} ${note.number}`, author: note.supplier.name });
}

// ── Their owner's only ───────────────────────────────────────────────────────────────────────────
// A payment's tax invoice and its refunds' credit notes are the payer's: the account that paid, or
// (for a payment made before the account existed) the same address. Anything else — someone else's
// document, or an id that doesn't exist — is the same 404, so document ids reveal nothing.

const DOCUMENT_ID = /^[A-Za-z0-9_-]{1,100}$/;
const PRIVATE = { "Cache-Control": "private, no-store" };

const holderOf = (document: { userId: string | null; customer: { email: string } }): AccountOrAddress => ({
  userId: document.userId,
  email: document.customer.email,
});

/** A booking payment's tax invoice, for its payer only (404 otherwise). */
export async function ownInvoice(db: Db, viewer: PermissionViewer, paymentId: string | undefined): Promise<TaxInvoiceView> {
  const invoice = paymentId && DOCUMENT_ID.test(paymentId) ? await taxInvoice(db, paymentId) : null;
  return requireHolder(viewer, invoice, holderOf, { headers: PRIVATE });
}

/** A refund's credit note, for the payer of its payment only (404 otherwise). */
export async function ownCreditNote(db: Db, viewer: PermissionViewer, refundId: string | undefined): Promise<CreditNoteView> {
  const note = refundId && DOCUMENT_ID.test(refundId) ? await creditNote(db, refundId) : null;
  return requireHolder(viewer, note, holderOf, { headers: PRIVATE });
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

/** The tax invoice as a PDF download answer. */
export function invoicePdf(invoice: TaxInvoiceView): Response {
  return pdfResponse(renderInvoicePdf(invoice), `tax-invoice-${invoice.number}.pdf`);
}

/** The credit note as a PDF download answer. */
export function creditNotePdf(note: CreditNoteView): Response {
  return pdfResponse(renderCreditNotePdf(note), `credit-note-${note.number}.pdf`);
}
