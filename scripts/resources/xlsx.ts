/**
 * Writes the 13-week cash-flow forecast as an Excel workbook (Office Open XML, zipped with fflate):
 * a worked example and a blank forecast with live formulas (weekly totals, net cash flow, closing
 * balance = opening + receipts − payments carried into the next week), AUD number formats, frozen
 * headings, and an instructions sheet. Formula results are stored too, so previews that don't
 * calculate still show the right figures; Excel recalculates on opening. Zip entries carry a fixed
 * date so the same source gives the same bytes.
 */
import type { CashFlowWorkbookSource } from "../../app/content/resources/types";
import { COLOURS, SITE, textWidth, type Op } from "./layout";
import { cellRef as ref, columnName, newSheet, serialDate, set, writeWorkbook, type Cell, type Sheet } from "../../app/utils/xlsx";

export { columnName };

const WEEKS = 13;

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Rough height of wrapped text in a column `chars` wide (Arial 10), in points. */
function wrappedHeight(text: string, chars: number, size = 10) {
  const lines = text.split("\n").reduce((n, part) => n + Math.max(1, Math.ceil((textWidth(part, "regular", size) * 1.08) / (chars * 5.4))), 0);
  return Math.max(15, lines * (size + 3.2) + 3);
}

/** The example and the blank forecast share this layout; the example fills in the numbers. */
export function forecastSheet(source: CashFlowWorkbookSource, filled: boolean): Sheet {
  const { example } = source;
  const sheet = newSheet(filled ? "Worked example" : "Your forecast", [48, ...Array(WEEKS).fill(15), 16], true);
  const weekCol = (w: number) => 1 + w;
  const totalCol = WEEKS + 1;
  const blankWeeks = Array(WEEKS).fill(0) as number[];

  set(sheet, 0, 0, { value: filled ? `${source.title}: worked example` : source.title, style: "title" });
  sheet.heights.set(0, 24);
  const description = filled
    ? `${example.description} See the Instructions sheet for how to use it.`
    : "Type in the white cells: Week 1’s start date, your opening bank balance, receipts and payments in the week the money moves, and your minimum buffer. Totals and balances calculate for you. All amounts in AUD. See the Instructions sheet and the worked example.";
  set(sheet, 1, 0, { value: description, style: "description" });
  sheet.merges.push(`A2:${ref(1, totalCol)}`);
  sheet.heights.set(1, 30);

  let row = 3;
  set(sheet, row, 0, { value: "Week", style: "header" });
  for (let w = 0; w < WEEKS; w++) set(sheet, row, weekCol(w), { value: `Week ${w + 1}`, style: "header" });
  set(sheet, row, totalCol, { value: "13-week total", style: "header" });
  const headerRow = row;

  row++;
  set(sheet, row, 0, { value: "Week starting (Monday)", style: "label" });
  const firstDate = serialDate(example.firstWeekStarting);
  set(sheet, row, 1, filled ? { value: firstDate, style: "dateInput" } : { style: "dateInput" });
  for (let w = 1; w < WEEKS; w++) {
    const previous = ref(row, weekCol(w - 1));
    set(
      sheet,
      row,
      weekCol(w),
      filled
        ? { formula: `${previous}+7`, value: firstDate + 7 * w, style: "date" }
        : { formula: `IF(${previous}="","",${previous}+7)`, value: "", style: "date" },
    );
  }

  row++;
  set(sheet, row, 0, { value: "What’s happening this week", style: "label" });
  for (let w = 0; w < WEEKS; w++) set(sheet, row, weekCol(w), { value: filled ? example.events[w] || undefined : undefined, style: "event" });
  sheet.heights.set(row, filled ? 106 : 45);

  row += 2;
  const openingRow = row;
  set(sheet, row, 0, { value: "OPENING BALANCE", style: "balanceLabel" });
  // Filled in below, once the closing balance row is known.

  row += 2;
  set(sheet, row, 0, { value: "RECEIPTS", style: "section" });
  const lineRows = (lines: CashFlowWorkbookSource["example"]["receipts"]) => {
    const first = row + 1;
    for (const line of lines) {
      row++;
      const amounts = filled ? line.amounts : blankWeeks;
      set(sheet, row, 0, { value: line.label, style: "label" });
      for (let w = 0; w < WEEKS; w++) set(sheet, row, weekCol(w), { value: filled ? amounts[w] : undefined, style: "input" });
      set(sheet, row, totalCol, { formula: `SUM(${ref(row, 1)}:${ref(row, WEEKS)})`, value: sum(amounts), style: "calculated" });
    }
    return { first, last: row };
  };
  const totalRow = (label: string, range: { first: number; last: number }, lines: { amounts: number[] }[]) => {
    row++;
    set(sheet, row, 0, { value: label, style: "totalLabel" });
    const weekly = Array.from({ length: WEEKS }, (_, w) => (filled ? sum(lines.map((l) => l.amounts[w]!)) : 0));
    for (let w = 0; w < WEEKS; w++)
      set(sheet, row, weekCol(w), { formula: `SUM(${ref(range.first, weekCol(w))}:${ref(range.last, weekCol(w))})`, value: weekly[w], style: "total" });
    set(sheet, row, totalCol, { formula: `SUM(${ref(row, 1)}:${ref(row, WEEKS)})`, value: sum(weekly), style: "total" });
    return { row, weekly };
  };
  const receipts = totalRow("Total receipts", lineRows(example.receipts), example.receipts);

  row += 2;
  set(sheet, row, 0, { value: "PAYMENTS", style: "section" });
  const payments = totalRow("Total payments", lineRows(example.payments), example.payments);

  row += 2;
  set(sheet, row, 0, { value: "NET CASH FLOW (receipts less payments)", style: "totalLabel" });
  const net = receipts.weekly.map((r, w) => r - payments.weekly[w]!);
  for (let w = 0; w < WEEKS; w++)
    set(sheet, row, weekCol(w), { formula: `${ref(receipts.row, weekCol(w))}-${ref(payments.row, weekCol(w))}`, value: net[w], style: "total" });
  set(sheet, row, totalCol, { formula: `SUM(${ref(row, 1)}:${ref(row, WEEKS)})`, value: sum(net), style: "total" });

  row++;
  const closingRow = row;
  set(sheet, row, 0, { value: "CLOSING BALANCE (next week’s opening balance)", style: "balanceLabel" });
  const opening: number[] = [];
  const closing: number[] = [];
  for (let w = 0; w < WEEKS; w++) {
    opening.push(w === 0 ? (filled ? example.openingBalance : 0) : closing[w - 1]!);
    closing.push(opening[w]! + receipts.weekly[w]! - payments.weekly[w]!);
    const col = weekCol(w);
    set(sheet, row, col, { formula: `${ref(openingRow, col)}+${ref(receipts.row, col)}-${ref(payments.row, col)}`, value: closing[w], style: "balance" });
    set(
      sheet,
      openingRow,
      col,
      w === 0
        ? { value: filled ? example.openingBalance : undefined, style: "input" }
        : { formula: ref(closingRow, weekCol(w - 1)), value: opening[w], style: "balance" },
    );
  }

  row++;
  const bufferRow = row;
  set(sheet, row, 0, { value: "Minimum buffer (about 2 weeks of fixed costs)", style: "label" });
  const buffer = filled ? example.minimumBuffer : 0;
  set(sheet, row, 1, { value: filled ? buffer : undefined, style: "input" });
  for (let w = 1; w < WEEKS; w++) set(sheet, row, weekCol(w), { formula: ref(row, weekCol(w - 1)), value: buffer, style: "calculated" });

  row++;
  set(sheet, row, 0, { value: "Above (+) or below (−) buffer", style: "totalLabel" });
  for (let w = 0; w < WEEKS; w++)
    set(sheet, row, weekCol(w), { formula: `${ref(closingRow, weekCol(w))}-${ref(bufferRow, weekCol(w))}`, value: closing[w]! - buffer, style: "total" });
  sheet.negativeAlerts.push(`${ref(row, 1)}:${ref(row, WEEKS)}`);

  row += 2;
  set(sheet, row, 0, { value: source.disclaimer, style: "footnote" });
  sheet.freeze = { rows: headerRow + 1, cols: 1 };
  sheet.printTitles = `'${sheet.name}'!$A:$A,'${sheet.name}'!$${headerRow + 1}:$${headerRow + 1}`;
  return sheet;
}

function instructionsSheet(source: CashFlowWorkbookSource): Sheet {
  const textChars = 110;
  const sheet = newSheet("Instructions", [5, textChars], false);
  let row = 0;
  set(sheet, row, 0, { value: `${source.title}: instructions`, style: "title" });
  sheet.heights.set(row, 24);
  row++;
  set(sheet, row, 0, { value: `${SITE.name}  ·  ${SITE.url}`, style: "footnote" });
  row++;
  const intro =
    "This workbook has two forecast sheets: “Worked example”, filled in for an example business, and “Your forecast”, ready for your own numbers. Both calculate weekly totals, net cash flow and the closing balance, which carries forward as the next week’s opening balance.";
  set(sheet, row, 0, { value: intro, style: "wrap" });
  sheet.merges.push(`A${row + 1}:B${row + 1}`);
  sheet.heights.set(row, wrappedHeight(intro, textChars + 5));
  for (const section of source.instructions) {
    row += 2;
    set(sheet, row, 0, { value: section.heading, style: "heading" });
    sheet.heights.set(row, 20);
    if (section.intro) {
      row++;
      set(sheet, row, 0, { value: section.intro, style: "description" });
      sheet.merges.push(`A${row + 1}:B${row + 1}`);
      sheet.heights.set(row, wrappedHeight(section.intro, textChars + 5));
    }
    section.items.forEach((item, n) => {
      row++;
      set(sheet, row, 0, { value: section.ordered ? `${n + 1}.` : "•", style: "number" });
      set(sheet, row, 1, { value: item, style: "wrap" });
      sheet.heights.set(row, wrappedHeight(item, textChars));
    });
  }
  row += 2;
  set(sheet, row, 0, { value: source.disclaimer, style: "footnote" });
  return sheet;
}

export function workbookSheets(source: CashFlowWorkbookSource) {
  return [forecastSheet(source, true), forecastSheet(source, false), instructionsSheet(source)];
}

export function renderXlsx(source: CashFlowWorkbookSource, date: Date): Uint8Array {
  const info = { title: source.title, subject: source.subject, keywords: source.keywords, author: SITE.name, footer: `${SITE.name} · ${SITE.url}` };
  return writeWorkbook(workbookSheets(source), info, date);
}

/** A picture of the worked example's top-left corner as it looks in a spreadsheet program. */
export function workbookPreviewOps(source: CashFlowWorkbookSource): { ops: Op[]; view: { x: number; y: number; width: number; height: number } } {
  const sheet = forecastSheet(source, true);
  const ops: Op[] = [];
  const view = { x: 0, y: 0, width: 640, height: 400 };
  const rowHead = 26;
  const colHead = 20;
  const widths = [230, 92, 92, 92, 92, 92];
  const rowHeight = 19;
  const xs = widths.map((_, i) => rowHead + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const format = (value: number) => `${value < 0 ? "-" : ""}$${Math.abs(value).toLocaleString("en-AU")}`;
  const styleOf = (cell: Cell | undefined): { font: "regular" | "semibold" | "bold"; colour: string; fill?: string } => {
    switch (cell?.style) {
      case "header":
        return { font: "bold", colour: COLOURS.white, fill: COLOURS.navy };
      case "title":
        return { font: "bold", colour: COLOURS.navy };
      case "section":
        return { font: "bold", colour: COLOURS.teal };
      case "balanceLabel":
      case "balance":
        return { font: "bold", colour: COLOURS.ink, fill: "#e6f4f3" };
      case "total":
      case "totalLabel":
      case "calculated":
        return { font: cell.style === "calculated" ? "regular" : "bold", colour: COLOURS.ink, fill: COLOURS.mist };
      case "date":
      case "dateInput":
        return { font: "semibold", colour: COLOURS.ink, fill: COLOURS.mist };
      default:
        return { font: "regular", colour: cell?.style === "description" || cell?.style === "footnote" ? COLOURS.muted : COLOURS.ink };
    }
  };
  // Spreadsheet chrome: column letters and row numbers.
  ops.push({ kind: "rect", x: 0, y: 0, w: view.width, h: view.height, fill: COLOURS.white });
  ops.push({ kind: "rect", x: 0, y: 0, w: view.width, h: colHead, fill: "#e9edf2" });
  ops.push({ kind: "rect", x: 0, y: 0, w: rowHead, h: view.height, fill: "#e9edf2" });
  widths.forEach((w, i) => ops.push({ kind: "text", x: xs[i]! + w / 2 - 3.5, y: 14, text: columnName(i), font: "regular", size: 9, colour: COLOURS.muted }));
  const rows = [0, 1, 3, 4, 7, 9, 10, 11, 12, 14, 15, 16, 17, 18, 19, 20, 21];
  rows.forEach((r, n) => {
    const top = colHead + n * rowHeight;
    ops.push({ kind: "text", x: 6, y: top + 13, text: String(r + 1), font: "regular", size: 8, colour: COLOURS.muted });
    widths.forEach((w, c) => {
      const cell = sheet.cells.get(r)?.get(c);
      const style = styleOf(cell);
      if (style.fill) ops.push({ kind: "rect", x: xs[c]!, y: top, w, h: rowHeight, fill: style.fill });
      let text =
        typeof cell?.value === "number"
          ? cell.style.startsWith("date")
            ? new Date(Date.UTC(1899, 11, 30) + cell.value * 86_400_000).toLocaleDateString("en-AU", { day: "numeric", month: "short", timeZone: "UTC" })
            : format(cell.value)
          : (cell?.value ?? "");
      const size = cell?.style === "title" ? 13 : 9;
      const limit = r <= 1 ? view.width - xs[c]! - 8 : w - 10;
      while (text && textWidth(text, style.font, size) > limit) text = `${text.slice(0, -2)}…`;
      if (text) {
        const numeric = typeof cell?.value === "number" && !cell.style.startsWith("date");
        const x = numeric
          ? xs[c]! + w - 6 - textWidth(text, style.font, size)
          : cell?.style === "header" || cell?.style?.startsWith("date")
            ? xs[c]! + (w - textWidth(text, style.font, size)) / 2
            : xs[c]! + 5;
        ops.push({ kind: "text", x, y: top + 13.5, text, font: style.font, size, colour: style.colour });
      }
    });
    ops.push({ kind: "line", x1: rowHead, y1: top + rowHeight, x2: view.width, y2: top + rowHeight, colour: "#dde3ea", lineWidth: 0.7 });
  });
  xs.forEach((x) => ops.push({ kind: "line", x1: x, y1: 0, x2: x, y2: view.height, colour: "#dde3ea", lineWidth: 0.7 }));
  return { ops, view };
}
