import { centsToDecimal, csvCell } from "~/attribution/report";
import { formatCents } from "~/billing/describe";
import { A4, renderPdf, wrapText, type PdfPage } from "~/booking/pdf";
import { localDate } from "~/booking/time-zones";
import { BUSINESS } from "~/content/business";
import { formatDate } from "~/utils/format";
import { CREDIT_PRICE_RULE, formatRate, ROUNDING_RULE } from "./share-tiers";
import {
  displayAbn,
  GST_PAYABLE_BY_SUPPLIER,
  PAYMENT_STATEMENT_NOTE,
  periodBounds,
  periodLabel,
  statementTitle,
  type StatementDocument,
} from "./statements.server";

// A statement's copies: the page's view, the PDF (app/booking/pdf.ts), a CSV of its lines and an
// accounting import. The import is Xero's sales-invoice CSV template (the coach is the supplier:
// in their books the statement is a sale to us). Amounts in it are tax exclusive; import with
// "Amounts are: Tax exclusive". Account 200 is Xero's default Sales account.
//
// The MYOB import is for MYOB AccountRight (2015 and later, Australian, including AccountRight on
// MYOB Business plans): File > Import Data > Sales > Service Sales, a tab-delimited text file whose
// first record is the header. The lines of one sale are consecutive records and a blank record ends
// the sale. Amounts are tax exclusive (the Inc-Tax field is blank) with the GST and the
// tax-inclusive amount alongside; dates are DD/MM/YYYY; the tax code is GST on an RCTI and N-T
// (not reportable) on a payment statement, as Xero's "BAS Excluded". Account 4-1000 is the income
// account of MYOB's default chart; Co./Last Name must match a customer card for us.

export const XERO_COLUMNS = [
  "*ContactName",
  "EmailAddress",
  "POAddressLine1",
  "POAddressLine2",
  "POAddressLine3",
  "POAddressLine4",
  "POCity",
  "PORegion",
  "POPostalCode",
  "POCountry",
  "*InvoiceNumber",
  "Reference",
  "*InvoiceDate",
  "*DueDate",
  "InventoryItemCode",
  "*Description",
  "*Quantity",
  "*UnitAmount",
  "Discount",
  "*AccountCode",
  "*TaxType",
  "TrackingName1",
  "TrackingOption1",
  "TrackingName2",
  "TrackingOption2",
  "Currency",
  "BrandingTheme",
] as const;
export const XERO_SALES_ACCOUNT = "200";

export const MYOB_COLUMNS = [
  "Co./Last Name",
  "First Name",
  "Inc-Tax",
  "Invoice #",
  "Date",
  "Customer PO",
  "Description",
  "Account #",
  "Amount",
  "Inc-Tax Amount",
  "Tax Code",
  "GST Amount",
  "Journal Memo",
  "Sale Status",
] as const;
export const MYOB_INCOME_ACCOUNT = "4-1000";

export type StatementView = ReturnType<typeof statementView>;

/** "10/11/2026": a date as Xero's Australian import reads it. */
function ddmmyyyy(iso: string): string {
  const [year, month, day] = localDate(iso, "Australia/Sydney").split("-");
  return `${day}/${month}/${year}`;
}

/** Everything the page, the PDF and the CSVs show, worked out once. */
export function statementView(document: StatementDocument) {
  const { statement, lines, coachZone } = document;
  const rcti = statement.kind === "rcti";
  const { start, end } = periodBounds(statement.period);
  const lastDay = new Date(end.getTime() - 1).toISOString();
  return {
    id: statement.id,
    rcti,
    title: statementTitle(statement),
    number: statement.number,
    period: statement.period,
    periodLabel: periodLabel(statement.period),
    periodRange: `${formatDate(start.toISOString())} to ${formatDate(lastDay)}`,
    issued: formatDate(statement.issuedAt),
    issuedDdmmyyyy: ddmmyyyy(statement.issuedAt),
    supplier: { name: statement.supplierName, abn: displayAbn(statement.supplierAbn), gstRegistered: statement.supplierGstRegistered },
    recipient: { name: statement.recipientName, abn: displayAbn(statement.recipientAbn), email: BUSINESS.email },
    lines: lines.map((line) => ({
      id: line.id,
      kind: line.kind,
      date: localDate(line.occurredAt, coachZone),
      dateLabel: formatDate(line.occurredAt),
      description:
        line.kind === "session"
          ? `${line.typeName} ${line.reference} on ${formatDate(line.startsAt)} (session ${line.sessionOrdinal ?? "–"})`
          : `Refund of ${line.typeName} ${line.reference} on ${formatDate(line.startsAt)}`,
      reference: line.reference,
      grossCents: line.grossCents,
      gstCents: line.gstCents,
      exGstCents: line.exGstCents,
      rate: formatRate(line.shareRateBp),
      feeCents: line.feeCents,
      shareCents: line.shareCents,
      shareGstCents: line.shareGstCents,
    })),
    totals: {
      lineCount: statement.lineCount,
      grossCents: statement.grossCents,
      gstCents: statement.gstCents,
      exGstCents: statement.grossCents - statement.gstCents,
      feeCents: statement.feeCents,
      shareCents: statement.shareCents,
      shareGstCents: statement.shareGstCents,
      totalCents: statement.totalCents,
    },
    notes: [
      ...(rcti
        ? [
            GST_PAYABLE_BY_SUPPLIER,
            "We issue this recipient-created tax invoice under our written RCTI agreement with you; you must not issue a tax invoice for these supplies.",
          ]
        : [PAYMENT_STATEMENT_NOTE]),
      ROUNDING_RULE,
      CREDIT_PRICE_RULE,
      "A refund of a session reverses your share of the refunded amount on the statement after the refund. All amounts are in Australian dollars.",
    ],
  };
}

// ── CSV ─────────────────────────────────────────────────────────────────────────────────────────

const money = (cents: number) => centsToDecimal(cents);
const row = (cells: string[]) => `${cells.join(",")}\r\n`;

/** The statement's lines as a spreadsheet: one row per line and a total row. */
export function statementCsv(view: StatementView): string {
  const header = ["Statement", "Date", "Line", "Description", "Price paid (incl. GST)", "GST", "Price excl. GST", "Rate", "Platform fee", "Your share"];
  if (view.rcti) header.push("GST on your share", "Owed to you");
  let out = row(header.map(csvCell));
  for (const line of view.lines) {
    const cells = [
      csvCell(view.number),
      line.date,
      line.kind,
      csvCell(line.description),
      money(line.grossCents),
      money(line.gstCents),
      money(line.exGstCents),
      csvCell(line.rate),
      money(line.feeCents),
      money(line.shareCents),
    ];
    if (view.rcti) cells.push(money(line.shareGstCents), money(line.shareCents + line.shareGstCents));
    out += row(cells);
  }
  const t = view.totals;
  const totals = [
    csvCell(view.number),
    "",
    "total",
    csvCell(`${t.lineCount} lines`),
    money(t.grossCents),
    money(t.gstCents),
    money(t.exGstCents),
    "",
    money(t.feeCents),
    money(t.shareCents),
  ];
  if (view.rcti) totals.push(money(t.shareGstCents), money(t.totalCents));
  return out + row(totals);
}

/** The statement as one sales invoice in Xero's import template: a row per line, amounts excluding GST. */
export function xeroCsv(view: StatementView): string {
  const taxType = view.rcti ? "GST on Income" : "BAS Excluded";
  let out = row(XERO_COLUMNS.map(csvCell));
  for (const line of view.lines) {
    const cells: Record<(typeof XERO_COLUMNS)[number], string> = {
      "*ContactName": csvCell(view.recipient.name),
      EmailAddress: csvCell(view.recipient.email),
      POAddressLine1: "",
      POAddressLine2: "",
      POAddressLine3: "",
      POAddressLine4: "",
      POCity: "",
      PORegion: "",
      POPostalCode: "",
      POCountry: "",
      "*InvoiceNumber": csvCell(view.number),
      Reference: csvCell(`${view.title} ${view.periodLabel}`),
      "*InvoiceDate": view.issuedDdmmyyyy,
      "*DueDate": view.issuedDdmmyyyy,
      InventoryItemCode: "",
      "*Description": csvCell(line.description),
      "*Quantity": "1",
      "*UnitAmount": money(line.shareCents),
      Discount: "",
      "*AccountCode": XERO_SALES_ACCOUNT,
      "*TaxType": csvCell(taxType),
      TrackingName1: "",
      TrackingOption1: "",
      TrackingName2: "",
      TrackingOption2: "",
      Currency: "AUD",
      BrandingTheme: "",
    };
    out += row(XERO_COLUMNS.map((column) => cells[column]));
  }
  return out;
}

/** A field of MYOB's tab-delimited import: no tabs or line breaks, and not read as a formula by a spreadsheet. */
function myobField(value: string): string {
  const text = value.replace(/[\t\r\n]+/g, " ");
  return /^[=+\-@]/.test(text) ? `'${text}` : text;
}

/** The statement as one service sale in MYOB AccountRight's import: a record per line, then the blank record that ends the sale. */
export function myobServiceSale(view: StatementView): string {
  const record = (cells: string[]) => `${cells.join("\t")}\r\n`;
  const taxCode = view.rcti ? "GST" : "N-T";
  let out = record([...MYOB_COLUMNS]);
  for (const line of view.lines) {
    const gstCents = view.rcti ? line.shareGstCents : 0;
    const cells: Record<(typeof MYOB_COLUMNS)[number], string> = {
      "Co./Last Name": myobField(view.recipient.name),
      "First Name": "",
      "Inc-Tax": "",
      "Invoice #": myobField(view.number),
      Date: view.issuedDdmmyyyy,
      "Customer PO": myobField(view.number),
      Description: myobField(line.description),
      "Account #": MYOB_INCOME_ACCOUNT,
      Amount: money(line.shareCents),
      "Inc-Tax Amount": money(line.shareCents + gstCents),
      "Tax Code": taxCode,
      "GST Amount": money(gstCents),
      "Journal Memo": myobField(`${view.title} ${view.number} ${view.periodLabel}`),
      "Sale Status": "I",
    };
    out += record(MYOB_COLUMNS.map((column) => cells[column]));
  }
  return `${out}\r\n`;
}

// ── PDF ─────────────────────────────────────────────────────────────────────────────────────────

const MARGIN = 40;
const RIGHT = A4.width - MARGIN;
const BOTTOM = 56;

/** Lays out pages top to bottom, starting a new page when the next line would not fit. */
class Pages {
  readonly pages: PdfPage[] = [];
  private page!: PdfPage;
  private y = 0;

  constructor(private readonly running: string) {
    this.newPage();
  }

  private newPage() {
    this.page = { texts: [], rules: [] };
    this.pages.push(this.page);
    this.y = A4.height - MARGIN;
    if (this.pages.length > 1) {
      this.y -= 9;
      this.page.texts.push({ x: MARGIN, y: this.y, text: `${this.running} (continued)`, size: 8 });
      this.y -= 8;
    }
  }

  private need(points: number) {
    if (this.y - points < BOTTOM) this.newPage();
  }

  text(text: string, options: { size?: number; bold?: boolean; gap?: number } = {}) {
    const size = options.size ?? 10;
    this.need(size + (options.gap ?? 4));
    this.y -= size + (options.gap ?? 4);
    this.page.texts.push({ x: MARGIN, y: this.y, text, size, font: options.bold ? "bold" : "regular" });
  }

  /** Cells at fixed x positions; numbers right-aligned at their x. */
  columns(cells: { x: number; text: string; align?: "left" | "right" }[], options: { size?: number; bold?: boolean } = {}) {
    const size = options.size ?? 8;
    this.need(size + 4);
    this.y -= size + 4;
    for (const cell of cells) this.page.texts.push({ x: cell.x, y: this.y, text: cell.text, size, font: options.bold ? "bold" : "regular", align: cell.align });
  }

  paragraph(text: string, size = 8) {
    for (const line of wrapText(text, size, RIGHT - MARGIN)) this.text(line, { size, gap: 3 });
  }

  rule(gap = 6) {
    this.need(gap);
    this.y -= gap;
    this.page.rules.push({ x1: MARGIN, y1: this.y, x2: RIGHT, y2: this.y });
  }

  space(points: number) {
    this.y -= points;
  }
}

/** The statement as a PDF, as many A4 pages as its lines need. */
export function statementPdf(view: StatementView): Uint8Array<ArrayBuffer> {
  const layout = new Pages(`${view.title} ${view.number}`);
  layout.text(view.title, { size: 18, bold: true, gap: 0 });
  layout.space(6);
  layout.text(`${view.number} · ${view.periodLabel} (${view.periodRange})`);
  layout.text(`Issued ${view.issued}`);
  layout.space(8);
  layout.text("Supplier (the coach)", { bold: true });
  layout.text(view.supplier.name);
  if (view.supplier.abn) layout.text(`ABN ${view.supplier.abn}`);
  layout.space(4);
  layout.text("Recipient", { bold: true });
  layout.text(view.recipient.name);
  layout.text(`ABN ${view.recipient.abn}`);
  layout.space(8);
  if (view.rcti) layout.text(GST_PAYABLE_BY_SUPPLIER, { bold: true });
  layout.space(4);

  const x = { date: MARGIN, description: MARGIN + 52, gross: 330, gst: 370, fee: 410, rate: 440, share: 490, shareGst: RIGHT };
  const head = [
    { x: x.date, text: "Date" },
    { x: x.description, text: "Session" },
    { x: x.gross, text: "Paid", align: "right" as const },
    { x: x.gst, text: "GST", align: "right" as const },
    { x: x.fee, text: "Fee", align: "right" as const },
    { x: x.rate, text: "Rate", align: "right" as const },
    { x: x.share, text: "Share", align: "right" as const },
    ...(view.rcti ? [{ x: x.shareGst, text: "GST on share", align: "right" as const }] : []),
  ];
  layout.columns(head, { bold: true });
  layout.rule(4);
  for (const line of view.lines) {
    const description = wrapText(line.description, 8, x.gross - x.description - 50)[0] ?? "";
    layout.columns([
      { x: x.date, text: line.date },
      { x: x.description, text: description },
      { x: x.gross, text: formatCents(line.grossCents), align: "right" },
      { x: x.gst, text: formatCents(line.gstCents), align: "right" },
      { x: x.fee, text: formatCents(line.feeCents), align: "right" },
      { x: x.rate, text: line.rate, align: "right" },
      { x: x.share, text: formatCents(line.shareCents), align: "right" },
      ...(view.rcti ? [{ x: x.shareGst, text: formatCents(line.shareGstCents), align: "right" as const }] : []),
    ]);
  }
  layout.rule();
  const t = view.totals;
  const total = (label: string, cents: number, bold = false) =>
    layout.columns(
      [
        { x: MARGIN, text: label },
        { x: RIGHT, text: formatCents(cents), align: "right" },
      ],
      { size: 10, bold },
    );
  total("Paid by clients (incl. GST)", t.grossCents);
  total("GST in that", t.gstCents);
  total("Platform fee", t.feeCents);
  total("Your share (excl. GST)", t.shareCents);
  if (view.rcti) total("GST on your share", t.shareGstCents);
  total(view.rcti ? "Total owed to you (incl. GST)" : "Total owed to you", t.totalCents, true);
  layout.space(10);
  for (const note of view.notes) {
    layout.paragraph(note);
    layout.space(3);
  }
  return renderPdf(layout.pages, { title: `${view.title} ${view.number}`, author: view.recipient.name });
}

/** A CSV as a private download. */
export function csvDownload(body: string, filename: string): Response {
  return textDownload(body, filename, "text/csv");
}

/** A text file as a private download. */
export function textDownload(body: string, filename: string, type = "text/plain"): Response {
  return new Response(body, {
    headers: {
      "Content-Type": `${type}; charset=utf-8`,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
