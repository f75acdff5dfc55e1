// Small real photos (5 × 3 pixels, made with sharp) and the metadata a phone writes into them: an
// Exif block with a GPS position and the camera, XMP, IPTC, a comment; PNG text and time chunks; a
// WebP with EXIF and XMP chunks. Shared by the unit and workerd tests of photo metadata stripping.

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const ascii = (text: string) => new TextEncoder().encode(text);

export const PLAIN_JPEG = fromBase64(
  "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAADAAUDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAH/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAgX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCgCiv/2Q==",
);
export const PLAIN_PNG = fromBase64(
  "iVBORw0KGgoAAAANSUhEUgAAAAUAAAADCAIAAADUVFKvAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVR4nGMwXlWOjBgI8AHaYxPtsvAS5wAAAABJRU5ErkJggg==",
);
/** A WebP with a VP8X header, an EXIF chunk (camera "PhoneCo Pocket 12") and an XMP chunk. */
export const WEBP_WITH_METADATA = fromBase64(
  "UklGRqYBAABXRUJQVlA4WAoAAAAMAAAABAAAAgAAVlA4ICIAAABwAQCdASoFAAMAAsBMJaACdAGgAACOPD/8Wh/bz/g1tKAARVhJRuQAAABFeGlmAABJSSoACAAAAAgADwECAAgAAACIAAAAEAECAAoAAAB+AAAAEgEDAAEAAAABAAAAGgEFAAEAAABuAAAAGwEFAAEAAAB2AAAAKAEDAAEAAAACAAAAEwIDAAEAAAABAAAAaYcEAAEAAACQAAAAAAAAADhjAADoAwAAOGMAAOgDAABQb2NrZXQgMTIAUGhvbmVDbwAGAACQBwAEAAAAMDIxMAGRBwAEAAAAAQIDAACgBwAEAAAAMDEwMAGgAwABAAAA//8AAAKgBAABAAAABQAAAAOgBAABAAAAAwAAAAAAAABYTVAgcgAAADx4OnhtcG1ldGEgeG1sbnM6eD0iYWRvYmU6bnM6bWV0YS8iPjxyZGY6UkRGIHhtbG5zOnJkZj0iaHR0cDovL3d3dy53My5vcmcvMTk5OS8wMi8yMi1yZGYtc3ludGF4LW5zIyIvPjwveDp4bXBtZXRhPg==",
);

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function jpegSegment(marker: number, payload: Uint8Array): Uint8Array {
  const length = payload.length + 2;
  return concat(Uint8Array.of(0xff, marker, length >> 8, length & 0xff), payload);
}

/**
 * An Exif block (big-endian TIFF) as a phone writes it: IFD0 with the camera's make and a pointer to
 * the GPS IFD, which holds latitude reference "S" and the latitude 33° 52′ 4″ (Sydney).
 */
export function exifWithGps(): Uint8Array {
  const out = new Uint8Array(6 + 8 + 2 + 2 * 12 + 4 + 2 + 2 * 12 + 4 + 24 + 8);
  const view = new DataView(out.buffer);
  out.set(ascii("Exif\0\0"));
  const tiff = 6;
  out.set(ascii("MM"), tiff);
  view.setUint16(tiff + 2, 42);
  view.setUint32(tiff + 4, 8);
  const ifd0 = tiff + 8;
  const gpsIfd = ifd0 + 2 + 2 * 12 + 4;
  const rationals = gpsIfd + 2 + 2 * 12 + 4;
  const make = rationals + 24;
  view.setUint16(ifd0, 2);
  // Make (0x010F, ASCII, 8 bytes at `make`) and GPSInfo (0x8825, LONG, the GPS IFD's offset).
  view.setUint16(ifd0 + 2, 0x010f);
  view.setUint16(ifd0 + 4, 2);
  view.setUint32(ifd0 + 6, 8);
  view.setUint32(ifd0 + 10, make - tiff);
  view.setUint16(ifd0 + 14, 0x8825);
  view.setUint16(ifd0 + 16, 4);
  view.setUint32(ifd0 + 18, 1);
  view.setUint32(ifd0 + 22, gpsIfd - tiff);
  view.setUint16(gpsIfd, 2);
  // GPSLatitudeRef "S" and GPSLatitude (three RATIONALs).
  view.setUint16(gpsIfd + 2, 0x0001);
  view.setUint16(gpsIfd + 4, 2);
  view.setUint32(gpsIfd + 6, 2);
  out.set(ascii("S\0"), gpsIfd + 10);
  view.setUint16(gpsIfd + 14, 0x0002);
  view.setUint16(gpsIfd + 16, 5);
  view.setUint32(gpsIfd + 18, 3);
  view.setUint32(gpsIfd + 22, rationals - tiff);
  [33, 1, 52, 1, 4, 1].forEach((value, i) => view.setUint32(rationals + i * 4, value));
  out.set(ascii("PhoneCo\0"), make);
  return out;
}

export const JPEG_APP0 = jpegSegment(0xe0, concat(ascii("JFIF\0"), Uint8Array.of(1, 1, 0, 0, 1, 0, 1, 0, 0)));
export const JPEG_ICC = jpegSegment(0xe2, concat(ascii("ICC_PROFILE\0"), Uint8Array.of(1, 1), ascii("colour-profile")));
export const JPEG_APP14 = jpegSegment(0xee, concat(ascii("Adobe"), Uint8Array.of(0, 100, 0, 0, 0, 0, 1)));

/** A phone JPEG: JFIF, Exif with GPS, XMP, an ICC profile, IPTC, an Adobe segment and a comment, then the picture. */
export function jpegWithMetadata(): Uint8Array<ArrayBuffer> {
  return concat(
    PLAIN_JPEG.subarray(0, 2),
    JPEG_APP0,
    jpegSegment(0xe1, exifWithGps()),
    jpegSegment(0xe1, concat(ascii("http://ns.adobe.com/xap/1.0/\0"), ascii("<x:xmpmeta><exif:GPSLatitude>33,52.07S</exif:GPSLatitude></x:xmpmeta>"))),
    JPEG_ICC,
    jpegSegment(0xed, concat(ascii("Photoshop 3.0\0"), ascii("8BIM"), Uint8Array.of(4, 4, 0, 0, 0, 0, 0, 0))),
    JPEG_APP14,
    jpegSegment(0xfe, ascii("Taken at 1 Smith St, Parramatta")),
    PLAIN_JPEG.subarray(2),
  );
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const body = concat(ascii(type), data);
  let crc = 0xffffffff;
  for (const byte of body) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  const out = new Uint8Array(body.length + 8);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(body, 4);
  view.setUint32(body.length + 4, (crc ^ 0xffffffff) >>> 0);
  return out;
}

/** PLAIN_PNG with eXIf (GPS), tEXt, zTXt, iTXt and tIME chunks before its image data. */
export function pngWithMetadata(): Uint8Array<ArrayBuffer> {
  const beforeIdat = 8 + 25 + 21; // signature, IHDR, pHYs
  return concat(
    PLAIN_PNG.subarray(0, beforeIdat),
    pngChunk("eXIf", exifWithGps().subarray(6)),
    pngChunk("tEXt", ascii("Author\0Harper Quinn")),
    pngChunk("zTXt", concat(ascii("Comment\0"), Uint8Array.of(0), Uint8Array.of(0x78, 0x9c, 0x03, 0, 0, 0, 0, 1))),
    pngChunk("iTXt", ascii("Location\0\0\0\0\0Parramatta")),
    pngChunk("tIME", Uint8Array.of(0x07, 0xea, 11, 28, 4, 17, 0)),
    PLAIN_PNG.subarray(beforeIdat),
  );
}

/** Whether `haystack` contains the bytes of `needle` (an ASCII string). */
export function containsAscii(haystack: Uint8Array, needle: string): boolean {
  const bytes = ascii(needle);
  outer: for (let at = 0; at + bytes.length <= haystack.length; at++) {
    for (let i = 0; i < bytes.length; i++) if (haystack[at + i] !== bytes[i]) continue outer;
    return true;
  }
  return false;
}
