/**
 * A small Excel workbook writer (Office Open XML, zipped with fflate) shared by the downloadable
 * resources built at deploy time (scripts/resources/xlsx.ts) and the workbooks the site writes on
 * request (the learning hub's worksheets): cells with values, live formulas and their stored results,
 * a fixed set of styles (AUD number formats, dates, headings, input and calculated cells), column
 * widths, merges, frozen panes, negative-value alerts and print titles. Formula results are stored
 * too, so previews that don't calculate still show the right figures; Excel recalculates on opening.
 * Zip entries carry the given date so the same input gives the same bytes. Runs in a Worker.
 */
import { strToU8, zipSync } from "fflate";

/** The document's properties: title, subject and keywords, its author (the company) and the page footer. */
export type WorkbookInfo = { title: string; subject: string; keywords: string[]; author: string; footer: string };

export type StyleKey = keyof typeof STYLE_IDS;
export type CellValue = string | number;
export type Cell = { value?: CellValue; formula?: string; style: StyleKey };

export type Sheet = {
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
export const STYLE_IDS = {
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

export function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
export const cellRef = (row: number, col: number) => `${columnName(col)}${row + 1}`;

export const escapeXml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

export function newSheet(name: string, widths: number[], landscape: boolean): Sheet {
  return { name, cells: new Map(), widths, heights: new Map(), merges: [], negativeAlerts: [], landscape };
}

export function set(sheet: Sheet, row: number, col: number, cell: Cell) {
  if (!sheet.cells.has(row)) sheet.cells.set(row, new Map());
  sheet.cells.get(row)!.set(col, cell);
}

/** Days since 30 December 1899: how spreadsheets store dates. */
export function serialDate(iso: string) {
  return Math.round((Date.parse(`${iso}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000);
}

function cellXml(row: number, col: number, cell: Cell) {
  const attrs = `r="${cellRef(row, col)}" s="${STYLE_IDS[cell.style]}"`;
  if (cell.formula !== undefined) {
    const f = `<f>${escapeXml(cell.formula)}</f>`;
    if (typeof cell.value === "number") return `<c ${attrs}>${f}<v>${cell.value}</v></c>`;
    return `<c ${attrs} t="str">${f}<v>${escapeXml(cell.value ?? "")}</v></c>`;
  }
  if (typeof cell.value === "number") return `<c ${attrs}><v>${cell.value}</v></c>`;
  if (typeof cell.value === "string") return `<c ${attrs} t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell.value)}</t></is></c>`;
  return `<c ${attrs}/>`;
}

function sheetXml(sheet: Sheet, selected: boolean, footer: string) {
  const rows = [...sheet.cells.keys()].sort((a, b) => a - b);
  const pane = sheet.freeze
    ? `<pane xSplit="${sheet.freeze.cols}" ySplit="${sheet.freeze.rows}" topLeftCell="${cellRef(sheet.freeze.rows, sheet.freeze.cols)}" activePane="bottomRight" state="frozen"/><selection pane="bottomRight" activeCell="${cellRef(sheet.freeze.rows, sheet.freeze.cols)}" sqref="${cellRef(sheet.freeze.rows, sheet.freeze.cols)}"/>`
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
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheetPr><pageSetUpPr fitToPage="1"/></sheetPr><sheetViews><sheetView ${selected ? 'tabSelected="1" ' : ""}zoomScaleNormal="100" workbookViewId="0">${pane}</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>${body}</sheetData>${merges}${alerts}<pageMargins left="0.5" right="0.5" top="0.6" bottom="0.6" header="0.3" footer="0.3"/><pageSetup paperSize="9" orientation="${sheet.landscape ? "landscape" : "portrait"}" fitToWidth="1" fitToHeight="0"/><headerFooter><oddFooter>&amp;L${escapeXml(footer)}&amp;RPage &amp;P of &amp;N</oddFooter></headerFooter></worksheet>`;
}

/** A Date whose local-time fields are `date`'s UTC fields: zip stores local time, so the bytes don't depend on the time zone. */
function zipDate(date: Date) {
  return new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
}

export function writeWorkbook(sheets: Sheet[], book: WorkbookInfo, date: Date): Uint8Array {
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
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>${escapeXml(book.title)}</dc:title><dc:subject>${escapeXml(book.subject)}</dc:subject><dc:creator>${escapeXml(book.author)}</dc:creator><cp:keywords>${escapeXml(book.keywords.join(", "))}</cp:keywords><dc:language>en-AU</dc:language><cp:lastModifiedBy>${escapeXml(book.author)}</cp:lastModifiedBy><dcterms:created xsi:type="dcterms:W3CDTF">${iso}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${iso}</dcterms:modified></cp:coreProperties>`,
    "docProps/app.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>${escapeXml(book.author)}</Application><Company>${escapeXml(book.author)}</Company></Properties>`,
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
  sheets.forEach((sheet, i) => (files[`xl/worksheets/sheet${i + 1}.xml`] = sheetXml(sheet, i === 0, book.footer)));
  const mtime = zipDate(date);
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, xml]) => [name, [strToU8(xml), { level: 9, mtime }]])));
}
