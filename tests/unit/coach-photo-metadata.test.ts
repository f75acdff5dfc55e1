import { expect, test } from "vitest";
import { photoDimensions, stripPhotoMetadata } from "~/coach-network/photo-metadata";
import { sniffPhotoType } from "~/coach-network/profile";
import {
  containsAscii,
  JPEG_APP0,
  JPEG_APP14,
  JPEG_ICC,
  jpegWithMetadata,
  PLAIN_JPEG,
  PLAIN_PNG,
  pngWithMetadata,
  WEBP_WITH_METADATA,
} from "../factories/photos";

// Coach photos lose their metadata before they are stored (app/coach-network/photo-metadata.ts):
// what stays is a valid image of the same type and size.

const contains = (haystack: Uint8Array, needle: Uint8Array) => {
  outer: for (let at = 0; at + needle.length <= haystack.length; at++) {
    for (let i = 0; i < needle.length; i++) if (haystack[at + i] !== needle[i]) continue outer;
    return true;
  }
  return false;
};

test("a JPEG loses Exif (GPS, camera), XMP, IPTC and its comment, and keeps JFIF, the ICC profile, APP14 and the picture", () => {
  const original = jpegWithMetadata();
  expect(containsAscii(original, "Exif")).toBe(true);
  const stripped = stripPhotoMetadata(original, "image/jpeg")!;
  for (const gone of ["Exif", "PhoneCo", "GPSLatitude", "http://ns.adobe.com/xap", "Photoshop 3.0", "8BIM", "Parramatta"]) {
    expect(containsAscii(stripped, gone), gone).toBe(false);
  }
  for (const kept of [JPEG_APP0, JPEG_ICC, JPEG_APP14, PLAIN_JPEG.subarray(2)]) expect(contains(stripped, kept)).toBe(true);
  // Exactly the plain picture with the three kept segments, in their order.
  expect(stripped.length).toBe(PLAIN_JPEG.length + JPEG_APP0.length + JPEG_ICC.length + JPEG_APP14.length);
  expect(sniffPhotoType(stripped)).toBe("image/jpeg");
  expect(photoDimensions(stripped, "image/jpeg")).toEqual({ width: 5, height: 3 });
  // A clean JPEG comes back byte for byte.
  expect(stripPhotoMetadata(PLAIN_JPEG, "image/jpeg")).toEqual(PLAIN_JPEG);
});

test("a PNG loses eXIf, tEXt, zTXt, iTXt and tIME, and keeps its other chunks with their CRCs", () => {
  const original = pngWithMetadata();
  expect(containsAscii(original, "eXIf")).toBe(true);
  const stripped = stripPhotoMetadata(original, "image/png")!;
  for (const gone of ["eXIf", "tEXt", "zTXt", "iTXt", "tIME", "Harper Quinn", "Parramatta", "PhoneCo"]) {
    expect(containsAscii(stripped, gone), gone).toBe(false);
  }
  // IHDR, pHYs, IDAT and IEND are unchanged, CRCs included: the file is the plain PNG again.
  expect(stripped).toEqual(PLAIN_PNG);
  expect(sniffPhotoType(stripped)).toBe("image/png");
  expect(photoDimensions(stripped, "image/png")).toEqual({ width: 5, height: 3 });
});

test("a WebP loses its EXIF and XMP chunks and their VP8X flags, with the RIFF size fixed", () => {
  const original = WEBP_WITH_METADATA;
  expect(containsAscii(original, "PhoneCo")).toBe(true);
  const stripped = stripPhotoMetadata(original, "image/webp")!;
  for (const gone of ["EXIF", "XMP ", "PhoneCo", "Pocket 12", "xmpmeta"]) expect(containsAscii(stripped, gone), gone).toBe(false);
  const view = new DataView(stripped.buffer, stripped.byteOffset, stripped.byteLength);
  expect(view.getUint32(4, true)).toBe(stripped.length - 8);
  // VP8X first, its EXIF (0x08) and XMP (0x04) flags cleared, the picture's VP8 chunk kept.
  expect(String.fromCharCode(...stripped.subarray(12, 16))).toBe("VP8X");
  expect(original[20]! & 0x0c).toBe(0x0c);
  expect(stripped[20]! & 0x0c).toBe(0);
  expect(containsAscii(stripped, "VP8 ")).toBe(true);
  expect(sniffPhotoType(stripped)).toBe("image/webp");
  expect(photoDimensions(stripped, "image/webp")).toEqual({ width: 5, height: 3 });
});

test("a file whose structure can't be followed is refused, not stored as it came", () => {
  expect(stripPhotoMetadata(jpegWithMetadata().subarray(0, 40), "image/jpeg")).toBeNull();
  expect(stripPhotoMetadata(Uint8Array.of(0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff), "image/jpeg")).toBeNull();
  expect(stripPhotoMetadata(PLAIN_PNG.subarray(0, PLAIN_PNG.length - 12), "image/png")).toBeNull();
  expect(stripPhotoMetadata(new TextEncoder().encode("RIFF\u0024\u0000\u0000\u0000WEBPVP8 "), "image/webp")).toBeNull();
  expect(stripPhotoMetadata(WEBP_WITH_METADATA.subarray(0, 40), "image/webp")).toBeNull();
});
