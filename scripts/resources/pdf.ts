/**
 * Writes a laid-out document as a tagged A4 PDF with pdfkit: Inter embedded (subset), selectable
 * text, document title and language (en-AU), a structure tree (headings, lists, tables) with the
 * page furniture marked as artifacts, and fixed dates so the same source gives the same bytes.
 */
import PDFDocument from "pdfkit";
import type { PdfResourceSource } from "../../app/content/resources/types";
import { PAGE, SITE, fontPath, layoutDocument, type FontKey, type Op, type StructNode } from "./layout";

const FONTS: FontKey[] = ["regular", "semibold", "bold"];

function draw(doc: PDFKit.PDFDocument, ops: Op[]) {
  for (const op of ops) {
    switch (op.kind) {
      case "text":
        doc.font(op.font).fontSize(op.size).fillColor(op.colour).text(op.text, op.x, op.y, { lineBreak: false, baseline: "alphabetic" });
        break;
      case "rect": {
        if (op.radius) doc.roundedRect(op.x, op.y, op.w, op.h, op.radius);
        else doc.rect(op.x, op.y, op.w, op.h);
        if (op.fill && op.stroke) doc.lineWidth(op.lineWidth ?? 1).fillAndStroke(op.fill, op.stroke);
        else if (op.fill) doc.fill(op.fill);
        else doc.lineWidth(op.lineWidth ?? 1).stroke(op.stroke ?? "#000000");
        break;
      }
      case "line":
        doc.moveTo(op.x1, op.y1).lineTo(op.x2, op.y2).lineWidth(op.lineWidth).stroke(op.colour);
        break;
    }
  }
}

function struct(doc: PDFKit.PDFDocument, node: StructNode): PDFKit.PDFStructureElement {
  const options = node.scope ? ({ scope: node.scope } as PDFKit.Mixins.StructureElementOptions) : {};
  if (node.ops) {
    const ops = node.ops;
    return doc.struct(node.tag, options, () => draw(doc, ops));
  }
  return doc.struct(
    node.tag,
    options,
    (node.children ?? []).map((child) => struct(doc, child)),
  );
}

/** The PDF's bytes. `date` (the resource's last update) stands in for the creation time. */
export async function renderPdf(source: PdfResourceSource, date: Date): Promise<Uint8Array> {
  const pages = layoutDocument(source);
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    autoFirstPage: false,
    pdfVersion: "1.7",
    // pdfkit 0.20 supports the PDF/UA identification; its type definitions list only PDF/A.
    subset: "PDF/UA" as unknown as PDFKit.Mixins.PDFSubsets,
    tagged: true,
    lang: "en-AU",
    displayTitle: true,
    info: {
      Title: source.title,
      Author: SITE.name,
      Subject: source.subject,
      Keywords: source.keywords.join(", "),
      Creator: `${SITE.name} (${SITE.url})`,
      Producer: SITE.name,
      CreationDate: date,
      ModDate: date,
    },
  });
  for (const key of FONTS) doc.registerFont(key, fontPath(key));
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", () => resolve());
    doc.on("error", reject);
  });

  const root = doc.struct("Document");
  doc.addStructure(root);
  for (const page of pages) {
    doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
    doc.markContent("Artifact", { type: "Pagination" });
    draw(doc, page.artifacts);
    doc.endMarkedContent();
    for (const node of page.content) root.add(struct(doc, node));
  }
  root.end();
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
