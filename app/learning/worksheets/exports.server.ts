import { A4, renderPdf, wrapText, type PdfPage } from "~/booking/pdf";
import { cellRef, newSheet, set, serialDate, writeWorkbook, type Sheet } from "~/utils/xlsx";
import type { WorksheetKind, WorksheetSpec } from "../types";
import type { WorksheetAnswers } from "./stored";
import { documentText, sopDocument, templateDocument, type SopAnswers, type TemplateAnswers, type WorksheetDocument } from "./documents";
import { calculateForecast, FORECAST_WEEKS, weekLabel, weekStarting, type ForecastAnswers } from "./forecast";
import { plainCents, toDollars } from "./money";
import { calculatePricing, GST_RATE_PERCENT, type PricingAnswers } from "./pricing";

// A worksheet's artefact as files: the forecast as an Excel workbook (with live formulas) and a CSV;
// the pricing calculator as a CSV; a SOP or a template as a PDF and as plain text. The learner
// downloads their own; a coach downloads what a client shared (the same writers, from the snapshot).

export const COMPANY = "ClarityAI Coaching";
const FOOTER = `${COMPANY} · clarityai.com.au · General information, not financial advice.`;

export type WorksheetFormat = "xlsx" | "csv" | "pdf" | "txt";

/** The files each kind of worksheet exports, in the order the page offers them. */
export const EXPORT_FORMATS: Record<WorksheetKind, WorksheetFormat[]> = {
  "cash-flow-forecast": ["xlsx", "csv"],
  "pricing-calculator": ["csv"],
  sop: ["pdf", "txt"],
  template: ["pdf", "txt"],
};

export const FORMAT_LABELS: Record<WorksheetFormat, string> = {
  xlsx: "Excel workbook (.xlsx)",
  csv: "CSV spreadsheet (.csv)",
  pdf: "PDF document (.pdf)",
  txt: "Plain text (.txt)",
};

const CONTENT_TYPES: Record<WorksheetFormat, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
  pdf: "application/pdf",
  txt: "text/plain; charset=utf-8",
};

export function isWorksheetFormat(kind: WorksheetKind, format: string): format is WorksheetFormat {
  return (EXPORT_FORMATS[kind] as string[]).includes(format);
}

/** A CSV field, quoted when it must be; a leading = + - @ is defused so a spreadsheet won't run it as a formula. */
function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
const csv = (rows: (string | number)[][]) => `${rows.map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;

const weekNumbers = Array.from({ length: FORECAST_WEEKS }, (_, w) => w + 1);

export function forecastCsv(answers: ForecastAnswers): string {
  const result = calculateForecast(answers);
  const money = (cents: number) => plainCents(cents);
  const rows: (string | number)[][] = [
    ["Line", ...weekNumbers.map((w) => weekLabel(answers.firstWeekStarting, w)), "13-week total"],
    ["Opening balance", ...result.openingByWeek.map(money), ""],
    ...answers.receipts.map((line, i) => [
      `Receipts: ${line.label}`,
      ...line.amounts.map((a) => money(Math.round(a * 100))),
      money(result.receiptLineTotals[i]!),
    ]),
    ["Total receipts", ...result.receiptsByWeek.map(money), money(result.totals.receipts)],
    ...answers.payments.map((line, i) => [
      `Payments: ${line.label}`,
      ...line.amounts.map((a) => money(Math.round(a * 100))),
      money(result.paymentLineTotals[i]!),
    ]),
    ["Total payments", ...result.paymentsByWeek.map(money), money(result.totals.payments)],
    ["Net cash flow", ...result.netByWeek.map(money), money(result.totals.net)],
    ["Closing balance", ...result.closingByWeek.map(money), money(result.closingBalance)],
  ];
  if (result.minimumBuffer > 0) rows.push(["Minimum buffer", ...weekNumbers.map(() => money(result.minimumBuffer)), ""]);
  rows.push([], ["Lowest closing balance", `Week ${result.lowest.week}`, money(result.lowest.balance)]);
  return csv(rows);
}

/** The forecast as a workbook: the owner's figures with live formulas (totals, net, closing balances), and the lowest week. */
export function forecastXlsx(answers: ForecastAnswers, title: string, date: Date): Uint8Array {
  const result = calculateForecast(answers);
  const totalCol = FORECAST_WEEKS + 1;
  const weekCol = (w: number) => 1 + w;
  const sheet: Sheet = newSheet("Forecast", [44, ...Array<number>(FORECAST_WEEKS).fill(14), 16], true);
  const sum = (row: number) => `SUM(${cellRef(row, 1)}:${cellRef(row, FORECAST_WEEKS)})`;

  set(sheet, 0, 0, { value: title, style: "title" });
  sheet.heights.set(0, 24);
  set(sheet, 1, 0, { value: "Your figures from the learning hub, in AUD. Change any white cell: the totals and balances recalculate.", style: "description" });
  sheet.merges.push(`A2:${cellRef(1, totalCol)}`);

  let row = 3;
  const headerRow = row;
  set(sheet, row, 0, { value: "Week", style: "header" });
  for (const w of weekNumbers) set(sheet, row, weekCol(w - 1), { value: `Week ${w}`, style: "header" });
  set(sheet, row, totalCol, { value: "13-week total", style: "header" });
  if (weekStarting(answers.firstWeekStarting, 1)) {
    row++;
    set(sheet, row, 0, { value: "Week starting", style: "label" });
    for (const w of weekNumbers) set(sheet, row, weekCol(w - 1), { value: serialDate(weekStarting(answers.firstWeekStarting, w)!), style: "date" });
  }

  row += 2;
  const openingRow = row;
  set(sheet, row, 0, { value: "OPENING BALANCE", style: "balanceLabel" });

  const section = (heading: string, lines: ForecastAnswers["receipts"], lineTotals: number[], weekly: number[], total: number, totalLabel: string) => {
    row += 2;
    set(sheet, row, 0, { value: heading, style: "section" });
    const first = row + 1;
    lines.forEach((line, i) => {
      row++;
      set(sheet, row, 0, { value: line.label, style: "label" });
      for (let w = 0; w < FORECAST_WEEKS; w++) set(sheet, row, weekCol(w), { value: line.amounts[w] ?? 0, style: "input" });
      set(sheet, row, totalCol, { formula: sum(row), value: toDollars(lineTotals[i]!), style: "calculated" });
    });
    row++;
    set(sheet, row, 0, { value: totalLabel, style: "totalLabel" });
    for (let w = 0; w < FORECAST_WEEKS; w++)
      set(sheet, row, weekCol(w), {
        formula: lines.length ? `SUM(${cellRef(first, weekCol(w))}:${cellRef(row - 1, weekCol(w))})` : "0",
        value: toDollars(weekly[w]!),
        style: "total",
      });
    set(sheet, row, totalCol, { formula: sum(row), value: toDollars(total), style: "total" });
    return row;
  };
  const receiptsRow = section("RECEIPTS", answers.receipts, result.receiptLineTotals, result.receiptsByWeek, result.totals.receipts, "Total receipts");
  const paymentsRow = section("PAYMENTS", answers.payments, result.paymentLineTotals, result.paymentsByWeek, result.totals.payments, "Total payments");

  row += 2;
  set(sheet, row, 0, { value: "NET CASH FLOW (receipts less payments)", style: "totalLabel" });
  for (let w = 0; w < FORECAST_WEEKS; w++)
    set(sheet, row, weekCol(w), {
      formula: `${cellRef(receiptsRow, weekCol(w))}-${cellRef(paymentsRow, weekCol(w))}`,
      value: toDollars(result.netByWeek[w]!),
      style: "total",
    });
  set(sheet, row, totalCol, { formula: sum(row), value: toDollars(result.totals.net), style: "total" });

  row++;
  const closingRow = row;
  set(sheet, row, 0, { value: "CLOSING BALANCE (next week’s opening balance)", style: "balanceLabel" });
  for (let w = 0; w < FORECAST_WEEKS; w++) {
    const col = weekCol(w);
    set(sheet, row, col, {
      formula: `${cellRef(openingRow, col)}+${cellRef(receiptsRow, col)}-${cellRef(paymentsRow, col)}`,
      value: toDollars(result.closingByWeek[w]!),
      style: "balance",
    });
    set(
      sheet,
      openingRow,
      col,
      w === 0
        ? { value: toDollars(result.openingBalance), style: "input" }
        : { formula: cellRef(closingRow, weekCol(w - 1)), value: toDollars(result.openingByWeek[w]!), style: "balance" },
    );
  }

  row++;
  const bufferRow = row;
  set(sheet, row, 0, { value: "Minimum buffer", style: "label" });
  set(sheet, row, 1, { value: toDollars(result.minimumBuffer), style: "input" });
  for (let w = 1; w < FORECAST_WEEKS; w++)
    set(sheet, row, weekCol(w), { formula: cellRef(row, weekCol(w - 1)), value: toDollars(result.minimumBuffer), style: "calculated" });
  row++;
  set(sheet, row, 0, { value: "Above (+) or below (−) buffer", style: "totalLabel" });
  for (let w = 0; w < FORECAST_WEEKS; w++)
    set(sheet, row, weekCol(w), {
      formula: `${cellRef(closingRow, weekCol(w))}-${cellRef(bufferRow, weekCol(w))}`,
      value: toDollars(result.closingByWeek[w]! - result.minimumBuffer),
      style: "total",
    });
  sheet.negativeAlerts.push(`${cellRef(row, 1)}:${cellRef(row, FORECAST_WEEKS)}`);

  row += 2;
  const closingRange = `${cellRef(closingRow, 1)}:${cellRef(closingRow, FORECAST_WEEKS)}`;
  set(sheet, row, 0, { value: "Lowest closing balance", style: "balanceLabel" });
  set(sheet, row, 1, { formula: `MIN(${closingRange})`, value: toDollars(result.lowest.balance), style: "balance" });
  row++;
  set(sheet, row, 0, { value: "In week", style: "label" });
  set(sheet, row, 1, { formula: `MATCH(MIN(${closingRange}),${closingRange},0)`, value: result.lowest.week, style: "number" });

  row += 2;
  set(sheet, row, 0, { value: "General information, not financial advice. Check your forecast with your accountant or BAS agent.", style: "footnote" });
  sheet.freeze = { rows: headerRow + 1, cols: 1 };
  sheet.printTitles = `'${sheet.name}'!$A:$A,'${sheet.name}'!$${headerRow + 1}:$${headerRow + 1}`;
  return writeWorkbook(
    [sheet],
    { title, subject: "13-week cash-flow forecast", keywords: ["cash flow", "forecast"], author: COMPANY, footer: `${COMPANY} · clarityai.com.au` },
    date,
  );
}

export function pricingCsv(answers: PricingAnswers): string {
  const result = calculatePricing(answers);
  return csv([
    ["Pricing", answers.item || "One unit"],
    [],
    ["Cost", "Amount (AUD, ex GST)"],
    ...answers.costs.map((cost) => [cost.label, plainCents(Math.round(cost.amount * 100))]),
    ["Total cost", plainCents(result.costCents)],
    [],
    ["Target gross margin (%)", answers.targetMarginPercent.toFixed(2)],
    ["Price ex GST", plainCents(result.priceExGstCents)],
    [answers.gstRegistered ? `GST (${GST_RATE_PERCENT}%)` : "GST (not registered)", plainCents(result.gstCents)],
    ["Price inc GST", plainCents(result.priceIncGstCents)],
    ["Gross profit per unit", plainCents(result.profitCents)],
    ["Margin on the rounded price (%)", result.marginPercent.toFixed(2)],
    ["Markup on cost (%)", result.markupPercent === null ? "" : result.markupPercent.toFixed(2)],
    [],
    ["Rounding", "Price ex GST and GST each rounded to the nearest cent (half a cent up); the GST-inclusive price is their sum."],
  ]);
}

/** A document over as many A4 pages as it needs. */
export function documentPdf(document: WorksheetDocument): Uint8Array {
  const margin = 56;
  const width = A4.width - margin * 2;
  const pages: PdfPage[] = [];
  let page: PdfPage = { texts: [], rules: [] };
  let y = A4.height - margin;
  const newPage = () => {
    pages.push(page);
    page = { texts: [], rules: [] };
    y = A4.height - margin;
  };
  const line = (text: string, size: number, font: "regular" | "bold", indent = 0, gap = 4) => {
    for (const part of wrapText(text, size, width - indent, font)) {
      if (y - size < margin + 20) newPage();
      y -= size;
      page.texts.push({ x: margin + indent, y, text: part, size, font });
      y -= gap;
    }
  };
  line(COMPANY, 9, "bold");
  y -= 6;
  line(document.title, 18, "bold");
  if (document.subtitle) line(document.subtitle, 11, "regular");
  y -= 4;
  page.rules.push({ x1: margin, y1: y, x2: A4.width - margin, y2: y });
  for (const section of document.sections) {
    y -= 14;
    line(section.heading, 12, "bold", 0, 6);
    if (section.text) for (const paragraph of section.text.split(/\n+/)) line(paragraph, 10.5, "regular");
    section.items?.forEach((item, n) => line(`${section.ordered ? `${n + 1}.` : "•"} ${item}`, 10.5, "regular", 12));
  }
  y -= 16;
  line(FOOTER, 8, "regular");
  pages.push(page);
  return renderPdf(pages, { title: document.title, author: COMPANY });
}

function worksheetDocument(spec: WorksheetSpec, answers: WorksheetAnswers): WorksheetDocument {
  return spec.kind === "template" ? templateDocument(answers as TemplateAnswers, spec) : sopDocument(answers as SopAnswers, spec.title);
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60) || "worksheet";

/** The file of a worksheet in one of its kind's formats, as a private download. */
export function worksheetDownload(spec: WorksheetSpec, answers: WorksheetAnswers, format: WorksheetFormat, date: Date): Response {
  let body: string | Uint8Array;
  if (spec.kind === "cash-flow-forecast")
    body = format === "xlsx" ? forecastXlsx(answers as ForecastAnswers, spec.title, date) : forecastCsv(answers as ForecastAnswers);
  else if (spec.kind === "pricing-calculator") body = pricingCsv(answers as PricingAnswers);
  else {
    const document = worksheetDocument(spec, answers);
    body = format === "pdf" ? documentPdf(document) : documentText(document, FOOTER);
  }
  return new Response(body as BodyInit, {
    headers: {
      "Content-Type": CONTENT_TYPES[format],
      "Content-Disposition": `attachment; filename="${slug(spec.title)}.${format}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
