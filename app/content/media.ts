import { sniffPhotoType, type PhotoType } from "~/coach-network/profile";
import { IMAGE_WIDTHS } from "./images";

// Uploaded images and files (media_assets, the UPLOADS bucket): what may be uploaded, recognised from
// the bytes and never from the file's name or the type the browser claims (both are the sender's to
// choose), and the public addresses they are served at. Safe for the browser bundle.

/** Largest image: a full-size photo from a phone or camera fits. */
export const MEDIA_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Largest file (a resource's PDF, Word or Excel document). */
export const MEDIA_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** Beyond this many pixels an image is refused: decoding it would use too much memory (a "decompression bomb"). */
export const MEDIA_MAX_PIXELS = 50_000_000;
export const MEDIA_ALT_MAX = 250;

export const MEDIA_FILE_TYPES = {
  "application/pdf": { ext: "pdf", label: "PDF" },
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": { ext: "docx", label: "Word document (.docx)" },
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { ext: "xlsx", label: "Excel spreadsheet (.xlsx)" },
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": { ext: "pptx", label: "PowerPoint presentation (.pptx)" },
  "text/csv": { ext: "csv", label: "CSV spreadsheet" },
  "text/plain": { ext: "txt", label: "Text file" },
} as const;
export type MediaFileType = keyof typeof MEDIA_FILE_TYPES;

export const MEDIA_IMAGE_TYPES = {
  "image/jpeg": { ext: "jpg", label: "JPEG image" },
  "image/png": { ext: "png", label: "PNG image" },
  "image/webp": { ext: "webp", label: "WebP image" },
} as const satisfies Record<PhotoType, { ext: string; label: string }>;
export type MediaImageType = PhotoType;

export type MediaType = MediaImageType | MediaFileType;

/** What the upload form's file input offers (a hint for the browser's picker; the server decides). */
export const MEDIA_ACCEPT = ".jpg,.jpeg,.png,.webp,.pdf,.docx,.xlsx,.pptx,.csv,.txt";
export const MEDIA_ACCEPT_LABEL = "JPEG, PNG or WebP images up to 10 MB; PDF, Word, Excel, PowerPoint, CSV or text files up to 20 MB";

/** Each extension a name may carry for a type; a name with another known extension is refused as misleading. */
const EXTENSIONS: Record<MediaType, readonly string[]> = {
  "image/jpeg": ["jpg", "jpeg", "jpe", "jfif"],
  "image/png": ["png"],
  "image/webp": ["webp"],
  "application/pdf": ["pdf"],
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ["docx"],
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": ["xlsx"],
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": ["pptx"],
  "text/csv": ["csv"],
  "text/plain": ["txt", "text", "md"],
};

/** Extensions this check knows a type for (anything else — "exe", "html", "svg" — names a type we don't accept). */
const RISKY_EXTENSIONS = [
  "html",
  "htm",
  "svg",
  "svgz",
  "xhtml",
  "xml",
  "js",
  "mjs",
  "exe",
  "gif",
  "avif",
  "heic",
  "bmp",
  "tif",
  "tiff",
  "zip",
  "doc",
  "xls",
  "ppt",
  "rtf",
];

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OOXML_PARTS: [string, MediaFileType][] = [
  ["word/document.xml", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  ["xl/workbook.xml", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
  ["ppt/presentation.xml", "application/vnd.openxmlformats-officedocument.presentationml.presentation"],
];

function startsWith(bytes: Uint8Array, magic: readonly number[], offset = 0): boolean {
  return magic.every((byte, i) => bytes[offset + i] === byte);
}

function contains(bytes: Uint8Array, needle: Uint8Array): boolean {
  const first = needle[0];
  outer: for (let i = bytes.indexOf(first!); i !== -1 && i <= bytes.length - needle.length; i = bytes.indexOf(first!, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** Plain text: valid UTF-8 with no NUL or other binary control bytes. */
function isText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  for (const byte of bytes.subarray(0, 64 * 1024)) {
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b) || byte === 0x7f) return false;
  }
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The file's extension, lower case, without the dot ("" when it has none). */
export function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name.trim());
  return match ? match[1]!.toLowerCase() : "";
}

/**
 * What the bytes are, or null when they are none of the accepted types. Images by their signature;
 * PDF by its header; Word, Excel and PowerPoint by the part every such ZIP holds; text by being valid
 * UTF-8 without binary bytes — a CSV is text whose name ends in .csv (the bytes can't tell CSV from text,
 * and text is served as an attachment either way).
 */
export function sniffMediaType(bytes: Uint8Array, name: string): MediaType | null {
  const image = sniffPhotoType(bytes);
  if (image) return image;
  const head = bytes.subarray(0, 1024);
  if (contains(head, new TextEncoder().encode("%PDF-"))) return "application/pdf";
  if (startsWith(bytes, ZIP_MAGIC)) {
    for (const [part, type] of OOXML_PARTS) if (contains(bytes, new TextEncoder().encode(part))) return type;
    return null;
  }
  if (isText(bytes)) return extensionOf(name) === "csv" ? "text/csv" : "text/plain";
  return null;
}

export function isImageType(type: string): type is MediaImageType {
  return Object.hasOwn(MEDIA_IMAGE_TYPES, type);
}

export function mediaTypeLabel(type: string): string {
  return (MEDIA_IMAGE_TYPES as Record<string, { label: string }>)[type]?.label ?? (MEDIA_FILE_TYPES as Record<string, { label: string }>)[type]?.label ?? type;
}

export function mediaExtension(type: MediaType): string {
  return isImageType(type) ? MEDIA_IMAGE_TYPES[type].ext : MEDIA_FILE_TYPES[type].ext;
}

/**
 * Whether the file's name or the browser's claimed type says something other than what the bytes
 * are: a PDF named "photo.jpg", or an image sent as "text/html". Such a file is refused, so a name
 * never misleads whoever downloads it. Unknown and generic claims (no extension, octet-stream) pass.
 */
export function misleadingClaim(type: MediaType, name: string, claimedType: string): string | null {
  const ext = extensionOf(name);
  if (ext && !EXTENSIONS[type].includes(ext)) {
    const knownElsewhere = RISKY_EXTENSIONS.includes(ext) || Object.values(EXTENSIONS).some((list) => list.includes(ext));
    if (knownElsewhere) return `The file is named “.${ext}” but its contents are a ${mediaTypeLabel(type)}.`;
  }
  const claimed = claimedType.split(";")[0]!.trim().toLowerCase();
  if (claimed && claimed !== "application/octet-stream" && claimed !== type) {
    // Browsers differ on a few names for the same thing.
    const aliases: Record<string, string[]> = {
      "image/jpeg": ["image/jpg", "image/pjpeg"],
      "text/csv": ["application/vnd.ms-excel", "text/plain", "application/csv"],
      "text/plain": ["text/markdown", "text/x-markdown"],
    };
    if (!aliases[type]?.includes(claimed)) return `The browser sent the file as “${claimed}” but its contents are a ${mediaTypeLabel(type)}.`;
  }
  return null;
}

/** The widths an image gets, as SPEC §9 lists them, none wider than the original (a narrow original gets its own width). */
export function variantWidths(originalWidth: number): number[] {
  const widths = IMAGE_WIDTHS.filter((width) => width <= originalWidth);
  return widths.length ? [...widths] : [originalWidth];
}

/** The formats of an image's variants: WebP, and a fallback of the original's family (PNG keeps transparency). */
export function variantFormats(type: MediaImageType): ("webp" | "jpeg" | "png")[] {
  return ["webp", type === "image/png" ? "png" : "jpeg"];
}

export const VARIANT_EXT = { webp: "webp", jpeg: "jpg", png: "png" } as const;

/** The public address of one variant of an image. */
export function mediaVariantUrl(id: string, width: number, format: string): string {
  return `/media/${id}/${width}.${VARIANT_EXT[format as keyof typeof VARIANT_EXT] ?? format}`;
}

/** The public address of an asset's original (a file's download keeps a safe form of its name). */
export function mediaOriginalUrl(id: string, type: string, originalName: string): string {
  const ext = isImageType(type) ? MEDIA_IMAGE_TYPES[type].ext : ((MEDIA_FILE_TYPES as Record<string, { ext: string }>)[type]?.ext ?? "bin");
  return `/media/${id}/${safeFileName(originalName, ext)}`;
}

/** A name safe in a URL and a Content-Disposition header: letters, digits, dot, dash, underscore; the right extension. */
export function safeFileName(name: string, ext: string): string {
  const base =
    name
      .replace(/\.[A-Za-z0-9]{1,10}$/, "")
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9._-]+/g, "-")
      .replace(/^[-.]+|[-.]+$/g, "")
      .slice(0, 80) || "file";
  return `${base}.${ext}`;
}

/** "84 kB", "1.2 MB": sizes as people read them (decimal units, as the resources page shows them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** An asset as the media picker lists it. */
export type MediaPickerItem = {
  id: string;
  /** What a content field stores: "media:<id>". */
  ref: string;
  kind: "image" | "file";
  name: string;
  alt: string;
  /** A small size of an image (null for a file). */
  thumbnail: string | null;
  url: string;
  width: number | null;
  height: number | null;
  description: string;
};
