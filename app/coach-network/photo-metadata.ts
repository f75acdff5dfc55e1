import type { PhotoType } from "./profile";

// A coach's photo is public: what a phone writes into it besides the picture (GPS location, camera,
// date taken, captions, editing history) is removed before it is stored. Pure byte surgery on the
// file's container — the picture's data is copied as it is, so nothing is re-encoded.
//   JPEG: drops APP1 (Exif, XMP), APP13 (IPTC/Photoshop), the other application segments with
//         metadata (APP3–APP13, APP15) and comments (COM); keeps APP0 (JFIF), APP2 (ICC colour
//         profile), APP14 (Adobe colour transform) and everything the decoder needs.
//   PNG:  drops eXIf, tEXt, zTXt, iTXt and tIME chunks; the kept chunks are copied with their CRCs.
//   WebP: drops the EXIF and XMP chunks, clears their flags in VP8X and fixes the RIFF size.
// A file whose structure can't be followed gives null: it is refused rather than stored unchecked.

/** The photo without its metadata, the same type; null when the file isn't well formed. */
export function stripPhotoMetadata(bytes: Uint8Array, type: PhotoType): Uint8Array | null {
  switch (type) {
    case "image/jpeg":
      return stripJpeg(bytes);
    case "image/png":
      return stripPng(bytes);
    case "image/webp":
      return stripWebp(bytes);
  }
}

const JPEG_KEPT_APP = new Set([0xe0, 0xe2, 0xee]);

function stripJpeg(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    // Fill bytes (FF FF …) before a marker.
    let markerAt = at;
    while (bytes[markerAt + 1] === 0xff) markerAt++;
    const marker = bytes[markerAt + 1];
    if (marker === undefined) return null;
    if (marker === 0xd9) {
      parts.push(bytes.subarray(markerAt, markerAt + 2));
      return concat(parts);
    }
    // Markers without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      parts.push(bytes.subarray(markerAt, markerAt + 2));
      at = markerAt + 2;
      continue;
    }
    if (markerAt + 4 > bytes.length) return null;
    const length = (bytes[markerAt + 2]! << 8) | bytes[markerAt + 3]!;
    const end = markerAt + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    // Start of scan: the compressed picture follows; the rest of the file is copied as it is.
    if (marker === 0xda) {
      parts.push(bytes.subarray(markerAt));
      return concat(parts);
    }
    const isApp = marker >= 0xe0 && marker <= 0xef;
    const dropped = (isApp && !JPEG_KEPT_APP.has(marker)) || marker === 0xfe;
    if (!dropped) parts.push(bytes.subarray(markerAt, end));
    at = end;
  }
  return null;
}

const PNG_SIGNATURE_LENGTH = 8;
const PNG_DROPPED = new Set(["eXIf", "tEXt", "zTXt", "iTXt", "tIME"]);

function stripPng(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < PNG_SIGNATURE_LENGTH) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Uint8Array[] = [bytes.subarray(0, PNG_SIGNATURE_LENGTH)];
  let at = PNG_SIGNATURE_LENGTH;
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > bytes.length) return null;
    const type = fourCc(bytes, at + 4);
    if (!PNG_DROPPED.has(type)) parts.push(bytes.subarray(at, end));
    at = end;
    if (type === "IEND") return concat(parts);
  }
  return null;
}

/** VP8X flags: the EXIF (E) and XMP (X) bits. */
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function stripWebp(bytes: Uint8Array): Uint8Array | null {
  if (bytes.length < 12 || fourCc(bytes, 0) !== "RIFF" || fourCc(bytes, 8) !== "WEBP") return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const riffEnd = 8 + view.getUint32(4, true);
  if (riffEnd > bytes.length) return null;
  const parts: Uint8Array[] = [];
  let at = 12;
  while (at < riffEnd) {
    if (at + 8 > riffEnd) return null;
    const id = fourCc(bytes, at);
    const size = view.getUint32(at + 4, true);
    const end = at + 8 + size + (size % 2);
    if (at + 8 + size > riffEnd) return null;
    const chunk = bytes.subarray(at, Math.min(end, riffEnd));
    if (id === "VP8X") {
      if (size < 10) return null;
      const copy = chunk.slice();
      copy[8] = copy[8]! & ~(VP8X_EXIF | VP8X_XMP);
      parts.push(copy);
    } else if (id !== "EXIF" && id !== "XMP ") {
      parts.push(chunk);
    }
    at = end;
  }
  const body = concat(parts);
  const out = new Uint8Array(12 + body.length);
  out.set(bytes.subarray(0, 12));
  new DataView(out.buffer).setUint32(4, 4 + body.length, true);
  out.set(body, 12);
  return out;
}

/** A photo's width and height in pixels, read from its header; null when it can't be read. */
export function photoDimensions(bytes: Uint8Array, type: PhotoType): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === "image/png") {
    if (bytes.length < 24 || fourCc(bytes, 12) !== "IHDR") return null;
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (type === "image/jpeg") {
    let at = 2;
    while (at + 4 <= bytes.length && bytes[at] === 0xff) {
      const marker = bytes[at + 1]!;
      const length = view.getUint16(at + 2);
      // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC).
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        if (at + 9 > bytes.length) return null;
        return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
      }
      if (marker === 0xda) return null;
      at += 2 + length;
    }
    return null;
  }
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = fourCc(bytes, at);
    const size = view.getUint32(at + 4, true);
    const data = at + 8;
    if (id === "VP8X" && data + 10 <= bytes.length) {
      const read24 = (offset: number) => bytes[offset]! | (bytes[offset + 1]! << 8) | (bytes[offset + 2]! << 16);
      return { width: read24(data + 4) + 1, height: read24(data + 7) + 1 };
    }
    if (id === "VP8 " && data + 10 <= bytes.length) {
      return { width: view.getUint16(data + 6, true) & 0x3fff, height: view.getUint16(data + 8, true) & 0x3fff };
    }
    if (id === "VP8L" && data + 5 <= bytes.length) {
      const bits = view.getUint32(data + 1, true);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    at = data + size + (size % 2);
  }
  return null;
}

function fourCc(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at] ?? 0, bytes[at + 1] ?? 0, bytes[at + 2] ?? 0, bytes[at + 3] ?? 0);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
