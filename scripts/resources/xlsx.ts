/**
 * Writes the 13-week cash-flow forecast as an Excel workbook (Office Open XML, zipped with fflate):
 * a worked example and a blank forecast with live formulas (weekly totals, net cash flow, closing
 * balance = opening + receipts − payments carried into the next week), AUD number formats, frozen
 * headings, and an instructions sheet. Formula results are stored too, so previews that don't
 * calculate still show the right figures; Excel recalculates on opening. Zip entries carry a fixed
 * date so the same source gives the same bytes.
 */
import { zipSync, strToU8 } from "fflate";
import type { CashFlowWorkbookSource } from "../../app/content/resources/types";
import { COLOURS, SITE, textWidth, type Op } from "./layout";

type StyleKey = keyof typeof STYLE_IDS;
type CellValue = string | number;
type Cell = { value?: CellValue; formula?: string; style: StyleKey };

type Sheet = {
  name: string;
  cells: Map<number, Map<number, Cell>>;
  widths: number[];
  heights: Map<number, number>;
  merges: string[];
  freeze?: { rows: number; cols: number };
  /** Ranges shaded when below zero. */
  negativeAlerts: string[];
  landscape: boolean;
  printTitles?: string;
};

// Index of each cell format in styles.xml (cellXfs), in order.
const STYLE_IDS = {
  default: 0,
  title: 1,
  description: 2,
  header: 3,
  date: 4,
  event: 5,
  section: 6,
  label: 7,
  input: 8,
  calculated: 9,
  totalLabel: 10,
  total: 11,
  balanceLabel: 12,
  balance: 13,
  wrap: 14,
  heading: 15,
  number: 16,
  footnote: 17,
  dateInput: 18,
};

const STYLES_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
<numFmts count="2"><numFmt numFmtId="164" formatCode="&quot;$&quot;#,##0;[Red]\\-&quot;$&quot;#,##0;&quot;$&quot;0"/><numFmt numFmtId="165" formatCode="d mmm yyyy"/></numFmts>
<fonts count="8">
<font><sz val="10"/><color rgb="FF1C2430"/><name val="Arial"/><family val="2"/></font>
<font><b/><sz val="16"/><color rgb="FF0F2942"/><name val="Arial"/><family val="2"/></font>
<font><sz val="10"/><color rgb="FF4A5565"/><name val="Arial"/><family val="2"/></font>
<font><b/><sz val="10"/><color rgb="FFFFFFFF"/><name val="Arial"/><family val="2"/></font>
<font><b/><sz val="10"/><color rgb="FF0B6E6D"/><name val="Arial"/><family val="2"/></font>
<font><b/><sz val="10"/><color rgb="FF1C2430"/><name val="Arial"/><family val="2"/></font>
<font><b/><sz val="12"/><color rgb="FF0F2942"/><name val="Arial"/><family val="2"/></font>
<font><sz val="9"/><color rgb="FF4A5565"/><name val="Arial"/><family val="2"/></font>
</fonts>
<fills count="6">
<fill><patternFill patternType="none"/></fill>
<fill><patternFill patternType="gray125"/></fill>
<fill><patternFill patternType="solid"><fgColor rgb="FF0F2942"/><bgColor indexed="64"/></patternFill></fill>
<fill><patternFill patternType="solid"><fgColor rgb="FFF4F7FA"/><bgColor indexed="64"/></patternFill></fill>
<fill><patternFill patternType="solid"><fgColor rgb="FFE6F4F3"/><bgColor indexed="64"/></patternFill></fill>
<fill><patternFill patternType="solid"><fgColor rgb="FFFFFFFF"/><bgColor indexed="64"/></patternFill></fill>
</fills>
<borders count="3">
<border><left/><right/><top/><bottom/><diagonal/></border>
<border><left style="thin"><color rgb="FFC9D1DB"/></left><right style="thin"><color rgb="FFC9D1DB"/></right><top style="thin"><color rgb="FFC9D1DB"/></top><bottom style="thin"><color rgb="FFC9D1DB"/></bottom><diagonal/></border>
<border><left style="thin"><color rgb="FFC9D1DB"/></left><right style="thin"><color rgb="FFC9D1DB"/></right><top style="medium"><color rgb="FF0F2942"/></top><bottom style="thin"><color rgb="FFC9D1DB"/></bottom><diagonal/></border>
</borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="19">
<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>
<xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1" applyAlignment="1"><alignment wrapText="1" vertical="top"/></xf>
<xf numFmtId="0" fontId="3" fillId="2" borderId="1" xfId="0" applyFont="1" applyFill="1" applyBorder="1" applyAlignment="1"><alignment horizontal="center" vertical="center"/></xf>
<xf numFmtId="165" fontId="5" fillId="3" borderId="1" xfId="0" applyNumberFormat="1" applyFont="1" applyFill="1" applyBorder="1" applyAlignment="1"><alignment horizontal="center"/></xf>
<xf numFmtId="0" fontId="7" fillId="5" borderId="1" xfId="0" applyFont="1" applyFill="1" applyBorder="1" applyAlignment="1" applyProtection="1"><alignment wrapText="1" vertical="top"/><protection locked="0"/></xf>
<xf numFmtId="0" fontId="4" fillId="0" borderId="0" xfId="0" applyFont="1"/>
<xf numFmtId="0" fontId="0" fillId="0" borderId="1" xfId="0" applyBorder="1" applyAlignment="1"><alignment vertical="top"/></xf>
<xf numFmtId="164" fontId="0" fillId="5" borderId="1" xfId="0" applyNumberFormat="1" applyFill="1" applyBorder="1" applyProtection="1"><protection locked="0"/></xf>
<xf numFmtId="164" fontId="0" fillId="3" borderId="1" xfId="0" applyNumberFormat="1" applyFill="1" applyBorder="1"/>
<xf numFmtId="0" fontId="5" fillId="3" borderId="2" xfId="0" applyFont="1" applyFill="1" applyBorder="1"/>
<xf numFmtId="164" fontId="5" fillId="3" borderId="2" xfId="0" applyNumberFormat="1" applyFont="1" applyFill="1" applyBorder="1"/>
<xf numFmtId="0" fontId="5" fillId="4" borderId="1" xfId="0" applyFont="1" applyFill="1" applyBorder="1"/>
<xf numFmtId="164" fontId="5" fillId="4" borderId="1" xfId="0" applyNumberFormat="1" applyFont="1" applyFill="1" applyBorder="1"/>
<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyAlignment="1"><alignment wrapText="1" vertical="top"/></xf>
<xf numFmtId="0" fontId="6" fillId="0" borderId="0" xfId="0" applyFont="1"/>
<xf numFmtId="0" fontId="4" fillId="0" borderId="0" xfId="0" applyFont="1" applyAlignment="1"><alignment horizontal="right" vertical="top"/></xf>
<xf numFmtId="0" fontId="7" fillId="0" borderId="0" xfId="0" applyFont="1"/>
<xf numFmtId="165" fontId="5" fillId="5" borderId="1" xfId="0" applyNumberFormat="1" applyFont="1" applyFill="1" applyBorder="1" applyAlignment="1" applyProtection="1"><alignment horizontal="center"/><protection locked="0"/></xf>
</cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>
<dxfs count="1"><dxf><font><b/><color rgb="FFB42318"/></font><fill><patternFill patternType="solid"><fgColor rgb="FFFDE8E6"/><bgColor rgb="FFFDE8E6"/></patternFill></fill></dxf></dxfs>
</styleSheet>`;

const WEEKS = 13;

export function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
const ref = (row: number, col: number) => `${columnName(col)}${row + 1}`;

const escapeXml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

function newSheet(name: string, widths: number[], landscape: boolean): Sheet {
  return { name, cells: new Map(), widths, heights: new Map(), merges: [], negativeAlerts: [], landscape };
}

function set(sheet: Sheet, row: number, col: number, cell: Cell) {
  if (!sheet.cells.has(row)) sheet.cells.set(row, new Map());
  sheet.cells.get(row)!.set(col, cell);
}

/** Days since 30 December 1899: how spreadsheets store dates. */
function serialDate(iso: string) {
  return Math.round((Date.parse(`${iso}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000);
}

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

function cellXml(row: number, col: number, cell: Cell) {
  const attrs = `r="${ref(row, col)}" s="${STYLE_IDS[cell.style]}"`;
  if (cell.formula !== undefined) {
    const f = `<f>${escapeXml(cell.formula)}</f>`;
    if (typeof cell.value === "number") return `<c ${attrs}>${f}<v>${cell.value}</v></c>`;
    return `<c ${attrs} t="str">${f}<v>${escapeXml(cell.value ?? "")}</v></c>`;
  }
  if (typeof cell.value === "number") return `<c ${attrs}><v>${cell.value}</v></c>`;
  if (typeof cell.value === "string") return `<c ${attrs} t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell.value)}</t></is></c>`;
  return `<c ${attrs}/>`;
}

function sheetXml(sheet: Sheet, selected: boolean) {
  const rows = [...sheet.cells.keys()].sort((a, b) => a - b);
  const pane = sheet.freeze
    ? `<pane xSplit="${sheet.freeze.cols}" ySplit="${sheet.freeze.rows}" topLeftCell="${ref(sheet.freeze.rows, sheet.freeze.cols)}" activePane="bottomRight" state="frozen"/><selection pane="bottomRight" activeCell="${ref(sheet.freeze.rows, sheet.freeze.cols)}" sqref="${ref(sheet.freeze.rows, sheet.freeze.cols)}"/>`
    : `<selection activeCell="A1" sqref="A1"/>`;
  const body = rows
    .map((r) => {
      const cells = [...sheet.cells.get(r)!.entries()].sort(([a], [b]) => a - b);
      const height = sheet.heights.get(r);
      return `<row r="${r + 1}"${height ? ` ht="${Math.round(height * 4) / 4}" customHeight="1"` : ""}>${cells.map(([c, cell]) => cellXml(r, c, cell)).join("")}</row>`;
    })
    .join("");
  const cols = sheet.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join("");
  const merges = sheet.merges.length
    ? `<mergeCells count="${sheet.merges.length}">${sheet.merges.map((m) => `<mergeCell ref="${m}"/>`).join("")}</mergeCells>`
    : "";
  const alerts = sheet.negativeAlerts
    .map(
      (range, i) =>
        `<conditionalFormatting sqref="${range}"><cfRule type="cellIs" dxfId="0" priority="${i + 1}" operator="lessThan"><formula>0</formula></cfRule></conditionalFormatting>`,
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheetPr><pageSetUpPr fitToPage="1"/></sheetPr><sheetViews><sheetView ${selected ? 'tabSelected="1" ' : ""}zoomScaleNormal="100" workbookViewId="0">${pane}</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>${body}</sheetData>${merges}${alerts}<pageMargins left="0.5" right="0.5" top="0.6" bottom="0.6" header="0.3" footer="0.3"/><pageSetup paperSize="9" orientation="${sheet.landscape ? "landscape" : "portrait"}" fitToWidth="1" fitToHeight="0"/><headerFooter><oddFooter>&amp;L${escapeXml(SITE.name)} · ${escapeXml(SITE.url)}&amp;RPage &amp;P of &amp;N</oddFooter></headerFooter></worksheet>`;
}

/** A Date whose local-time fields are `date`'s UTC fields: zip stores local time, so the bytes don't depend on the time zone. */
function zipDate(date: Date) {
  return new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
}

export function workbookSheets(source: CashFlowWorkbookSource) {
  return [forecastSheet(source, true), forecastSheet(source, false), instructionsSheet(source)];
}

export function renderXlsx(source: CashFlowWorkbookSource, date: Date): Uint8Array {
  const sheets = workbookSheets(source);
  const iso = date.toISOString().replace(/\.\d{3}Z$/, "Z");
  const definedNames = sheets
    .map((sheet, i) => (sheet.printTitles ? `<definedName name="_xlnm.Print_Titles" localSheetId="${i}">${escapeXml(sheet.printTitles)}</definedName>` : ""))
    .join("");
  const files: Record<string, string> = {
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets
      .map(
        (_, i) =>
          `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
      )
      .join(
        "",
      )}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>`,
    "_rels/.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/></Relationships>`,
    "docProps/core.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>${escapeXml(source.title)}</dc:title><dc:subject>${escapeXml(source.subject)}</dc:subject><dc:creator>${escapeXml(SITE.name)}</dc:creator><cp:keywords>${escapeXml(source.keywords.join(", "))}</cp:keywords><dc:language>en-AU</dc:language><cp:lastModifiedBy>${escapeXml(SITE.name)}</cp:lastModifiedBy><dcterms:created xsi:type="dcterms:W3CDTF">${iso}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${iso}</dcterms:modified></cp:coreProperties>`,
    "docProps/app.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>${escapeXml(SITE.name)}</Application><Company>${escapeXml(SITE.name)}</Company></Properties>`,
    "xl/workbook.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><bookViews><workbookView activeTab="0"/></bookViews><sheets>${sheets
      .map((sheet, i) => `<sheet name="${escapeXml(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
      .join("")}</sheets>${definedNames ? `<definedNames>${definedNames}</definedNames>` : ""}<calcPr calcId="191029" fullCalcOnLoad="1"/></workbook>`,
    "xl/_rels/workbook.xml.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
      .map(
        (_, i) =>
          `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
      )
      .join(
        "",
      )}<Relationship Id="rId${sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    "xl/styles.xml": STYLES_XML,
  };
  sheets.forEach((sheet, i) => (files[`xl/worksheets/sheet${i + 1}.xml`] = sheetXml(sheet, i === 0)));
  const mtime = zipDate(date);
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, xml]) => [name, [strToU8(xml), { level: 9, mtime }]])));
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
