import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { strFromU8, unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { RESOURCES } from "~/content/resources";
import { RESOURCE_SOURCES } from "~/content/resources/sources";
import { buildResource, buildResources, type BuiltResource } from "../../scripts/build-resources";

// Builds every resource into a scratch public/ folder, as `npm run build` does, and reads the files
// back the way a PDF reader or spreadsheet program would.

let root: string;
let built: BuiltResource[];
const fileOf = (path: string) => readFileSync(join(root, "public", path));

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "clarityai-resources-"));
  built = await buildResources(root);
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

// ---- A small PDF reader: objects, Info strings, and text through each font's ToUnicode map. ----

type PdfObject = { dict: string; stream?: Buffer };

function pdfObjects(pdf: Buffer) {
  const text = pdf.toString("latin1");
  const objects = new Map<number, PdfObject>();
  for (const match of text.matchAll(/(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) {
    const [dict, rawStream] = match[2]!.split(/\nstream\n/);
    let stream: Buffer | undefined;
    if (rawStream !== undefined) {
      const bytes = Buffer.from(rawStream.replace(/\nendstream$/, ""), "latin1");
      stream = /\/Filter \/FlateDecode/.test(dict!) ? inflateSync(bytes) : bytes;
    }
    objects.set(Number(match[1]), { dict: dict!, stream });
  }
  return { text, objects };
}

function pdfInfo(pdf: Buffer) {
  const { text, objects } = pdfObjects(pdf);
  const info = objects.get(Number(text.match(/trailer\n<<[\s\S]*?\/Info (\d+) 0 R/)![1]))!.dict;
  const value = (key: string) => {
    const ref = info.match(new RegExp(`/${key} (\\d+) 0 R`))?.[1];
    const raw = ref ? objects.get(Number(ref))!.dict : "";
    return raw.replace(/^\(|\)$/g, "").replace(/\\([()\\])/g, "$1");
  };
  return { title: value("Title"), author: value("Author"), subject: value("Subject") };
}

function unicodeMap(cmap: string) {
  const map = new Map<number, string>();
  const hex = (h: string) => String.fromCodePoint(...(h.match(/.{4}/g) ?? []).map((u) => parseInt(u, 16)));
  for (const [, start, , list] of cmap.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
    [...list!.matchAll(/<([0-9a-f]+)>/gi)].forEach((m, i) => map.set(parseInt(start!, 16) + i, hex(m[1]!)));
  }
  for (const [, code, unicode] of cmap.matchAll(/^<([0-9a-f]{4})> ?<([0-9a-f]+)>$/gim)) map.set(parseInt(code!, 16), hex(unicode!));
  return map;
}

/** The text of each page, decoded through the fonts' ToUnicode maps. */
function pdfPageTexts(pdf: Buffer) {
  const { objects } = pdfObjects(pdf);
  const fontMaps = new Map<string, Map<number, string>>();
  const pages = [...objects.values()].filter((o) => /\/Type \/Page\n/.test(o.dict));
  for (const page of pages) {
    const resources = objects.get(Number(page.dict.match(/\/Resources (\d+) 0 R/)![1]))!.dict;
    for (const [, name, ref] of resources.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = objects.get(Number(ref))!.dict;
      const toUnicode = font.match(/\/ToUnicode (\d+) 0 R/)?.[1];
      if (toUnicode) fontMaps.set(name!, unicodeMap(objects.get(Number(toUnicode))!.stream!.toString("latin1")));
    }
  }
  return pages.map((page) => {
    const content = objects.get(Number(page.dict.match(/\/Contents (\d+) 0 R/)![1]))!.stream!.toString("latin1");
    let map = new Map<number, string>();
    const runs: string[] = [];
    for (const [, font, array] of content.matchAll(/\/(F\d+) [\d.]+ Tf|\[((?:<[0-9a-f]*> ?-?[\d.]* ?)+)\] TJ/g)) {
      if (font) map = fontMaps.get(font) ?? new Map();
      else
        runs.push(
          [...array!.matchAll(/<([0-9a-f]*)>/g)]
            .flatMap((m) => m[1]!.match(/.{4}/g) ?? [])
            .map((code) => map.get(parseInt(code, 16)) ?? "\uFFFD")
            .join(""),
        );
    }
    return runs.join(" ").replace(/\s+/g, " ");
  });
}

// ---- A small formula evaluator for the workbook: references, + and -, and SUM over a range. ----

type Sheet = Map<string, { formula?: string; value: number | string }>;

function parseSheet(xml: string): Sheet {
  const cells: Sheet = new Map();
  for (const [, ref, attrs, inner] of xml.matchAll(/<c r="([A-Z]+\d+)"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    const formula = inner?.match(/<f>([^<]*)<\/f>/)?.[1]?.replaceAll("&quot;", '"');
    const v = inner?.match(/<v>([^<]*)<\/v>/)?.[1];
    const text = inner?.match(/<t[^>]*>([^<]*)<\/t>/)?.[1];
    cells.set(ref!, { formula, value: v !== undefined && !/t="str"/.test(attrs!) ? Number(v) : (text ?? v ?? "") });
  }
  return cells;
}

const colIndex = (col: string) => [...col].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);
const colName = (index: number): string => (index > 26 ? colName(Math.floor((index - 1) / 26)) : "") + String.fromCharCode(65 + ((index - 1) % 26));

function evaluate(sheet: Sheet, formula: string): number {
  const valueOf = (ref: string): number => {
    const cell = sheet.get(ref);
    if (!cell) return 0;
    return cell.formula ? evaluate(sheet, cell.formula) : Number(cell.value || 0);
  };
  return formula.split(/(?=[+-])/).reduce((total, term) => {
    const sign = term.startsWith("-") ? -1 : 1;
    const body = term.replace(/^[+-]/, "");
    const range = body.match(/^SUM\(([A-Z]+)(\d+):([A-Z]+)(\d+)\)$/);
    let value: number;
    if (range) {
      value = 0;
      for (let c = colIndex(range[1]!); c <= colIndex(range[3]!); c++)
        for (let r = Number(range[2]); r <= Number(range[4]); r++) value += valueOf(`${colName(c)}${r}`);
    } else if (/^[A-Z]+\d+$/.test(body)) value = valueOf(body);
    else if (/^\d+(\.\d+)?$/.test(body)) value = Number(body);
    else throw new Error(`Formula outside what this evaluator reads: ${formula}`);
    return total + sign * value;
  }, 0);
}

function workbook(bytes: Buffer) {
  const files = unzipSync(new Uint8Array(bytes));
  const text = (name: string) => strFromU8(files[name]!);
  const names = [...text("xl/workbook.xml").matchAll(/<sheet name="([^"]+)"/g)].map((m) => m[1]!);
  return { files, text, names, sheet: (i: number) => parseSheet(text(`xl/worksheets/sheet${i + 1}.xml`)) };
}

// ------------------------------------------------------------------------------------------------

test("every resource has a source, a PDF or .xlsx file, a preview and a manifest entry", () => {
  expect(RESOURCES.length).toBeGreaterThanOrEqual(4);
  for (const resource of RESOURCES) {
    expect(RESOURCE_SOURCES[resource.slug], resource.slug).toBeDefined();
    expect(resource.file).toMatch(/^\/downloads\/[a-z0-9-]+\.(pdf|xlsx)$/);
    expect(resource.format).toBe(resource.file.endsWith(".pdf") ? "PDF" : "Excel spreadsheet (.xlsx)");
    expect(resource.previewAlt.length).toBeGreaterThan(30);
  }
  expect(built.map((b) => b.slug)).toEqual(RESOURCES.map((r) => r.slug));
  const manifest = JSON.parse(readFileSync(join(root, "app/content/resources/built/manifest.json"), "utf8")) as BuiltResource[];
  for (const entry of manifest) expect(entry.bytes).toBe(fileOf(entry.file).byteLength);
});

test("building twice gives byte-identical files and previews", async () => {
  for (const resource of RESOURCES) {
    const again = await buildResource(resource);
    expect(Buffer.from(again.file).equals(fileOf(resource.file)), resource.file).toBe(true);
    expect(again.preview.equals(fileOf(`/images/resources/${resource.slug}.webp`)), resource.slug).toBe(true);
  }
}, 60_000);

describe("PDFs", () => {
  const pdfs = () => RESOURCES.filter((r) => r.file.endsWith(".pdf"));

  test("are tagged A4 PDFs in en-AU with title, author and subject", () => {
    expect(pdfs().length).toBeGreaterThanOrEqual(3);
    for (const resource of pdfs()) {
      const pdf = fileOf(resource.file);
      const { text } = pdfObjects(pdf);
      expect(pdf.subarray(0, 8).toString("latin1"), resource.file).toBe("%PDF-1.7");
      expect(text.trimEnd().endsWith("%%EOF"), resource.file).toBe(true);
      const source = RESOURCE_SOURCES[resource.slug]!;
      expect(pdfInfo(pdf), resource.file).toEqual({ title: source.title, author: "ClarityAI Coaching", subject: source.subject });
      const { objects } = pdfObjects(pdf);
      // Checked as booleans so a failure names the missing marker rather than printing the whole file.
      const has = (pattern: string | RegExp) => (typeof pattern === "string" ? text.includes(pattern) : pattern.test(text));
      expect(has("/Lang (en-AU)"), `${resource.file}: language`).toBe(true);
      expect(has(/\/StructTreeRoot \d+ 0 R/), `${resource.file}: structure tree`).toBe(true);
      expect(objects.get(Number(text.match(/\/MarkInfo (\d+) 0 R/)?.[1]))?.dict, `${resource.file}: marked`).toContain("/Marked true");
      expect(has("/DisplayDocTitle true"), `${resource.file}: shows its title`).toBe(true);
      expect(has("<pdfuaid:part>1</pdfuaid:part>"), `${resource.file}: PDF/UA identification`).toBe(true);
      expect(has(/\/MediaBox \[0 0 595.28 841.89\]/), `${resource.file}: A4`).toBe(true);
      // The font is embedded (a subset), so every character of the copy shows as written.
      expect(has(/\/BaseFont \/[A-Z]{6}\+Inter-Regular/), `${resource.file}: font`).toBe(true);
      expect(has(/\/FontFile2 \d+ 0 R/), `${resource.file}: embedded font file`).toBe(true);
    }
  });

  test("have numbered pages, the disclaimer on every page and their key content as real text", () => {
    const phrases: Record<string, string[]> = {
      "discovery-call-preparation-checklist": [
        "Before the call: the practical bits",
        "Questions to ask us",
        "virtual coaching starts from $150 an hour including GST",
        "1300 252 748",
      ],
      "eofy-checklist-small-business": [
        "Payroll ready for 1 July 2026 (payday super)",
        "Taxable Payments Annual Report (TPAR)",
        "April–June 2026 super guarantee is due by 28 July 2026",
        "employees’ income statements are “tax ready”",
      ],
      "90-day-action-plan-template": [
        "Choose your priorities (no more than three)",
        "Weekly scorecard",
        "Wk 13",
        "recurring revenue from $0 to $12,000 a month (10 × $1,200 average)",
      ],
    };
    for (const resource of pdfs()) {
      const pages = pdfPageTexts(fileOf(resource.file));
      expect(pages.length, resource.file).toBeGreaterThanOrEqual(2);
      pages.forEach((page, i) => {
        expect(page, `${resource.file} page ${i + 1}`).toContain(`Page ${i + 1} of ${pages.length}`);
        expect(page).toContain("General information only, not financial advice.");
        expect(page).not.toContain("\uFFFD");
      });
      expect(pages[0]).toContain(RESOURCE_SOURCES[resource.slug]!.title);
      const all = pages.join(" ");
      for (const phrase of phrases[resource.slug] ?? []) expect(all, resource.file).toContain(phrase);
    }
  });

  test("every checklist item of a source is in its PDF with a tick box", () => {
    const resource = RESOURCES.find((r) => r.slug === "eofy-checklist-small-business")!;
    const source = RESOURCE_SOURCES[resource.slug]!;
    if (source.kind !== "pdf") throw new Error("expected a PDF source");
    const all = pdfPageTexts(fileOf(resource.file)).join(" ");
    const items = source.blocks.flatMap((b) => (b.type === "checklist" ? b.items : []));
    expect(items.length).toBeGreaterThan(40);
    for (const item of items) {
      const text = (typeof item === "string" ? item : item.text).replaceAll("**", "");
      // The start of each item: long items wrap over several lines.
      expect(all).toContain(text.split(" ").slice(0, 5).join(" "));
    }
    // Tick boxes are drawn as rounded squares in the Lbl of each list item.
    const { text } = pdfObjects(fileOf(resource.file));
    expect(text.match(/\/S \/Lbl/g)?.length ?? 0).toBeGreaterThanOrEqual(items.length);
  });
});

describe("the cash-flow forecast workbook", () => {
  const resource = () => RESOURCES.find((r) => r.file.endsWith(".xlsx"))!;

  test("is a valid .xlsx with the worked example, a blank forecast and instructions", () => {
    const bytes = fileOf(resource().file);
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("PK\x03\x04");
    const book = workbook(bytes);
    expect(book.names).toEqual(["Worked example", "Your forecast", "Instructions"]);
    expect(book.text("[Content_Types].xml")).toContain("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml");
    const core = book.text("docProps/core.xml");
    expect(core).toContain("<dc:title>13-week cash-flow forecast</dc:title>");
    expect(core).toContain("<dc:language>en-AU</dc:language>");
    expect(core).toContain(`<dcterms:modified xsi:type="dcterms:W3CDTF">${resource().updatedAt.replace(".000Z", "Z")}</dcterms:modified>`);
    // Every XML part is well formed enough to have one root element closed at the end.
    for (const name of Object.keys(book.files).filter((n) => n.endsWith(".xml") || n.endsWith(".rels")))
      expect(book.text(name).trimEnd(), name).toMatch(/<\/[A-Za-z:]+>$/);
    const styles = book.text("xl/styles.xml");
    expect(styles).toContain('formatCode="&quot;$&quot;#,##0;[Red]\\-&quot;$&quot;#,##0;&quot;$&quot;0"');
    const example = book.text("xl/worksheets/sheet1.xml");
    expect(example).toContain('<pane xSplit="1" ySplit="4" topLeftCell="B5" activePane="bottomRight" state="frozen"/>');
    expect(example).toMatch(/<col min="1" max="1" width="48" customWidth="1"\/>/);
    expect(example).toContain('<conditionalFormatting sqref="B35:N35">');
    expect(book.text("xl/workbook.xml")).toContain('fullCalcOnLoad="1"');
    const instructions = book.sheet(2);
    const texts = [...instructions.values()].map((c) => String(c.value)).join(" ");
    expect(texts).toContain("Payday super from 1 July 2026");
    expect(texts).toContain("closing balance = opening balance + total receipts − total payments");
  });

  test("calculates the closing balance with live formulas that reproduce the worked example", () => {
    const book = workbook(fileOf(resource().file));
    const example = book.sheet(0);
    expect(example.get("A33")!.value).toBe("CLOSING BALANCE (next week’s opening balance)");
    expect(example.get("B33")!.formula).toBe("B8+B13-B30");
    expect(example.get("C8")!.formula).toBe("B33");
    expect(example.get("O13")!.formula).toBe("SUM(B13:N13)");
    expect(example.get("B30")!.formula).toBe("SUM(B16:B29)");
    // Every stored result is what its formula gives.
    for (const [ref, cell] of example) if (cell.formula) expect(evaluate(example, cell.formula), `${ref}: ${cell.formula}`).toBe(cell.value);
    const closing = Array.from({ length: 13 }, (_, w) => example.get(`${colName(w + 2)}33`)!.value);
    expect(closing).toEqual([51280, 71090, 66540, 22612, 24152, 36192, 24962, 42130, 32610, 52140, 48760, 54600, 42865]);
    expect(example.get("O32")!.value).toBe(-11135);
    expect(example.get("E35")!.value).toBe(-7388);
    // Week 1 starts Monday 6 April 2026 (a date serial); the other weeks follow by formula.
    expect(example.get("B5")!.value).toBe(46118);
    expect(example.get("C5")!.formula).toBe("B5+7");

    const blank = book.sheet(1);
    expect(blank.get("B33")!.formula).toBe("B8+B13-B30");
    expect(blank.get("N33")!.formula).toBe("N8+N13-N30");
    expect(blank.get("B16")!.value).toBe("");
    expect(blank.get("C5")!.formula).toBe('IF(B5="","",B5+7)');
  });
});

test("previews are WebP images of the stated size", async () => {
  for (const entry of built) {
    const meta = await sharp(fileOf(entry.preview.src)).metadata();
    expect(meta.format, entry.slug).toBe("webp");
    expect([meta.width, meta.height]).toEqual([entry.preview.width * 2, entry.preview.height * 2]);
    expect(entry.preview.width / entry.preview.height).toBeCloseTo(1.6);
  }
});
