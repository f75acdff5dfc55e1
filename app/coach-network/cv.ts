import { CV_MAX_BYTES, CV_MAX_LABEL } from "./applications";

// An applicant's CV: a PDF or a Word document, recognised from its bytes, never from its name or
// the type the browser claims (either is the sender's to choose).

export const CV_TYPES = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
} as const;
export type CvKind = keyof typeof CV_TYPES;

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]; // PK\3\4
// A Word document is a ZIP whose entries include word/document.xml; entry names are stored as
// plain bytes in the archive's headers, compressed or not.
const DOCX_ENTRY = new TextEncoder().encode("word/document.xml");

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((byte, i) => bytes[i] === byte);
}

function contains(bytes: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let i = 0; i <= bytes.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** What the bytes are: a PDF, a Word (.docx) document, or neither (null). */
export function sniffCv(bytes: Uint8Array): CvKind | null {
  // A PDF may have a few bytes of junk before its header (the spec allows up to 1024).
  const head = bytes.subarray(0, 1024);
  for (let i = 0; i <= head.length - PDF_MAGIC.length; i++) if (startsWith(head.subarray(i), PDF_MAGIC)) return "pdf";
  if (startsWith(bytes, ZIP_MAGIC) && contains(bytes, DOCX_ENTRY)) return "docx";
  return null;
}

export type CvCheck = { ok: true; kind: CvKind; bytes: Uint8Array; name: string } | { ok: false; message: string } | { ok: true; kind: null };

/** The CV field of a submitted form: none chosen, a PDF/DOCX within the limit, or why it is refused. */
export async function checkCv(value: FormDataEntryValue | null): Promise<CvCheck> {
  if (value === null || typeof value === "string" || (value.size === 0 && !value.name)) return { ok: true, kind: null };
  if (value.size === 0) return { ok: false, message: "That file is empty. Choose your CV as a PDF or Word (.docx) file." };
  if (value.size > CV_MAX_BYTES) return { ok: false, message: `That file is larger than ${CV_MAX_LABEL}. Save a smaller PDF or Word file and try again.` };
  const bytes = new Uint8Array(await value.arrayBuffer());
  const kind = sniffCv(bytes);
  if (!kind) return { ok: false, message: "That file isn't a PDF or Word (.docx) document. Choose your CV in one of those formats." };
  const name =
    value.name
      .replace(/[\\/]/g, "_")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f"]/g, "")
      .slice(-120) || `cv.${kind}`;
  return { ok: true, kind, bytes, name };
}
